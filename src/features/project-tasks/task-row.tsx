import { startTransition, useOptimistic, type HTMLAttributes } from 'react';
import type { Field } from '../../../contract/fields.ts';
import type { Task } from '../../../contract/tasks.ts';
import type { User } from '../../../contract/users.ts';
import { Button } from '../../ui/button.tsx';
import { fieldValueText, hoursText } from './format.ts';
import { MoveHandle } from './move-handle.tsx';
import type { Rights } from './rights.ts';

export interface TaskRowProps {
  task: Task;
  rights: Rights;
  fields: Field[];
  people: Pick<User, 'id' | 'name'>[];
  dragProps: HTMLAttributes<HTMLElement>;
  marked: boolean;
  dragging: boolean;
  onMove: (delta: -1 | 1) => void;
  /** Closes or reopens the task; settles when the server has answered. */
  onToggle: () => Promise<unknown>;
  onOpen: () => void;
  onDelete: () => void;
}

/** A task: its grip, closed box, name (opens it), estimate against time logged, field values, delete. */
export function TaskRow({ task, rights, fields, people, dragProps, marked, dragging, onMove, onToggle, onOpen, onDelete }: TaskRowProps) {
  // The box shows the new state at once and holds it until the server answers; a refusal puts it back.
  const [closed, showClosed] = useOptimistic(task.status === 'closed');
  const toggle = () =>
    startTransition(async () => {
      showClosed(!closed);
      await onToggle().catch(() => undefined);
    });
  const values = fields
    .map((f) => ({ field: f, text: fieldValueText(f, task.fields?.[String(f.id)], people) }))
    .filter((v): v is { field: Field; text: string } => v.text !== undefined);
  const estimate = task.estimate?.total ?? 0;
  const over = estimate > 0 && task.time.total > estimate;
  const classes = ['pt-task', closed ? 'pt-task--closed' : '', marked ? 'pt-task--mark' : '', dragging ? 'pt-task--dragging' : ''];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-task={task.id} {...dragProps}>
      {rights.edit && <MoveHandle name={task.name} handleId={`task-${task.id}`} onStep={onMove} />}
      <input
        type="checkbox"
        className="pt-task__check"
        checked={closed}
        disabled={!rights.edit}
        aria-label={`Closed: ${task.name}`}
        onChange={toggle}
      />
      <div className="pt-task__main">
        <button type="button" className="pt-task__name" onClick={onOpen}>
          {task.name}
        </button>
        {closed && <span className="pt-badge">Closed</span>}
        {(estimate > 0 || task.time.total > 0 || values.length > 0) && (
          <dl className="pt-task__meta">
            {estimate > 0 && (
              <div className={over ? 'pt-meta pt-meta--over' : 'pt-meta'}>
                <dt>Estimate</dt>
                <dd>
                  {hoursText(task.time.total)} of {hoursText(estimate)}
                  {task.estimate?.type === 'users' ? ' (per person)' : ''}
                  {over ? ', over' : ''}
                </dd>
              </div>
            )}
            {estimate === 0 && task.time.total > 0 && (
              <div className="pt-meta">
                <dt>Logged</dt>
                <dd>{hoursText(task.time.total)}</dd>
              </div>
            )}
            {values.map((v) => (
              <div className="pt-meta" key={v.field.id}>
                <dt>{v.field.name}</dt>
                <dd>{v.text}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {rights.manage && (
        <Button size="sm" variant="ghost" className="pt-task__delete" onClick={onDelete} aria-label={`Delete ${task.name}`}>
          Delete
        </Button>
      )}
    </li>
  );
}
