import type { Invited } from './invite-form.tsx';
import styles from './team.module.css';

/** How an invited user signs in: with the API key shown here once, on the sign-in screen. */
export function SignInNote({ who }: { who: Invited }) {
  return (
    <div className={styles.signIn}>
      <p>
        Send {who.name} this API key privately. On the Timekeep sign-in screen they choose <strong>Use an API key instead</strong> and paste
        it; their profile shows it again after that. It is shown here only once.
      </p>
      <label className={styles.keyLabel} htmlFor="invited-key">
        API key for {who.email}
      </label>
      <input id="invited-key" className={styles.key} readOnly value={who.apiKey} onFocus={(e) => e.currentTarget.select()} />
      <p className={styles.muted}>
        To sign in with an email and password instead, an admin sets a password on the server: npm run cli -- user set-password --email{' '}
        {who.email}
      </p>
    </div>
  );
}
