import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billRate, costRate, hourlyAmount, isBillable, joinRatesInForce, projectBillingColumns, userRatesInForce } from '../billing/rates.ts';
import { entryRounded, projectRounding, roundedSql } from '../billing/rounding.ts';

/** The user's rate and cost in force on the dates of the aggregated records (columns of `agg`). */
const inForce = { rate: sql`a.user_rate`, cost: sql`a.user_cost` };

/** What a dashboard groups by. */
export type GroupBy = 'client' | 'project' | 'user';

export interface DashboardFilter {
  teamId: number;
  from?: string | undefined;
  to?: string | undefined;
  projectId?: number | undefined;
  clientId?: number | undefined;
  memberId?: number | undefined;
}

/** Sums of time records for one group (docs/dashboards.md). Money in cents, rounded half up once per sum. */
export interface TimeTotals {
  key: number;
  time: number;
  billableTime: number;
  timerTime: number;
  billableAmountTime: number;
  uninvoicedTime: number;
  costsTime: number;
  /** The same with billing rounding (docs/dashboards.md, "Rounding"). */
  roundedTime: number;
  roundedBillableTime: number;
  roundedBillableAmountTime: number;
}

export interface ExpenseTotals {
  key: number;
  expenses: number;
  billableExpenses: number;
  separateExpenses: number;
  costsExpenses: number;
  uninvoicedExpenses: number;
}

export interface TimeOffTotals {
  key: number;
  timeOffDays: number;
  timeOffTime: number;
  costsTimeOff: number;
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

const timeKey: Record<GroupBy, SQL> = { client: sql`client_id`, project: sql`project_id`, user: sql`user_id` };

/**
 * Time figures per group, aggregated in one SQL statement. Records are first summed per (user, project,
 * task billable, invoiced), the grain at which every rate is constant, so money is computed on a few
 * thousand sums instead of every record (Σ seconds × rate = rate × Σ seconds). A record is billable when
 * its task's project bills (`hourly` or `fixed_fee`) and the task is not `unbillable`. Hourly amounts use
 * the project's rate type; a fixed fee is spread over the project's seconds in the range (all members),
 * so the fee is counted once per project and report. Costs use the user's cost or the project's cost
 * override. Timer seconds are the `TIMER` history of each record, at most the record's time.
 *
 * Shape, for speed (bench/dashboards.bench.ts): one pass over the records in range, summed per rate
 * period of the user (a row of rate history in force, or none) before the user's own rate and cost fill the
 * periods without one, so users are joined to the sums, not to every record; one pass over the
 * team's `TIMER` history (the partial index `time_history_timer_idx` holds only those rows), summed per
 * record and joined by record id, so the history of records outside the range adds nothing; project
 * settings are read from jsonb once per project and the per-user overrides looked up on the
 * pre-aggregated rows only; the fixed-fee seconds of a project are a window sum over those rows, not a
 * second pass. The grain, and so every rounding, is the same as summing record by record per group.
 */
export async function timeTotals(db: Db, group: GroupBy, f: DashboardFilter): Promise<TimeTotals[]> {
  const key = timeKey[group];
  const result = await db.execute(sql`
    WITH hist AS (
      SELECT record_id, sum(time) AS secs
      FROM time_history
      WHERE team_id = ${f.teamId} AND action = 'TIMER'
      GROUP BY record_id
    ),
    periods AS (
      SELECT r.user_id, t.project_id, (t.id IS NOT NULL AND NOT t.unbillable) AS task_billable, r.is_invoiced,
             ur.rate, ur.cost,
             sum(r.time) AS secs,
             sum(${entryRounded(sql`r.time`, sql`pr`)}) AS rsecs,
             sum(least(greatest(coalesce(h.secs, 0), 0), r.time)::integer) AS timer
      FROM time_records r
      ${joinRatesInForce(f.teamId, sql`r.user_id`, sql`r.date`)}
      LEFT JOIN tasks t ON t.id = r.task_id
      LEFT JOIN hist h ON h.record_id = r.id
      LEFT JOIN ${projectRounding(f.teamId)} pr ON pr.id = t.project_id
      WHERE r.team_id = ${f.teamId} ${f.from ? sql`AND r.date >= ${f.from}` : sql``} ${f.to ? sql`AND r.date <= ${f.to}` : sql``}
        ${f.projectId !== undefined ? sql`AND t.project_id = ${f.projectId}` : sql``}
        ${f.clientId !== undefined ? sql`AND t.project_id IN (SELECT id FROM projects WHERE team_id = ${f.teamId} AND client_id = ${f.clientId})` : sql``}
      GROUP BY 1, 2, 3, 4, 5, 6
    ),
    agg AS (
      SELECT a.user_id, a.project_id, a.task_billable, a.is_invoiced, a.secs, a.rsecs, a.timer,
             coalesce(a.rate, u.rate) AS user_rate, coalesce(a.cost, u.cost) AS user_cost
      FROM periods a
      JOIN users u ON u.id = a.user_id
    ),
    proj AS (
      SELECT p.id, p.client_id, pr.r_mode, pr.r_step, pr.r_per, ${projectBillingColumns}
      FROM projects p
      LEFT JOIN ${projectRounding(f.teamId)} pr ON pr.id = p.id
      WHERE p.team_id = ${f.teamId}
    ),
    tr AS (
      SELECT a.user_id, a.project_id, p.client_id, a.secs::numeric AS secs, a.rsecs, a.timer, a.is_invoiced,
             p.r_mode, p.r_step, p.r_per,
             coalesce(p.billing_type, 'non_billable') AS billing_type,
             coalesce(p.fee, 0) AS fee,
             ${billRate(sql`p`, sql`a.user_id`, inForce)} AS bill_rate,
             ${costRate(sql`p`, sql`a.user_id`, inForce)} AS cost_rate,
             ${isBillable(sql`a.task_billable`, sql`p.billing_type`)} AS billable
      FROM agg a
      LEFT JOIN proj p ON p.id = a.project_id
    ),
    fixed AS (
      SELECT tr.*, sum(secs) FILTER (WHERE billing_type = 'fixed_fee') OVER (PARTITION BY project_id) AS fixed_secs
      FROM tr
    ),
    rec AS (
      SELECT user_id, project_id, client_id, secs, rsecs, timer, billable, is_invoiced, billing_type, bill_rate, r_mode, r_step, r_per,
             CASE
               WHEN billing_type = 'hourly' AND billable THEN ${hourlyAmount(sql`secs`, sql`bill_rate`)}
               WHEN billing_type = 'fixed_fee' AND fixed_secs > 0 THEN fee * secs / fixed_secs
               ELSE 0 END AS amount,
             ${hourlyAmount(sql`secs`, sql`cost_rate`)} AS cost
      FROM fixed
      ${f.memberId !== undefined ? sql`WHERE user_id = ${f.memberId}` : sql``}
    ),
    -- Per total: the row's seconds on one project, billable and not apart, rounded once and shared out
    -- over its parts in proportion to their seconds (so amounts at several rates scale alike).
    parts AS (
      SELECT rec.*, sum(secs) OVER (PARTITION BY ${key}, project_id, billable) AS part_secs
      FROM rec
    ),
    rounded AS (
      SELECT parts.*,
             CASE WHEN r_per = 'total' THEN
                    CASE WHEN part_secs > 0 THEN secs * ${roundedSql(sql`part_secs`, sql`r_mode`, sql`r_step`)} / part_secs ELSE 0 END
                  ELSE rsecs END AS rounded_secs
      FROM parts
    )
    SELECT ${key} AS key,
           sum(secs) AS time,
           coalesce(sum(secs) FILTER (WHERE billable), 0) AS billable_time,
           sum(timer) AS timer_time,
           round(sum(amount)) AS amount,
           coalesce(round(sum(amount) FILTER (WHERE NOT is_invoiced)), 0) AS uninvoiced,
           round(sum(cost)) AS cost,
           round(sum(rounded_secs)) AS rounded_time,
           coalesce(round(sum(rounded_secs) FILTER (WHERE billable)), 0) AS rounded_billable_time,
           round(sum(CASE WHEN billing_type = 'hourly' AND billable THEN ${hourlyAmount(sql`rounded_secs`, sql`bill_rate`)} ELSE amount END)) AS rounded_amount
    FROM rounded
    WHERE ${key} IS NOT NULL
    GROUP BY ${key}
  `);
  return rowsOf(result).map((r) => ({
    key: n(r.key),
    time: n(r.time),
    billableTime: n(r.billable_time),
    timerTime: n(r.timer_time),
    billableAmountTime: n(r.amount),
    uninvoicedTime: n(r.uninvoiced),
    costsTime: n(r.cost),
    roundedTime: n(r.rounded_time),
    roundedBillableTime: n(r.rounded_billable_time),
    roundedBillableAmountTime: n(r.rounded_amount),
  }));
}

const expenseKey: Record<GroupBy, SQL> = { client: sql`p.client_id`, project: sql`e.project_id`, user: sql`e.user_id` };

/** Expense sums per group and type. */
export async function expenseTotals(db: Db, group: GroupBy, f: DashboardFilter): Promise<ExpenseTotals[]> {
  const key = expenseKey[group];
  const result = await db.execute(sql`
    SELECT ${key} AS key,
           sum(e.amount) AS expenses,
           coalesce(sum(e.amount) FILTER (WHERE e.type = 'billable'), 0) AS billable,
           coalesce(sum(e.amount) FILTER (WHERE e.type = 'separate'), 0) AS separate,
           coalesce(sum(e.amount) FILTER (WHERE e.type = 'cost'), 0) AS cost,
           coalesce(sum(e.amount) FILTER (WHERE e.type = 'billable' AND NOT e.is_invoiced), 0) AS uninvoiced
    FROM expenses e
    LEFT JOIN projects p ON p.id = e.project_id
    WHERE e.team_id = ${f.teamId}
      ${f.from ? sql`AND e.date >= ${f.from}` : sql``}
      ${f.to ? sql`AND e.date <= ${f.to}` : sql``}
      ${f.projectId !== undefined ? sql`AND e.project_id = ${f.projectId}` : sql``}
      ${f.clientId !== undefined ? sql`AND p.client_id = ${f.clientId}` : sql``}
      ${f.memberId !== undefined ? sql`AND e.user_id = ${f.memberId}` : sql``}
      AND ${key} IS NOT NULL
    GROUP BY ${key}
  `);
  return rowsOf(result).map((r) => ({
    key: n(r.key),
    expenses: n(r.expenses),
    billableExpenses: n(r.billable),
    separateExpenses: n(r.separate),
    costsExpenses: n(r.cost),
    uninvoicedExpenses: n(r.uninvoiced),
  }));
}

/**
 * Approved time off per user within the range: workdays (Monday to Friday) of each assignment inside the
 * range times its period's share of a day; time = days × weekly capacity ÷ 5; cost = time × hourly cost
 * ÷ 3600 for paid types (an assignment without a type counts as paid).
 */
export async function timeOffTotals(db: Db, f: DashboardFilter): Promise<TimeOffTotals[]> {
  const result = await db.execute(sql`
    WITH days AS (
      SELECT o.user_id, u.capacity, ${userRatesInForce.cost} AS cost, coalesce(ty.paid, true) AS paid,
             CASE o.period WHEN 'full-day' THEN 1 WHEN 'half-of-day' THEN 0.5 WHEN 'quarter-of-day' THEN 0.25 ELSE 0.75 END
               * (CASE WHEN extract(isodow FROM d.day) < 6 THEN 1 ELSE 0 END) AS days
      FROM time_off o
      JOIN users u ON u.id = o.user_id
      LEFT JOIN time_off_types ty ON ty.id = o.type_id
      -- One row per day of the assignment inside the range, valued at the cost in force that day.
      LEFT JOIN LATERAL generate_series(
          greatest(o.start_date, ${f.from ?? null}::date),
          least(o.end_date, ${f.to ?? null}::date),
          interval '1 day') AS d(day) ON true
      ${joinRatesInForce(f.teamId, sql`o.user_id`, sql`d.day::date`)}
      WHERE o.team_id = ${f.teamId} AND o.status = 'approved'
        ${f.from ? sql`AND o.end_date >= ${f.from}` : sql``}
        ${f.to ? sql`AND o.start_date <= ${f.to}` : sql``}
        ${f.memberId !== undefined ? sql`AND o.user_id = ${f.memberId}` : sql``}
    )
    SELECT user_id AS key,
           sum(days) AS days,
           round(sum(days * capacity / 5)) AS time,
           coalesce(round(sum(days * capacity / 5 * cost / 3600) FILTER (WHERE paid)), 0) AS cost
    FROM days
    GROUP BY user_id
  `);
  return rowsOf(result).map((r) => ({ key: n(r.key), timeOffDays: n(r.days), timeOffTime: n(r.time), costsTimeOff: n(r.cost) }));
}
