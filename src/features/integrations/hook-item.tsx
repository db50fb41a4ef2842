import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import { useDeactivateHook, useDeleteHook, useUpdateHook, type Webhook } from './hooks-api.ts';
import { projectsQueryOptions } from '../../api/projects.ts';
import styles from './integrations.module.css';
import { WebhookForm } from './webhook-form-later.tsx';

/** Why a webhook is off: its owner turned it off, or failures did (with since when). */
function offReason(hook: Webhook) {
  return hook.disabledAt
    ? `Turned off on ${hook.disabledAt} UTC: deliveries kept failing since ${hook.failingSince ?? hook.disabledAt} UTC. Fix the receiver, then turn it on again (a new handshake); what was kept is sent then.`
    : 'Turned off by you: nothing is sent, and changes meanwhile are not kept for it. Turn it on again to receive events (a new handshake).';
}

/** One webhook: what it receives, its state, and Deliveries, Edit, Turn off / Turn on and Delete. */
export function HookItem({ hook }: { hook: Webhook }) {
  const api = useApi();
  const projects = useQuery(projectsQueryOptions(api));
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateHook();
  const deactivate = useDeactivateHook();
  const remove = useDeleteHook();
  const projectName = hook.project ? (projects.data?.find((p) => p.id === hook.project)?.name ?? `Project ${hook.project}`) : null;
  const turnOn = () =>
    update
      .mutateAsync({ id: hook.id, body: { events: hook.events, project: hook.project } })
      .then(() => toast('The webhook is on again: the handshake passed.', 'success'))
      .catch(() => toast('The handshake failed: the webhook stays off. Check the receiver and try again.', 'error'));
  const turnOff = () =>
    deactivate
      .mutateAsync(hook.id)
      .then(() => toast('The webhook is off: nothing is sent until you turn it on again.', 'success'))
      .catch(() => toast('The webhook could not be turned off. Try again.', 'error'));
  return (
    <section className={styles.hook} aria-label={`Webhook ${hook.targetUrl}`}>
      <div className={styles.hookHead}>
        <span className={styles.url}>{hook.targetUrl}</span>
        <span className={hook.active ? styles.badge : styles.badgeOff}>{hook.active ? 'Active' : 'Off'}</span>
      </div>
      <span className={styles.meta}>
        {projectName ? `Project ${projectName}` : 'Whole team'} · {hook.events.join(', ')}
      </span>
      <span className={styles.meta}>
        {hook.lastUsedAt ? `Last delivery ${hook.lastUsedAt} UTC` : 'Nothing sent yet'}
        {hook.consecutiveFailures > 0 && ` · ${hook.consecutiveFailures} failed attempts in a row since ${hook.failingSince} UTC`}
      </span>
      {!hook.active && (
        <Alert tone={hook.disabledAt ? 'error' : 'info'} live={false}>
          {offReason(hook)}
        </Alert>
      )}
      {editing ? (
        <WebhookForm
          hook={hook}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast('Webhook saved: the handshake passed.', 'success');
          }}
        />
      ) : (
        <div className={styles.row}>
          <Button size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="sm" onClick={() => setEditing(true)} aria-label={`Edit events and project of ${hook.targetUrl}`}>
            Edit
          </Button>
          {hook.active ? (
            <Button size="sm" busy={deactivate.isPending} onClick={() => void turnOff()}>
              Turn off
            </Button>
          ) : (
            <Button size="sm" variant="primary" busy={update.isPending} onClick={() => void turnOn()}>
              Turn on again
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      )}
      {open && <DeliveryLog hook={hook} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this webhook?"
          message={`${hook.targetUrl} will receive nothing more, and its delivery log goes with it. To pause it instead, turn it off.`}
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
