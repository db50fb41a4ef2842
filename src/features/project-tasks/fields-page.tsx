import './project-tasks.css';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Field } from '../../../contract/fields.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { toast } from '../../ui/toast.tsx';
import { fieldsQueryOptions, projectQueryOptions, tasksQueryOptions, useFieldMutations, useOrderMutations } from './api.ts';
import { count, fieldTypeLabel } from './format.ts';
import { MoveHandle, useAnnouncer, useDragList, useRefocus } from './move-handle.tsx';
import { reorder } from './order.ts';
import { projectRights } from './rights.ts';

// The form brings react-hook-form and the contract's schemas: loaded when it opens.
const FieldForm = lazy(() => import('./field-form.tsx'));

/** Loads what the custom fields tab shows, for the route's loader. */
/** The project's custom fields in display order: define, reorder, set visibility, edit and delete. */
export function FieldsPage({ projectId }: { projectId: string }) {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const { data: fields } = useSuspenseQuery(fieldsQueryOptions(api, projectId));
  const { data: tasks } = useSuspenseQuery(tasksQueryOptions(api, projectId));
  const rights = projectRights(me, project.users);
  const mutations = useFieldMutations(projectId);
  const order = useOrderMutations(projectId);
  const { announce, region } = useAnnouncer();
  const refocus = useRefocus();
  const [editing, setEditing] = useState<Field | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Field | null>(null);
  const valuesOf = (f: Field) => tasks.filter((t) => t.fields?.[String(f.id)] !== undefined && t.fields[String(f.id)] !== null).length;

  // A move pressed before the list has drawn the one before builds on that one, not on the order drawn.
  const lastMove = useRef<{ base: Field[]; order: Field[] } | null>(null);
  const move = (field: Field, to: (from: number) => number) => {
    const current = lastMove.current?.base === fields ? lastMove.current.order : fields;
    const from = current.findIndex((f) => f.id === field.id);
    const next = reorder(current, from, to(from));
    if (next === current) return;
    lastMove.current = { base: fields, order: next };
    order.fields.mutate(next, { onError: (e) => toast(`${field.name} was not moved: ${describeError(e)}`, 'error') });
    refocus(`field-${field.id}`);
    announce(`${field.name} moved to position ${next.findIndex((f) => f.id === field.id) + 1} of ${next.length}.`);
  };
  const drag = useDragList<'fields'>((id, spot) => {
    const field = fields.find((f) => `field-${f.id}` === id);
    const from = field ? fields.indexOf(field) : -1;
    if (field) move(field, () => (spot.index > from ? spot.index - 1 : spot.index));
  });

  return (
    <div className="pt-page">
      {region}
      <header className="pt-header pt-header--row">
        <div>
          <h2 className="pt-title">Custom fields</h2>
          <p className="pt-subtitle">Every task of the project can take a value of each field, shown in this order.</p>
        </div>
        {rights.edit && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            Add a field
          </Button>
        )}
      </header>
      {!rights.edit && <NotAllowed action="define custom fields" because={rights.because} />}
      {fields.length === 0 ? (
        <div className="pt-empty">
          <p>This project has no custom fields yet.</p>
          {rights.edit && <p>Add one to give tasks a value such as a priority, a due date or an owner.</p>}
        </div>
      ) : (
        <ol className="pt-fields" aria-label="Custom fields" {...(rights.edit ? drag.list('fields', fields.length) : {})}>
          {fields.map((f, i) => (
            <li
              key={f.id}
              className={`pt-field${drag.markBefore('fields', i) ? ' pt-task--mark' : ''}${drag.dragging === `field-${f.id}` ? ' pt-task--dragging' : ''}`}
              {...drag.row(`field-${f.id}`, 'fields', i, rights.edit)}
            >
              {rights.edit && <MoveHandle name={f.name} handleId={`field-${f.id}`} onStep={(d) => move(f, (from) => from + d)} />}
              <div className="pt-field__main">
                <span className="pt-field__name">{f.name}</span>
                <span className="pt-field__meta">
                  {fieldTypeLabel[f.type]}
                  {f.type === 'select' ? `: ${f.options.map((o) => o.name).join(', ')}` : ''}
                  {f.type === 'number' && f.format.label ? ` in ${f.format.label}` : ''}
                  {' \u00b7 '}
                  {count(valuesOf(f), 'task')} with a value
                </span>
              </div>
              <span className={f.visibility === 'admins' ? 'pt-badge pt-badge--admins' : 'pt-badge'}>
                {f.visibility === 'admins' ? 'Admins only' : 'Everyone'}
              </span>
              {rights.edit && (
                <div className="pt-field__actions">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(f)} aria-label={`Edit ${f.name}`}>
                    Edit
                  </Button>
                  {rights.manage && (
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(f)} aria-label={`Delete ${f.name}`}>
                      Delete
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'Add a custom field' : `Edit ${editing?.name ?? 'field'}`}
        onClose={() => setEditing(null)}
      >
        <Suspense fallback={<p>Loading the form{'\u2026'}</p>}>
          {editing !== null && (
            <FieldForm
              key={editing === 'new' ? 'new' : editing.id}
              projectId={projectId}
              field={editing === 'new' ? undefined : editing}
              admin={rights.admin}
              onDone={(saved) => {
                setEditing(null);
                announce(`${saved.name} is saved.`);
              }}
              onCancel={() => setEditing(null)}
            />
          )}
        </Suspense>
      </Dialog>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          message={
            valuesOf(deleting)
              ? `The field ${deleting.name} and its values on ${count(valuesOf(deleting), 'task')} are deleted for good.`
              : `The field ${deleting.name} is deleted; no task has a value in it.`
          }
          confirmLabel="Delete field"
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const f = deleting;
            try {
              await mutations.remove.mutateAsync(f.id);
              setDeleting(null);
              toast(`${f.name} is deleted.`, 'success');
            } catch (e) {
              toast(`${f.name} was not deleted: ${describeError(e)}`, 'error');
            }
          }}
        />
      )}
    </div>
  );
}
