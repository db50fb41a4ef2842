import type { TaskLite } from './model.ts';

const RECENT_MAX = 8;
const recentKey = (userId: number) => `timekeep.recentTasks.${userId}`;

export function readRecentTasks(userId: number): TaskLite[] {
  try {
    const list = JSON.parse(localStorage.getItem(recentKey(userId)) ?? '[]') as TaskLite[];
    return Array.isArray(list) ? list.filter((t) => typeof t?.id === 'string' && typeof t.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers a task the user just worked on, first in the "Recent tasks" group. */
export function rememberTask(userId: number, task: TaskLite) {
  const list = [task, ...readRecentTasks(userId).filter((t) => t.id !== task.id)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(recentKey(userId), JSON.stringify(list));
  } catch {
    // Recent tasks are a convenience: nothing is lost without them.
  }
}
