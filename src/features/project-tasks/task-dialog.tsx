import { z } from 'zod';
import type { Field } from '../../../contract/fields.ts';
import { createTaskBody, type Section, type Task } from '../../../contract/tasks.ts';
import type { User } from '../../../contract/users.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useTaskMutations } from './api.ts';
import { EstimateForm } from './estimate-form.tsx';
import { FieldValuesForm } from './field-values-form.tsx';
import { fieldValueText, hoursText } from './format.ts';
import type { Rights } from './rights.ts';

export interface TaskDialogProps {
  task: Task;
  projectId: string;
  projectUsers: number[];
  sections: Section[];
  fields: Field[];
  people: Pick<User, 'id' | 'name'>[];
  rights: Rights;
  onClose: () => void;
}

const detailsSchema = createTaskBody.pick({ name: true }).extend({
  section: z.string().transform((v) => (v === '' ? null : Number(v))),
  status: z.enum(['open', 'closed']),
});

/** A task opened from the list: its details, estimate and custom field values (read-only without the right). */
export default function TaskDialog(props: TaskDialogProps) {
  const { task, rights } = props;
  if (!rights.edit) return <TaskSummary {...props} />;
  return (
    <div className="pt-dialog">
      <section aria-labelledby="pt-details">
        <h3 id="pt-details" className="pt-dialog__heading">
          Details
        </h3>
        <DetailsForm {...props} />
      </section>
      <section aria-labelledby="pt-estimate">
        <h3 id="pt-estimate" className="pt-dialog__heading">
          Estimate
        </h3>
        <p className="pt-dialog__note">
          {hoursText(task.time.total)} logged so far{task.estimate ? ` of ${hoursText(task.estimate.total)} estimated` : ''}.
        </p>
        <EstimateForm task={task} projectId={props.projectId} projectUsers={props.projectUsers} people={props.people} />
      </section>
      <section aria-labelledby="pt-fields">
        <h3 id="pt-fields" className="pt-dialog__heading">
          Custom fields
        </h3>
        {props.fields.length === 0 ? (
          <p className="pt-dialog__note">This project has no custom fields; admins and supervisors define them on the Custom fields tab.</p>
        ) : (
          <FieldValuesForm task={task} projectId={props.projectId} fields={props.fields} people={props.people} />
        )}
      </section>
    </div>
  );
}

function DetailsForm({ task, projectId, sections, onClose }: TaskDialogProps) {
  const { update } = useTaskMutations(projectId);
  const api = useApiForm({
    schema: detailsSchema,
    defaultValues: { name: task.name, section: task.section === null ? '' : String(task.section), status: task.status },
    submit: (body) => update.mutateAsync({ id: task.id, body }),
    onSuccess: (saved) => {
      toast(`${saved.name} is saved.`, 'success');
      onClose();
    },
  });
  const { register, formState } = api.form;
  return (
    <ApiFormView api={api} unsaved={`your changes to ${task.name}`} submitLabel="Save details">
      <TextField label="Name" {...register('name')} error={formState.errors.name?.message} />
      <div className="pt-dialog__pair">
        <SelectField
          label="Section"
          hint="Moves the task to the end of that section."
          options={[{ value: '', label: 'No section' }, ...sections.map((s) => ({ value: String(s.id), label: s.name }))]}
          {...register('section')}
          error={formState.errors.section?.message}
        />
        <SelectField
          label="Status"
          options={[
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed (takes no new time)' },
          ]}
          {...register('status')}
        />
      </div>
    </ApiFormView>
  );
}

/** What members without the right to edit see. */
function TaskSummary({ task, sections, fields, people }: TaskDialogProps) {
  const section = sections.find((s) => s.id === task.section)?.name ?? 'No section';
  const rows: [string, string][] = [
    ['Section', section],
    ['Status', task.status === 'open' ? 'Open' : 'Closed'],
    ['Logged', hoursText(task.time.total)],
    ['Estimate', task.estimate ? `${hoursText(task.estimate.total)}${task.estimate.type === 'users' ? ' (per person)' : ''}` : 'None'],
    ...fields.map((f): [string, string] => [f.name, fieldValueText(f, task.fields?.[String(f.id)], people) ?? '\u2014']),
  ];
  return (
    <dl className="pt-summary">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
