import './not-allowed.css';
import type { ReactNode } from 'react';

interface Reason {
  /** What the user cannot do, e.g. "edit your details". */
  action: string;
  /** Why, in plain words, e.g. "only admins change users' roles and details". */
  because: string;
  sentence?: never;
}

/** On a translated screen: the whole sentence in the user's language (a sentence is translated whole, never in parts). */
interface Sentence {
  sentence: string;
  action?: never;
  because?: never;
}

export type NotAllowedProps = (Reason | Sentence) & {
  /** What they can do instead (a link, a name to ask). */
  children?: ReactNode;
  /** `lock` for locked records (approved, invoiced), `permission` for the role. */
  kind?: 'permission' | 'lock';
};

/** The one way the app says "you can't do this because …", for permissions and locks alike. */
export function NotAllowed({ action, because, sentence, children, kind = 'permission' }: NotAllowedProps) {
  return (
    <div className={`not-allowed not-allowed--${kind}`} role="note">
      <svg className="not-allowed__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="3.5" y="7" width="9" height="6.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M5.5 7V5.5a2.5 2.5 0 015 0V7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <p className="not-allowed__text">
        {sentence ?? `You can’t ${action} because ${because}.`}
        {children ? ' ' : ''}
        {children}
      </p>
    </div>
  );
}

/** A whole screen the user may not open: its title, why not, and (as children) the way back. */
export function NotAllowedPage({ title, ...props }: NotAllowedProps & { title: string }) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <NotAllowed {...props} />
    </div>
  );
}
