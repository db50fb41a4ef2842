import './project-tasks.css';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Section, Task } from '../../../contract/tasks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { toast } from '../../ui/toast.tsx';
import {
  fieldsQueryOptions,
  peopleQueryOptions,
  projectQueryOptions,
  sectionsQueryOptions,
  tasksQueryOptions,
  useOrderMutations,
  useSectionMutations,
  useTaskMutations,
} from './api.ts';
import { count, hoursText } from './format.ts';
import { useAnnouncer, useDragList, useRefocus } from './move-handle.tsx';
import { groupName, groupTasks, moveTaskBy, moveTaskTo, reorder, type TaskMove } from './order.ts';
import { projectRights } from './rights.ts';
import { AddForm, SectionBlock } from './section-block.tsx';
import { focusNew } from '../../ui/focus-new.ts';

// The task's editor brings react-hook-form and the contract's schemas: loaded when it opens.
const TaskDialogBody = lazy(() => import('./task-dialog.tsx'));

/** Loads what the tasks tab shows, for the route's loader. */
/** The project's sections and their tasks: add, rename, close, move, estimate, delete. */
export function TasksPage({ projectId }: { projectId: string }) {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const { data: sections } = useSuspenseQuery(sectionsQueryOptions(api, projectId));
  const { data: tasks } = useSuspenseQuery(tasksQueryOptions(api, projectId));
  const { data: fields } = useSuspenseQuery(fieldsQueryOptions(api, projectId));
  const { data: people } = useSuspenseQuery(peopleQueryOptions(api));
  const rights = projectRights(me, project.users);
  const groups = useMemo(() => groupTasks(sections, tasks), [sections, tasks]);
  const sectionMut = useSectionMutations(projectId);
  const taskMut = useTaskMutations(projectId);
  const order = useOrderMutations(projectId);
  const { announce, region } = useAnnouncer();
  const refocus = useRefocus();
  const [openTask, setOpenTask] = useState<string | null>(null);
  const [deletingTask, setDeletingTask] = useState<Task | null>(null);
  const [deletingSection, setDeletingSection] = useState<Section | null>(null);

  const applyMove = (taskName: string, move: TaskMove | undefined, handle: string) => {
    if (!move) return;
    order.tasks.mutate(
      { section: move.section, order: move.order, next: move.next },
      { onError: (e) => toast(`${taskName} was not moved: ${describeError(e)}`, 'error') },
    );
    refocus(handle);
    announce(`${taskName} moved to position ${move.index + 1} of ${move.order.length} in ${move.groupName}.`);
  };
  const moveSection = (section: Section, delta: -1 | 1) => {
    const from = sections.findIndex((s) => s.id === section.id);
    const next = reorder(sections, from, from + delta);
    if (next === sections) return;
    order.sections.mutate(next, { onError: (e) => toast(`${section.name} was not moved: ${describeError(e)}`, 'error') });
    refocus(`section-${section.id}`);
    announce(`Section ${section.name} moved to position ${from + delta + 1} of ${sections.length}.`);
  };
  const taskDrag = useDragList<number>((id, spot) => {
    const task = tasks.find((t) => t.id === id);
    if (task) applyMove(task.name, moveTaskTo(groups, id, spot.key, spot.index), `task-${id}`);
  });
  const sectionDrag = useDragList<'sections'>((id, spot) => {
    const from = sections.findIndex((s) => `section-${s.id}` === id);
    const next = reorder(sections, from, spot.index > from ? spot.index - 1 : spot.index);
    if (next !== sections) order.sections.mutate(next, { onError: (e) => toast(`Not moved: ${describeError(e)}`, 'error') });
  });

  const toggleClosed = (task: Task) => {
    const status = task.status === 'open' ? 'closed' : 'open';
    return taskMut.update.mutateAsync({ id: task.id, body: { status } }).then(
      () => announce(`${task.name} ${status === 'closed' ? 'closed' : 'reopened'}.`),
      (e: unknown) => toast(`${task.name} was not changed: ${describeError(e)}`, 'error'),
    );
  };
  const valueCount = (t: Task) => Object.values(t.fields ?? {}).filter((v) => v !== null).length;
  const current = openTask ? tasks.find((t) => t.id === openTask) : undefined;

  return (
    <div className="pt-page">
      {region}
      <header className="pt-header">
        <h2 className="pt-title">Tasks</h2>
        <p className="pt-subtitle">
          {count(tasks.filter((t) => t.status === 'open').length, 'open task')}, {tasks.filter((t) => t.status === 'closed').length} closed{' '}
          in {count(sections.length, 'section')}
        </p>
      </header>
      {!rights.edit && <NotAllowed action="change these tasks" because={rights.because} />}
      {rights.edit && (
        <AddForm
          label="New section"
          button="Add section"
          onAdd={(name) =>
            sectionMut.create.mutateAsync(name).then((s) => {
              announce(`Section ${s.name} added.`);
            })
          }
        />
      )}
      {groups.length === 0 ? (
        <div className="pt-empty">
          <p>This project has no tasks yet.</p>
          {rights.edit && <p>Add a section above, or a first task below.</p>}
        </div>
      ) : null}
      <div className="pt-groups" {...(rights.edit ? sectionDrag.list('sections', sections.length) : {})}>
        {groups.map((group, gi) => {
          const sectionIndex = group.section ? sections.findIndex((s) => s.id === group.section!.id) : -1;
          return (
            <SectionBlock
              key={group.section?.id ?? 'none'}
              group={group}
              groupIndex={gi}
              rights={rights}
              fields={fields}
              people={people}
              drag={taskDrag}
              sectionDrag={group.section ? sectionDrag.row(`section-${group.section.id}`, 'sections', sectionIndex, rights.edit) : {}}
              sectionMarked={sectionIndex >= 0 && sectionDrag.markBefore('sections', sectionIndex)}
              onMoveSection={(delta) => group.section && moveSection(group.section, delta)}
              onMoveTask={(task, delta) => applyMove(task.name, moveTaskBy(groups, task.id, delta), `task-${task.id}`)}
              onRename={(name) =>
                group.section
                  ? sectionMut.rename.mutateAsync({ id: group.section.id, name }).then(() => announce(`Section renamed to ${name}.`))
                  : Promise.resolve()
              }
              onDeleteSection={() => group.section && setDeletingSection(group.section)}
              onAddTask={(name) =>
                taskMut.create
                  .mutateAsync({ name, section: group.section?.id ?? null })
                  .then((t) => announce(`${t.name} added to ${groupName(group)}.`))
              }
              onToggle={toggleClosed}
              onOpen={(t) => setOpenTask(t.id)}
              onDeleteTask={setDeletingTask}
            />
          );
        })}
      </div>
      {groups.length === 0 && rights.edit && (
        <AddForm
          label="New task"
          button="Add task"
          onAdd={(name) =>
            taskMut.create.mutateAsync({ name, section: null }).then((t) => {
              announce(`${t.name} added.`);
              // The form goes with the empty list: focus goes to the new task instead of the page body.
              focusNew(() => document.querySelector(`[data-task="${t.id}"] .pt-task__name`));
            })
          }
        />
      )}
      <Dialog open={current !== undefined} title={current?.name ?? 'Task'} onClose={() => setOpenTask(null)}>
        <Suspense fallback={<p>Loading the task{'\u2026'}</p>}>
          {current && (
            <TaskDialogBody
              key={current.id}
              task={current}
              projectId={projectId}
              projectUsers={project.users}
              sections={sections}
              fields={fields}
              people={people}
              rights={rights}
              onClose={() => setOpenTask(null)}
            />
          )}
        </Suspense>
      </Dialog>
      {deletingTask && (
        <ConfirmDialog
          title={`Delete ${deletingTask.name}?`}
          message={deleteTaskMessage(deletingTask, valueCount(deletingTask))}
          confirmLabel="Delete task"
          onCancel={() => setDeletingTask(null)}
          onConfirm={async () => {
            const t = deletingTask;
            try {
              await taskMut.remove.mutateAsync(t.id);
              setDeletingTask(null);
              toast(`${t.name} is deleted.`, 'success', { undo: () => taskMut.recover.mutate(t.id) });
            } catch (e) {
              toast(`${t.name} was not deleted: ${describeError(e)}`, 'error');
            }
          }}
        />
      )}
      {deletingSection && (
        <ConfirmDialog
          title={`Delete section ${deletingSection.name}?`}
          message={deleteSectionMessage(deletingSection, tasks.filter((t) => t.section === deletingSection.id).length)}
          confirmLabel="Delete section"
          onCancel={() => setDeletingSection(null)}
          onConfirm={async () => {
            const s = deletingSection;
            try {
              await sectionMut.remove.mutateAsync(s.id);
              setDeletingSection(null);
              toast(`Section ${s.name} is deleted.`, 'success', { undo: () => sectionMut.recover.mutate(s.id) });
            } catch (e) {
              toast(`Section ${s.name} was not deleted: ${describeError(e)}`, 'error');
            }
          }}
        />
      )}
    </div>
  );
}

function deleteTaskMessage(task: Task, values: number) {
  const parts = [task.estimate ? 'its estimate' : null, values ? count(values, 'custom field value') : null].filter(Boolean);
  const logged = task.time.total > 0 ? ` The ${hoursText(task.time.total)} logged on it is hidden with it.` : '';
  return `The task ${task.name}${parts.length ? `, with ${parts.join(' and ')},` : ''} leaves this project and can no longer take time.${logged}`;
}

function deleteSectionMessage(section: Section, tasks: number) {
  return tasks
    ? `The section ${section.name} goes; its ${count(tasks, 'task')} stay in the project, listed under No section.`
    : `The section ${section.name} is empty; it goes.`;
}
