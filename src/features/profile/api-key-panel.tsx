import '../../ui/card.css';
import './profile.css';
import { useEffect, useId, useState } from 'react';
import { maskSecret } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** The user's API key, hidden until asked for, with a copy button that says when it worked. */
export function ApiKeyPanel({ apiKey }: { apiKey: string }) {
  const [revealed, setRevealed] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const keyId = useId();

  useEffect(() => {
    if (copy === 'idle') return;
    const t = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(t);
  }, [copy]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopy('copied');
    } catch {
      setRevealed(true);
      setCopy('failed');
    }
  };

  return (
    <Card title="API key" className="api-key">
      <p className="card__text">Use this key to connect other apps and scripts to Timekeep. Keep it secret: it acts as you.</p>
      <div className="api-key__value" id={keyId}>
        {revealed ? (
          <code className="api-key__code">{apiKey}</code>
        ) : (
          <>
            <code className="api-key__code api-key__code--masked" aria-hidden="true">
              {maskSecret(apiKey)}
            </code>
            <span className="visually-hidden">Hidden. Ends in {apiKey.slice(-4)}.</span>
          </>
        )}
      </div>
      <div className="api-key__actions">
        <Button size="sm" aria-controls={keyId} onClick={() => setRevealed((r) => !r)}>
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button size="sm" variant="primary" onClick={() => void onCopy()}>
          Copy
        </Button>
        <span className={`api-key__status api-key__status--${copy}`} role="status">
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copy failed: select the key and copy it by hand.' : ''}
        </span>
      </div>
    </Card>
  );
}
