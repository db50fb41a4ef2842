import type { Invited } from './invite-form.tsx';
import styles from './team.module.css';

/** The day an invitation link stops working, as people read it ("December 4"). */
const until = (dateTime: string) =>
  new Date(`${dateTime.replace(' ', 'T')}Z`).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' });

/** How an invited user joins: through the invitation link shown here once, where they choose a password. */
export function SignInNote({ who }: { who: Invited }) {
  return (
    <div className={styles.signIn}>
      <p>
        Send {who.name} this invitation link privately. It opens a page where they choose a password; then they sign in with{' '}
        {who.email} and that password. The link works once, until {until(who.invitationExpiresAt)}, and is shown here only once.
      </p>
      <label className={styles.keyLabel} htmlFor="invitation-link">
        Invitation link for {who.email}
      </label>
      <input id="invitation-link" className={styles.key} readOnly value={who.invitationUrl} onFocus={(e) => e.currentTarget.select()} />
      <p className={styles.muted}>Their API key works once they have joined; their profile shows it.</p>
    </div>
  );
}
