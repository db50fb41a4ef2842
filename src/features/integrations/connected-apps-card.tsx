import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { connectedAppsQueryOptions, useRevokeApp, type ConnectedApp } from './credentials-api.ts';
import styles from './integrations.module.css';

/** The OAuth apps the user has let act for them, each with Revoke (this browser's own sign-in excepted). */
export function ConnectedAppsCard({ thisBrowser }: { thisBrowser: ReadonlySet<string> }) {
  const api = useApi();
  const { data: apps } = useSuspenseQuery(connectedAppsQueryOptions(api));
  const revoke = useRevokeApp();
  const [asking, setAsking] = useState<ConnectedApp | null>(null);
  return (
    <Card title="Connected apps">
      <p className="card__text">Apps you signed in to with your Timekeep account. They act as you until you revoke them.</p>
      {apps.length === 0 ? (
        <p className={styles.empty}>No apps yet. When an app asks to connect to Timekeep and you allow it, it shows here.</p>
      ) : (
        <ul className={styles.list} aria-label="Connected apps">
          {apps.map((app) => {
            const here = thisBrowser.has(app.clientId);
            return (
              <li key={app.clientId} className={styles.item}>
                <div className={styles.itemMain}>
                  <span className={styles.itemName}>
                    {app.name}
                    {app.firstParty && <span className={styles.badge}>{here ? 'This browser' : 'Web app'}</span>}
                  </span>
                  <span className={styles.meta}>
                    {app.origin} · allowed {app.authorisedAt.slice(0, 10)} · {app.lastUsedAt ? `last used ${app.lastUsedAt.slice(0, 16)} UTC` : 'never used'}
                  </span>
                </div>
                {here ? (
                  <span className={styles.meta}>Sign out to end it</span>
                ) : (
                  <Button size="sm" variant="danger" aria-label={`Revoke ${app.name} (${app.origin})`} onClick={() => setAsking(app)}>
                    Revoke
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={`Revoke ${asking.name}?`}
          message={`${asking.name} (${asking.origin}) stops working with your account at once. To use it again you will have to allow it again.`}
          confirmLabel="Revoke access"
          onCancel={() => setAsking(null)}
          onConfirm={async () => {
            try {
              await revoke.mutateAsync(asking.clientId);
              toast(`${asking.name} can no longer use your account.`, 'success');
              setAsking(null);
            } catch {
              toast(`${asking.name} could not be revoked. Try again.`, 'error');
            }
          }}
        />
      )}
    </Card>
  );
}
