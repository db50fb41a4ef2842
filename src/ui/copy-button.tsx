import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import styles from './secret-value.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text`, and says beside the button whether it worked (and what to do when it did not). */
export function CopyButton({ text, label = 'Copy', what, onFailed }: { text: string; label?: string; what: string; onFailed?: () => void }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      onFailed?.();
      setState('failed');
    }
  };
  return (
    <>
      <Button size="sm" onClick={() => void copy()} aria-label={label === 'Copy' ? `Copy ${what}` : undefined}>
        {label}
      </Button>
      <span className={`${styles.status} ${state === 'copied' ? styles.copied : state === 'failed' ? styles.failed : ''}`} role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? `Copy failed: select the ${what} and copy it by hand.` : ''}
      </span>
    </>
  );
}
