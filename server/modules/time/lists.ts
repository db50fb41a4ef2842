import { and, asc, eq, gte, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { tasks, timeRecords } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Viewer } from '../projects/access.ts';
import { lockReasons } from '../timesheets/locks.ts';
import { taskViews } from './task-view.ts';
import type { LockViewer } from '../timesheets/auto-lock.ts';

export interface ListFilter {
  userId?: number | undefined;
  projectId?: number | undefined;
  taskId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  date?: string | undefined;
  onlyWithTask?: boolean | undefined;
  limit?: number | undefined;
  page?: number | undefined;
  offset?: number | undefined;
}

export const MAX_LIST = 50_000;

/** `offset` wins over `page` (1-based); `limit` defaults to 50 000. */
export function paging(f: Pick<ListFilter, 'limit' | 'page' | 'offset'>) {
  const limit = f.limit ?? MAX_LIST;
  return { limit, offset: f.offset ?? ((f.page ?? 1) - 1) * limit };
}

/** The list query: only the columns of the list shape, records of deleted tasks left out, ordered by (date, id). */
export function listQuery(scope: Scope, f: ListFilter) {
  const conds: (SQL | undefined)[] = [scope.mine(timeRecords), or(isNull(timeRecords.taskId), isNull(tasks.deletedAt))];
  if (f.userId !== undefined) conds.push(eq(timeRecords.userId, f.userId));
  if (f.taskId !== undefined) conds.push(eq(timeRecords.taskId, f.taskId));
  if (f.projectId !== undefined) conds.push(eq(tasks.projectId, f.projectId));
  if (f.from) conds.push(gte(timeRecords.date, f.from));
  if (f.to) conds.push(lte(timeRecords.date, f.to));
  if (f.date) conds.push(eq(timeRecords.date, f.date));
  if (f.onlyWithTask) conds.push(isNotNull(timeRecords.taskId));
  const { limit, offset } = paging(f);
  return scope.db
    .select({
      id: timeRecords.id,
      time: timeRecords.time,
      userId: timeRecords.userId,
      date: timeRecords.date,
      taskId: timeRecords.taskId,
      isInvoiced: timeRecords.isInvoiced,
      comment: timeRecords.comment,
    })
    .from(timeRecords)
    .leftJoin(tasks, eq(tasks.id, timeRecords.taskId))
    .where(and(...conds))
    .orderBy(asc(timeRecords.date), asc(timeRecords.id))
    .limit(limit)
    .offset(offset);
}

/** Appends text to a growing byte buffer: the list is written as bytes, each task's JSON encoded once and copied. */
class ByteWriter {
  private buf: Buffer;
  private at = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(Math.max(1024, size));
  }
  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }
  /** ASCII-only text (numbers, dates, keys). */
  ascii(s: string) {
    this.room(s.length);
    this.at += this.buf.write(s, this.at, 'latin1');
  }
  utf8(s: string) {
    this.room(Buffer.byteLength(s));
    this.at += this.buf.write(s, this.at, 'utf8');
  }
  bytes(b: Buffer) {
    this.room(b.length);
    b.copy(this.buf, this.at);
    this.at += b.length;
  }
  done(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}

/**
 * The list as UTF-8 JSON (array of the list shape). Three steps whatever the size (the records; the tasks with
 * their time; the locks per user), and the bytes are written directly: each task's JSON is encoded once.
 */
export async function listJson(scope: Scope, viewer: Viewer, f: ListFilter, locker: LockViewer | null): Promise<Buffer> {
  const rows = await listQuery(scope, f);
  if (rows.length === 0) return Buffer.from('[]');
  const taskIds = new Set<number>();
  const datesByUser = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.taskId !== null) taskIds.add(r.taskId);
    let ds = datesByUser.get(r.userId);
    if (!ds) datesByUser.set(r.userId, (ds = new Set()));
    ds.add(r.date);
  }
  const [views, locks] = await Promise.all([
    taskViews(scope, viewer, [...taskIds]),
    Promise.all([...datesByUser].map(async ([userId, dates]) => [userId, await lockReasons(scope, userId, [...dates], locker)] as const)),
  ]);
  const taskBytes = new Map<number, Buffer>();
  let largest = 4;
  for (const [id, v] of views) {
    const b = Buffer.from(v.json);
    taskBytes.set(id, b);
    largest = Math.max(largest, b.length);
  }
  const lockedDays = new Map<number, Map<string, string[]>>(locks);
  const out = new ByteWriter(rows.length * (largest + 160));
  const NULL = Buffer.from('null');
  out.ascii('[');
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const locked = r.isInvoiced || (lockedDays.get(r.userId)?.get(r.date)?.length ?? 0) > 0;
    out.ascii(`${i === 0 ? '' : ','}{"id":${r.id},"time":${r.time},"user":${r.userId},"date":"${r.date}","task":`);
    out.bytes(r.taskId === null ? NULL : (taskBytes.get(r.taskId) ?? NULL));
    out.ascii(`,"isLocked":${locked},"isInvoiced":${r.isInvoiced},"comment":`);
    out.utf8(`${JSON.stringify(r.comment)}}`);
  }
  out.ascii(']');
  return out.done();
}
