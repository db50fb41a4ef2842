import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { Task } from '../../../contract/tasks.ts';
import type { User } from '../../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useEstimate, type EstimateBody } from './api.ts';
import { hoursInput, hoursValue } from './hours.ts';

const schema = z
  .object({ type: z.enum(['overall', 'users']), total: hoursInput, users: z.record(z.string(), hoursInput) })
  .transform((v, ctx): EstimateBody => {
    if (v.type === 'overall') {
      if (v.total === null) ctx.addIssue({ code: 'custom', path: ['total'], message: 'Type the estimate in hours.' });
      return { type: 'overall', total: v.total ?? 0, users: {} };
    }
    const users = Object.fromEntries(Object.entries(v.users).filter((e): e is [string, number] => e[1] !== null && e[1] > 0));
    if (Object.keys(users).length === 0) ctx.addIssue({ code: 'custom', path: ['users'], message: 'Give at least one person some hours.' });
    return { type: 'users', users };
  });

/** The task's estimate: one figure for the task, or hours per person on the project (their sum is the total). */
export function EstimateForm({
  task,
  projectId,
  projectUsers,
  people,
}: {
  task: Task;
  projectId: string;
  projectUsers: number[];
  people: Pick<User, 'id' | 'name'>[];
}) {
  const estimate = useEstimate(projectId, task.id);
  const onProject = people.filter((p) => projectUsers.includes(p.id) || task.estimate?.users[String(p.id)] !== undefined);
  const api = useApiForm({
    schema,
    defaultValues: {
      type: task.estimate?.type ?? 'overall',
      total: task.estimate?.type === 'overall' ? hoursValue(task.estimate.total) : '',
      users: Object.fromEntries(onProject.map((p) => [String(p.id), hoursValue(task.estimate?.users[String(p.id)])])),
    },
    submit: (body) => estimate.set.mutateAsync(body),
    onSuccess: (saved) => toast(`The estimate of ${saved.name} is ${saved.estimate ? `${hoursValue(saved.estimate.total)} h` : 'removed'}.`, 'success'),
  });
  const { register, formState, control } = api.form;
  const type = useWatch({ control, name: 'type' });
  const usersError = (formState.errors as { users?: { message?: string } }).users?.message;
  return (
    <ApiFormView
      api={api}
      unsaved={`the estimate of ${task.name}`}
      submitLabel="Save estimate"
      actions={
        task.estimate && (
          <Button
            variant="ghost"
            busy={estimate.remove.isPending}
            onClick={() => estimate.remove.mutate(undefined, { onSuccess: () => toast(`${task.name} has no estimate now.`, 'success') })}
          >
            Remove estimate
          </Button>
        )
      }
    >
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <fieldset className="pt-choice">
            <legend>Estimate by</legend>
            {(
              [
                ['overall', 'The whole task'],
                ['users', 'Each person'],
              ] as const
            ).map(([value, label]) => (
              <label key={value}>
                <input type="radio" name={field.name} value={value} checked={field.value === value} onChange={() => field.onChange(value)} />
                {label}
              </label>
            ))}
          </fieldset>
        )}
      />
      {type === 'overall' ? (
        <TextField label="Hours" inputMode="decimal" hint="For example 6, 6.5 or 6:30" {...register('total')} error={formState.errors.total?.message} />
      ) : onProject.length === 0 ? (
        <p className="pt-dialog__note">Nobody is on this project yet; add people on the Team tab to estimate per person.</p>
      ) : (
        <div className="pt-dialog__grid" role="group" aria-label="Hours per person" aria-describedby={usersError ? 'pt-users-error' : undefined}>
          {onProject.map((p) => (
            <TextField
              key={p.id}
              label={`${p.name} (hours)`}
              inputMode="decimal"
              {...register(`users.${String(p.id)}`)}
              error={formState.errors.users?.[String(p.id)]?.message}
            />
          ))}
          {usersError && (
            <p className="field__error" id="pt-users-error">
              {usersError}
            </p>
          )}
        </div>
      )}
    </ApiFormView>
  );
}
