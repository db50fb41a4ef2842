import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { HookItem } from './hook-item.tsx';
import { hooksQueryOptions, type Webhook } from './hooks-api.ts';
import styles from './integrations.module.css';
import { SigningNote } from './signing-note.tsx';
import { WebhookForm } from './webhook-form-later.tsx';
import { focusNew } from '../../ui/focus-new.ts';

/** The user's webhooks, each with its events, scope, state, actions and delivery log; Add webhook. */
export function WebhooksCard() {
  const api = useApi();
  const { data: hooks } = useSuspenseQuery(hooksQueryOptions(api));
  const [adding, setAdding] = useState(false);
  const [justCreated, setCreated] = useState<Webhook | null>(null);
  // The banner goes with its webhook: deleted, it no longer says it was created.
  const created = justCreated && hooks.some((h) => h.id === justCreated.id) ? justCreated : null;
  return (
    <Card
      title="Webhooks"
      actions={
        !adding && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add webhook
          </Button>
        )
      }
    >
      <p className="card__text">Timekeep POSTs a JSON message to your URL when something you subscribed to changes.</p>
      {created && (
        <Alert tone="success" title="Webhook created: the handshake passed">
          <p>
            {created.targetUrl} answered the handshake with 2xx. Its <code>X-Hook-Secret</code> header carried the signing secret: keep it
            to check each delivery.
          </p>
          <SigningNote />
        </Alert>
      )}
      {adding && (
        <WebhookForm
          onCancel={() => setAdding(false)}
          onSaved={(hook) => {
            setAdding(false);
            setCreated(hook);
            focusNew(() => document.querySelector(`section[aria-label="Webhook ${CSS.escape(hook.targetUrl)}"]`));
          }}
        />
      )}
      {hooks.length === 0 && !adding ? (
        <p className={styles.empty}>No webhooks yet. Add one to send time, task and project changes to another system.</p>
      ) : (
        hooks.map((hook) => <HookItem key={hook.id} hook={hook} />)
      )}
    </Card>
  );
}
