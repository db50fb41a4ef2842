import { useId, useState, type ReactNode } from 'react';
import { maskSecret } from '../lib/format.ts';
import { Button } from './button.tsx';
import { CopyButton } from './copy-button.tsx';
import styles from './secret-value.module.css';

export interface SecretValueProps {
  value: string;
  /** What it is, for the buttons' names and the copy note, e.g. "API key". */
  what: string;
  /** Hidden (all but its last characters) until Reveal; `false` shows it from the start. */
  masked?: boolean;
  /** More buttons after Reveal and Copy. */
  actions?: ReactNode;
}

/** A value to copy into another app (a key, a secret, a URL): shown in a box, with Reveal and Copy. */
export function SecretValue({ value, what, masked = true, actions }: SecretValueProps) {
  const [revealed, setRevealed] = useState(!masked);
  const id = useId();
  return (
    <div className={styles.secret}>
      <div className={styles.value} id={id}>
        {revealed ? (
          <code className={styles.code}>{value}</code>
        ) : (
          <>
            <code className={`${styles.code} ${styles.masked}`} aria-hidden="true">
              {maskSecret(value)}
            </code>
            <span className="visually-hidden">
              {what} hidden. Ends in {value.slice(-4)}.
            </span>
          </>
        )}
      </div>
      <div className={styles.actions}>
        {masked && (
          <Button size="sm" aria-controls={id} aria-label={`${revealed ? 'Hide' : 'Reveal'} ${what}`} onClick={() => setRevealed((r) => !r)}>
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
        )}
        <CopyButton text={value} what={what} onFailed={() => setRevealed(true)} />
        {actions}
      </div>
    </div>
  );
}
