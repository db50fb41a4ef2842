import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { hooksQueryOptions, useDeleteHook, useUpdateHook, type Webhook } from './hooks-api.ts';
import styles from './integrations.module.css';
import { SigningNote } from './signing-note.tsx';
import { WebhookForm } from './webhook-form.tsx';

/** The user's webhooks: each with its events, scope, state and delivery log; Add, Turn on again and Delete. */
export function WebhooksCard() {
  const api = useApi();
  const { data: hooks } = useSuspenseQuery(hooksQueryOptions(api));
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<Webhook | null>(null);
  return (
    <Card title="Webhooks" actions={!adding && <Button variant="primary" onClick={() => setAdding(true)}>Add webhook</Button>}>
      <p className="card__text">Timekeep POSTs a JSON message to your URL when something you subscribed to changes.</p>
      {created && (
        <Alert tone="success" title="Webhook created: the handshake passed">
          <p>
            {created.targetUrl} answered the handshake with 2xx. Its <code>X-Hook-Secret</code> header carried the signing secret: keep it to check
            each delivery.
          </p>
          <SigningNote />
        </Alert>
      )}
      {adding && (
        <WebhookForm
          onCancel={() => setAdding(false)}
          onCreated={(hook) => {
            setAdding(false);
            setCreated(hook);
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

function HookItem({ hook }: { hook: Webhook }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateHook();
  const remove = useDeleteHook();
  const turnOn = () =>
    update
      .mutateAsync({ id: hook.id, body: { events: hook.events } })
      .then(() => toast('The webhook is on again: the handshake passed, and what was kept is being sent.', 'success'))
      .catch(() => toast('The handshake failed: the webhook stays off. Check the receiver and try again.', 'error'));
  return (
    <section className={styles.hook} aria-label={`Webhook ${hook.targetUrl}`}>
      <div className={styles.hookHead}>
        <span className={styles.url}>{hook.targetUrl}</span>
        <span className={hook.active ? styles.badge : styles.badgeOff}>{hook.active ? 'Active' : 'Off'}</span>
      </div>
      <span className={styles.meta}>
        {hook.project ? `Project ${hook.project}` : 'Whole team'} · {hook.events.join(', ')}
      </span>
      <span className={styles.meta}>
        {hook.lastUsedAt ? `Last delivery ${hook.lastUsedAt} UTC` : 'Nothing sent yet'}
        {hook.consecutiveFailures > 0 && ` · ${hook.consecutiveFailures} failed attempts in a row since ${hook.failingSince} UTC`}
      </span>
      {!hook.active && (
        <Alert tone="error" live={false}>
          {hook.disabledAt
            ? `Turned off on ${hook.disabledAt} UTC: deliveries kept failing since ${hook.failingSince ?? hook.disabledAt} UTC. Fix the receiver, then turn it on again (a new handshake).`
            : 'Off. Turn it on again to receive events (a new handshake).'}
        </Alert>
      )}
      <div className={styles.row}>
        <Button size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {!hook.active && (
          <Button size="sm" variant="primary" busy={update.isPending} onClick={() => void turnOn()}>
            Turn on again
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </div>
      {open && <DeliveryLog hook={hook} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this webhook?"
          message={`${hook.targetUrl} will receive nothing more, and its delivery log goes with it.`}
          confirmLabel="Delete webhook"
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove
              .mutateAsync(hook.id)
              .then(() => toast('Webhook deleted.', 'success'))
              .catch(() => toast('The webhook could not be deleted. Try again.', 'error'))
              .finally(() => setDeleting(false))
          }
        />
      )}
    </section>
  );
}
