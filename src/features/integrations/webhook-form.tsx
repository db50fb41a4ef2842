import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { createWebhookBody, teamOnlyEventKinds } from '../../../contract/webhooks.ts';
import { useApi } from '../../api/context.ts';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { EventPicker } from './event-picker.tsx';
import { projectsQueryOptions } from '../../api/projects.ts';
import { useCreateHook, useUpdateHook, type NewWebhook, type Webhook } from './hooks-api.ts';
import styles from './integrations.module.css';

/**
 * A new webhook (where to, which events, which project), or an existing one's events and project (`hook`):
 * its URL cannot change. Either way the server makes the handshake; its result is shown, and why it failed.
 */
export function WebhookForm({ hook, onSaved, onCancel }: { hook?: Webhook; onSaved: (hook: Webhook) => void; onCancel: () => void }) {
  const api = useApi();
  const projects = useQuery(projectsQueryOptions(api));
  const create = useCreateHook();
  const update = useUpdateHook();
  const [handshake, setHandshake] = useState<{ url: string; answer: string } | null>(null);
  const form = useApiForm({
    schema: createWebhookBody,
    defaultValues: (hook
      ? { targetUrl: hook.targetUrl, events: hook.events, project: hook.project }
      : { targetUrl: '', events: [], project: null }) as NewWebhook,
    submit: async (body) => {
      setHandshake(null);
      try {
        return hook
          ? await update.mutateAsync({ id: hook.id, body: { events: body.events, project: body.project ?? null } })
          : await create.mutateAsync(body);
      } catch (e) {
        if (e instanceof ApiError && e.message === 'Invalid callback')
          setHandshake({ url: body.targetUrl, answer: e.errors?.targetUrl?.[0] ?? 'No answer' });
        throw e;
      }
    },
    onSuccess: (saved) => onSaved(saved),
  });
  const { register, control, watch, formState, setValue, getValues } = form.form;
  const scoped = Boolean(watch('project'));
  const options = [
    { value: '', label: 'Every project of the team' },
    ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <ApiFormView
      api={form}
      unsaved={hook ? 'your changes to the webhook' : 'the new webhook'}
      submitLabel={hook ? 'Save changes' : 'Create webhook'}
      errorTitle={hook ? 'Not saved' : 'Not created'}
      onCancel={onCancel}
    >
      {hook && (
        <p className={styles.note}>
          Saving makes the handshake again{hook.active ? '' : ' and turns the webhook on'}. The URL cannot change: to send elsewhere, add a
          webhook for the new URL.
        </p>
      )}
      {handshake && (
        <Alert
          tone="error"
          title={hook ? 'The handshake failed, so the changes were not saved' : 'The handshake failed, so the webhook was not created'}
        >
          <p>
            Timekeep sent <code>POST {handshake.url}</code> with an empty JSON body and the headers <code>User-Agent</code> and{' '}
            <code>X-Hook-Secret</code>. Any 2xx answer passes.
          </p>
          <p>What came back: {handshake.answer}.</p>
          <p>Fix the receiver (it must answer 2xx to that request) and {hook ? 'save again' : 'create the webhook again'}.</p>
        </Alert>
      )}
      <TextField
        label="Target URL"
        type="url"
        placeholder="https://example.com/timekeep-events"
        hint="Timekeep POSTs each event here as JSON. It must be reachable from the server and answer 2xx."
        readOnly={Boolean(hook)}
        {...register('targetUrl')}
        error={formState.errors.targetUrl?.message}
      />
      <SelectField
        label="Project"
        options={options}
        hint="Optional: only events of this project."
        {...register('project', {
          setValueAs: (v: string | null) => (v ? v : null),
          onChange: (e: { target: { value: string } }) => {
            if (e.target.value)
              setValue(
                'events',
                getValues('events').filter((k) => !teamOnlyEventKinds.includes(k)),
              );
          },
        })}
        error={formState.errors.project?.message}
      />
      <p className={styles.note}>
        {scoped
          ? 'A webhook for one project cannot receive project created, client or invoice events: those belong to the whole team, so they are not offered.'
          : 'For the whole team: every event you may see. Choose a project to narrow it (project created, client and invoice events then cannot be chosen).'}
      </p>
      <Controller
        control={control}
        name="events"
        render={({ field }) => (
          <EventPicker value={field.value} onChange={field.onChange} scoped={scoped} error={formState.errors.events?.message} />
        )}
      />
    </ApiFormView>
  );
}
