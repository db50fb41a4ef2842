import './alert.css';
import type { ReactNode } from 'react';

export interface AlertProps {
  tone: 'error' | 'info' | 'success';
  title?: string;
  children: ReactNode;
  /** Errors interrupt (`role="alert"`); other tones are announced politely. */
  live?: boolean;
}

const icons = { error: '!', info: 'i', success: '\u2713' } as const;

export function Alert({ tone, title, children, live = true }: AlertProps) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div className={`alert alert--${tone}`} role={role}>
      <span className="alert__icon" aria-hidden="true">
        {icons[tone]}
      </span>
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        <div className="alert__text">{children}</div>
      </div>
    </div>
  );
}
