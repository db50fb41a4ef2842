import './error-state.css';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A failure in place of content: what happened, and a way out. It is the page's heading unless `level` says otherwise. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Retry',
  extra,
  level = 1,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  extra?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="error-state" role="alert">
      <span className="error-state__icon" aria-hidden="true">
        !
      </span>
      <Heading className="error-state__title">{title}</Heading>
      <p className="error-state__message">{message}</p>
      <div className="error-state__actions">
        {onRetry && (
          <Button variant="primary" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
        {extra}
      </div>
    </div>
  );
}
