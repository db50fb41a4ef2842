import '../../ui/field.css';
import { useEffect, useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import type { Field } from '../../../contract/fields.ts';
import type { Task } from '../../../contract/tasks.ts';
import type { User } from '../../../contract/users.ts';
import { describeError } from '../../api/errors.ts';
import { Button } from '../../ui/button.tsx';
import { count } from './format.ts';
import { MoveHandle, type useDragList } from './move-handle.tsx';
import { groupName, type Group } from './order.ts';
import type { Rights } from './rights.ts';
import { TaskRow } from './task-row.tsx';

export interface SectionBlockProps {
  group: Group;
  groupIndex: number;
  rights: Rights;
  fields: Field[];
  people: Pick<User, 'id' | 'name'>[];
  drag: ReturnType<typeof useDragList<number>>;
  sectionDrag: HTMLAttributes<HTMLElement>;
  sectionMarked: boolean;
  onMoveSection: (delta: -1 | 1) => void;
  onMoveTask: (task: Task, delta: -1 | 1) => void;
  onRename: (name: string) => Promise<unknown>;
  onDeleteSection: () => void;
  onAddTask: (name: string) => Promise<unknown>;
  onToggle: (task: Task) => Promise<unknown>;
  onOpen: (task: Task) => void;
  onDeleteTask: (task: Task) => void;
}

/** One section (or the tasks outside sections): its header and actions, its tasks, and a line to add one. */
export function SectionBlock(p: SectionBlockProps) {
  const { group, rights, drag } = p;
  const name = groupName(group);
  const headingId = useId();
  const [renaming, setRenaming] = useState(false);
  return (
    <section className={`pt-section${p.sectionMarked ? ' pt-section--mark' : ''}`} aria-labelledby={headingId} {...p.sectionDrag}>
      <div className="pt-section__head">
        {group.section && rights.edit && <MoveHandle name={`section ${name}`} handleId={`section-${group.section.id}`} onStep={p.onMoveSection} />}
        {renaming && group.section ? (
          <RenameForm
            name={group.section.name}
            onCancel={() => setRenaming(false)}
            onSave={(next) => p.onRename(next).then(() => setRenaming(false))}
          />
        ) : (
          <h3 className="pt-section__name" id={headingId}>
            {name} <span className="pt-section__count">{count(group.tasks.length, 'task')}</span>
          </h3>
        )}
        {group.section && !renaming && (
          <div className="pt-section__actions">
            {rights.edit && (
              <Button size="sm" variant="ghost" onClick={() => setRenaming(true)} aria-label={`Rename section ${name}`}>
                Rename
              </Button>
            )}
            {rights.manage && (
              <Button size="sm" variant="ghost" onClick={p.onDeleteSection} aria-label={`Delete section ${name}`}>
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
      <ul className="pt-tasks" aria-label={`Tasks in ${name}`} {...(rights.edit ? drag.list(p.groupIndex, group.tasks.length) : {})}>
        {group.tasks.map((task, i) => (
          <TaskRow
            key={task.id}
            task={task}
            rights={rights}
            fields={p.fields}
            people={p.people}
            dragProps={drag.row(task.id, p.groupIndex, i, rights.edit)}
            marked={drag.markBefore(p.groupIndex, i)}
            dragging={drag.dragging === task.id}
            onMove={(delta) => p.onMoveTask(task, delta)}
            onToggle={() => p.onToggle(task)}
            onOpen={() => p.onOpen(task)}
            onDelete={() => p.onDeleteTask(task)}
          />
        ))}
        {drag.markBefore(p.groupIndex, group.tasks.length) && <li className="pt-drop-end" aria-hidden="true" />}
        {group.tasks.length === 0 && <li className="pt-tasks__empty">No tasks in this section yet.</li>}
      </ul>
      {rights.edit && <AddForm label={`New task in ${name}`} button="Add task" onAdd={p.onAddTask} compact />}
    </section>
  );
}

/**
 * A one-line form: a name and a button. It clears at once so the next name can be typed while this one saves;
 * adds go to the server one after another, in the order typed. A refused add says why and puts its text back
 * when the line is still empty.
 */
export function AddForm({ label, button, onAdd, compact }: { label: string; button: string; onAdd: (name: string) => Promise<unknown>; compact?: boolean }) {
  const id = useId();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent = name.trim();
    if (!sent) {
      setError('Type a name first.');
      return;
    }
    setName('');
    setError(null);
    setSaving((n) => n + 1);
    queue.current = queue.current
      .then(() => onAdd(sent))
      .then(
        () => undefined,
        (err: unknown) => {
          setError(describeError(err));
          setName((current) => current || sent);
        },
      )
      .finally(() => setSaving((n) => n - 1));
  };
  return (
    <form className={`pt-add${compact ? ' pt-add--compact' : ''}`} onSubmit={submit} aria-busy={saving > 0 || undefined} noValidate>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'pt-add__label'}>
        {label}
      </label>
      <input
        id={id}
        className="field__input pt-add__input"
        value={name}
        maxLength={500}
        placeholder={compact ? `${button}\u2026` : 'Name'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" size="sm">
        {saving > 0 ? <span className="btn__spinner" aria-hidden="true" /> : null}
        {button}
      </Button>
      {error && (
        <p className="pt-add__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function RenameForm({ name, onSave, onCancel }: { name: string; onSave: (name: string) => Promise<unknown>; onCancel: () => void }) {
  const id = useId();
  const [value, setValue] = useState(name);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError('A section needs a name.');
    setBusy(true);
    try {
      await onSave(value.trim());
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };
  return (
    <form className="pt-rename" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Section name
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        ref={input}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm" variant="primary" busy={busy}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      {error && (
        <p className="pt-add__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
