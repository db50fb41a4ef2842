import { and, asc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { projects, sections, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { escapeLike } from '../../lib/sql.ts';
import { assignedProjectIds, visibleProjectsWhere, type Viewer } from '../projects/access.ts';
import type { TaskRow } from './present.ts';

/** Words of a search text, without empty ones. */
export const queryWords = (query: string | undefined) => (query ?? '').trim().split(/\s+/).filter(Boolean);

/** Every word appears somewhere in the task name, ignoring case. */
export const nameHasWords = (words: string[]): SQL[] => words.map((w) => ilike(tasks.name, `%${escapeLike(w)}%`));

const escapeRegex = (s: string) => s.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/** 0 when the name starts with the text, 1 when a word of the name starts with it, 2 otherwise. */
export function nameRank(text: string): SQL<number> {
  return sql<number>`case when ${tasks.name} ilike ${`${escapeLike(text)}%`} then 0 when ${tasks.name} ~* ${`(^|[^[:alnum:]])${escapeRegex(text)}`} then 1 else 2 end`;
}

/** Tasks in no section, or in a deleted one. */
export function unscheduledWhere(scope: Scope): SQL {
  const deleted = scope.db
    .select({ id: sections.id })
    .from(sections)
    .where(scope.where(sections, isNotNull(sections.deletedAt)));
  return or(isNull(tasks.sectionId), inArray(tasks.sectionId, deleted)) as SQL;
}

export interface SearchOptions {
  /** Limit to one project (integer id); otherwise every project the viewer may read. */
  projectId?: number;
  query?: string | undefined;
  limit: number;
  /** Include closed tasks. */
  searchInClosed: boolean;
  /** Only tasks in no section. */
  unscheduled: boolean;
}

/**
 * Task search of GET /tasks/search and GET /projects/{id}/tasks/search, ranked in SQL: names starting
 * with the text, then names with a word starting with it, then other matches; within each, tasks of the
 * viewer's own projects (those they are assigned to) before the rest of the team's, so a name many
 * projects share ("Design review") finds the viewer's within the limit; then by name.
 */
export async function searchTasks(scope: Scope, viewer: Viewer, o: SearchOptions): Promise<TaskRow[]> {
  const text = queryWords(o.query).join(' ');
  const words = queryWords(text);
  const theirs = sql<number>`case when ${inArray(projects.id, assignedProjectIds(scope, viewer.user.id))} then 0 else 1 end`;
  const order = [...(text ? [nameRank(text)] : []), theirs];
  return scope.db
    .select(getTableColumns(tasks))
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        scope.mine(tasks),
        isNull(tasks.deletedAt),
        visibleProjectsWhere(scope, viewer),
        o.projectId !== undefined ? eq(tasks.projectId, o.projectId) : undefined,
        o.searchInClosed ? undefined : ne(tasks.status, 'closed'),
        o.unscheduled ? unscheduledWhere(scope) : undefined,
        ...nameHasWords(words),
      ),
    )
    .orderBy(...order, asc(sql`lower(${tasks.name})`), asc(tasks.id))
    .limit(o.limit);
}
