import type { Section, Task } from '../../../contract/tasks.ts';

/** A group of the tasks page: a section, or the tasks outside every section (`section: null`). */
export interface Group {
  section: Section | null;
  tasks: Task[];
}

/** The page's groups: tasks outside sections first (only when there are some), then each section in order. */
export function groupTasks(sections: Section[], tasks: Task[]): Group[] {
  const sorted = [...tasks].sort((a, b) => a.position - b.position || Number(a.id.slice(3)) - Number(b.id.slice(3)));
  const known = new Set(sections.map((s) => s.id));
  const loose = sorted.filter((t) => t.section === null || !known.has(t.section));
  const groups: Group[] = sections.map((s) => ({ section: s, tasks: sorted.filter((t) => t.section === s.id) }));
  return loose.length ? [{ section: null, tasks: loose }, ...groups] : groups;
}

/** What a move asks of the server, and the task list to show meanwhile. */
export interface TaskMove {
  section: number | null;
  order: string[];
  index: number;
  groupName: string;
  next: Task[];
}

export const groupName = (g: Group) => g.section?.name ?? 'No section';

/** Puts `taskId` at `index` of group `to` (an index into `groups`); undefined when nothing would change. */
export function moveTaskTo(groups: Group[], taskId: string, to: number, index: number): TaskMove | undefined {
  const from = groups.findIndex((g) => g.tasks.some((t) => t.id === taskId));
  const target = groups[to];
  if (from < 0 || !target) return undefined;
  const task = groups[from]!.tasks.find((t) => t.id === taskId)!;
  const rest = target.tasks.filter((t) => t.id !== taskId);
  const at = Math.max(0, Math.min(index, rest.length));
  if (from === to && target.tasks[at]?.id === taskId) return undefined;
  const sectionId = target.section?.id ?? null;
  const ordered = [...rest.slice(0, at), { ...task, section: sectionId }, ...rest.slice(at)].map((t, position) => ({ ...t, position }));
  const changed = new Map(ordered.map((t) => [t.id, t]));
  const all = groups.flatMap((g) => g.tasks);
  return {
    section: sectionId,
    order: ordered.map((t) => t.id),
    index: at,
    groupName: groupName(target),
    next: all.map((t) => changed.get(t.id) ?? t),
  };
}

/**
 * One step up (-1) or down (+1): within its group, or past the group's edge to the end of the group
 * above or the start of the group below.
 */
export function moveTaskBy(groups: Group[], taskId: string, delta: -1 | 1): TaskMove | undefined {
  const from = groups.findIndex((g) => g.tasks.some((t) => t.id === taskId));
  if (from < 0) return undefined;
  const index = groups[from]!.tasks.findIndex((t) => t.id === taskId);
  const next = index + delta;
  if (next >= 0 && next < groups[from]!.tasks.length) return moveTaskTo(groups, taskId, from, next);
  const to = from + delta;
  if (to < 0 || to >= groups.length) return undefined;
  return moveTaskTo(groups, taskId, to, delta < 0 ? groups[to]!.tasks.length : 0);
}

/** `items` with the one at `from` moved to `to` (clamped); the same array when nothing moves. */
export function reorder<T>(items: T[], from: number, to: number): T[] {
  const at = Math.max(0, Math.min(to, items.length - 1));
  if (from < 0 || from >= items.length || from === at) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(at, 0, item!);
  return next;
}

/** The step asked by Alt+Arrow Up/Down on a move handle, if any. */
export function moveKey(event: { key: string; altKey: boolean }): -1 | 1 | undefined {
  if (!event.altKey) return undefined;
  if (event.key === 'ArrowUp') return -1;
  if (event.key === 'ArrowDown') return 1;
  return undefined;
}
