import type { ReactNode } from 'react';
import type { User } from '../../../contract/users.ts';
import { ApiKeyCard } from './api-key-card.tsx';
import { AssistantsCard } from './assistants-card.tsx';
import { ConnectedAppsCard } from './connected-apps-card.tsx';
import styles from './integrations.module.css';

/** Everything that connects other software to the user's account: webhooks, apps, the API key and assistants. */
export function IntegrationsPage({ user, apiBaseUrl, thisBrowser, webhooks }: { user: User; apiBaseUrl: string; thisBrowser: ReadonlySet<string>; webhooks?: ReactNode }) {
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Integrations</h1>
          <p className="page__subtitle">Send your changes to other systems, and see what is connected to your account.</p>
        </div>
      </header>
      <div className={styles.sections}>
        {webhooks && <div className={styles.wide}>{webhooks}</div>}
        <ConnectedAppsCard thisBrowser={thisBrowser} />
        {user.apiKey && <ApiKeyCard apiKey={user.apiKey} />}
        <AssistantsCard apiBaseUrl={apiBaseUrl} />
      </div>
    </div>
  );
}
