import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A table that holds team data. */
export type TeamTable = PgTable & { teamId: PgColumn; id?: PgColumn };
type Row<T extends TeamTable> = T['$inferSelect'];
type New<T extends TeamTable> = Omit<T['$inferInsert'], 'teamId'>;

/**
 * All access to team data goes through a Scope bound to the caller's team: every read, update and
 * delete is filtered by `team_id`, and every insert sets it. A row of another team is simply not found.
 */
export class Scope {
  constructor(
    readonly db: Db,
    readonly teamId: number,
  ) {}

  /** `team_id = <team>` for a table, to AND into hand-written joins. */
  mine(table: TeamTable): SQL {
    return eq(table.teamId, this.teamId);
  }

  where(table: TeamTable, ...conds: (SQL | undefined)[]): SQL {
    return and(this.mine(table), ...conds) as SQL;
  }

  async list<T extends TeamTable>(table: T, ...conds: (SQL | undefined)[]): Promise<Row<T>[]> {
    return (await this.db.select().from(table as PgTable).where(this.where(table, ...conds))) as Row<T>[];
  }

  async first<T extends TeamTable>(table: T, ...conds: (SQL | undefined)[]): Promise<Row<T> | undefined> {
    const rows = (await this.db.select().from(table as PgTable).where(this.where(table, ...conds)).limit(1)) as Row<T>[];
    return rows[0];
  }

  async byId<T extends TeamTable & { id: PgColumn }>(table: T, id: number): Promise<Row<T> | undefined> {
    return this.first(table, eq(table.id, id));
  }

  async insert<T extends TeamTable>(table: T, values: New<T>): Promise<Row<T>> {
    const rows = (await this.db
      .insert(table as PgTable)
      .values({ ...values, teamId: this.teamId } as never)
      .returning()) as Row<T>[];
    return rows[0] as Row<T>;
  }

  async insertMany<T extends TeamTable>(table: T, values: New<T>[]): Promise<Row<T>[]> {
    if (values.length === 0) return [];
    return (await this.db
      .insert(table as PgTable)
      .values(values.map((v) => ({ ...v, teamId: this.teamId })) as never)
      .returning()) as Row<T>[];
  }

  /** Updates the matching rows; with nothing to set (every value undefined) it changes nothing and answers them as they are. */
  async update<T extends TeamTable>(table: T, set: Partial<New<T>>, ...conds: (SQL | undefined)[]): Promise<Row<T>[]> {
    if (Object.values(set).every((v) => v === undefined)) return this.list(table, ...conds);
    return (await this.db
      .update(table as PgTable)
      .set(set as never)
      .where(this.where(table, ...conds))
      .returning()) as Row<T>[];
  }

  async delete<T extends TeamTable>(table: T, ...conds: (SQL | undefined)[]): Promise<Row<T>[]> {
    return (await this.db.delete(table as PgTable).where(this.where(table, ...conds)).returning()) as Row<T>[];
  }

  /** Runs `fn` in one transaction with a scope bound to the same team. */
  async tx<R>(fn: (s: Scope) => Promise<R>): Promise<R> {
    return this.db.transaction(async (tx) => fn(new Scope(tx as unknown as Db, this.teamId)));
  }
}
