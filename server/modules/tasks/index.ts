/**
 * What other modules use of tasks:
 * - `loadTask(scope, caller, taskId)`: the task and its project if the caller may read it (404 otherwise);
 *   `loadTaskForWrite(scope, caller, taskId, 'edit' | 'manage')` adds the role check (403).
 * - `presentTasks(scope, caller, rows)` / `presentTask`: rows of the `tasks` table in the wire shape, as the
 *   caller may see them (time summed from time_records, custom-field values, effective section).
 * - `searchTasks(scope, caller, options)`: the ranked search of GET /tasks/search.
 */
export { loadTask, loadTaskForWrite, type LoadedTask } from './access.ts';
export { presentTask, presentTasks, taskTimes, toWireTask, type TaskRow } from './present.ts';
export { searchTasks, type SearchOptions } from './search.ts';
