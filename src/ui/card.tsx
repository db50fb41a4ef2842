import './card.css';
import { useId, type HTMLAttributes, type ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  level?: 2 | 3;
  actions?: ReactNode;
}

export function Card({ title, level = 2, actions, className, children, ...rest }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} {...rest} className={['card', className ?? ''].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <header className="card__header">
          {title && (
            <Heading id={titleId} className="card__title">
              {title}
            </Heading>
          )}
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
