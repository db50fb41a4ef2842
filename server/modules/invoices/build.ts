import { sql, type SQL } from 'drizzle-orm';
import { invoiceItems } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { billRate, hourlyAmount, isBillable, joinRatesInForce, projectBillingColumns, userRatesInForce } from '../billing/rates.ts';
import { entryRounded, projectRounding, roundedSql } from '../billing/rounding.ts';
import { anyInt, queryRows } from '../time/sql.ts';

/** What an invoice takes from the records: both ends of the range included (null = open). */
export interface Selection {
  limitDateFrom: string | null;
  limitDateTill: string | null;
  includeTime: boolean;
  includeExpenses: boolean;
  /** Empty = every project of the client. */
  projectIds: number[];
  timeMask: string;
  expenseMask: string;
}

const inRange = (column: SQL, sel: Selection) =>
  sql`${sel.limitDateFrom ? sql`AND ${column} >= ${sel.limitDateFrom}` : sql``} ${sel.limitDateTill ? sql`AND ${column} <= ${sel.limitDateTill}` : sql``}`;
const inProjects = (column: SQL, sel: Selection) => (sel.projectIds.length ? sql`AND ${column} = ${anyInt(sel.projectIds)}` : sql``);

interface LinkTable {
  links: SQL;
  column: SQL;
  table: SQL;
}
const TIME: LinkTable = { links: sql`invoice_time_records`, column: sql`record_id`, table: sql`time_records` };
const EXPENSES: LinkTable = { links: sql`invoice_expenses`, column: sql`expense_id`, table: sql`expenses` };

/**
 * Links to the invoice the client's uninvoiced time records and billable expenses in the selection, and
 * marks them invoiced. Time: on `hourly` projects the billable tasks' records, on `fixed_fee` projects
 * every record (the fee pays for all of it). A record or expense is on one invoice at most (unique
 * index): when another invoice takes one first, `ON CONFLICT DO NOTHING` waits for that transaction and
 * leaves the record to it, so concurrent invoices never share a record.
 */
export async function claim(s: Scope, invoiceId: number, clientId: number, sel: Selection): Promise<void> {
  const team = s.teamId;
  const ofClient = (date: SQL) =>
    sql`p.team_id = ${team} AND p.client_id = ${clientId} ${inRange(date, sel)} ${inProjects(sql`p.id`, sel)}`;
  if (sel.includeTime)
    await link(
      s,
      invoiceId,
      TIME,
      sql`FROM time_records r
        JOIN tasks t ON t.id = r.task_id
        JOIN projects p ON p.id = t.project_id
        WHERE r.team_id = ${team} AND NOT r.is_invoiced AND r.time > 0 AND ${ofClient(sql`r.date`)}
          AND (p.billing->>'type' = 'fixed_fee' OR ${isBillable(sql`NOT t.unbillable`, sql`p.billing->>'type'`)})
        ORDER BY r.id`,
    );
  if (sel.includeExpenses)
    await link(
      s,
      invoiceId,
      EXPENSES,
      sql`FROM expenses r
        JOIN projects p ON p.id = r.project_id
        WHERE r.team_id = ${team} AND r.type = 'billable' AND NOT r.is_invoiced AND ${ofClient(sql`r.date`)}
        ORDER BY r.id`,
    );
}

/** Links the rows `r` of `source` (a FROM … ORDER BY clause) to the invoice, skipping any linked meanwhile, and marks them invoiced. */
async function link(s: Scope, invoiceId: number, l: LinkTable, source: SQL) {
  await s.db.execute(sql`
    WITH picked AS (
      INSERT INTO ${l.links} (team_id, invoice_id, ${l.column})
      SELECT ${s.teamId}, ${invoiceId}, r.id ${source}
      ON CONFLICT DO NOTHING
      RETURNING ${l.column} AS id
    )
    UPDATE ${l.table} SET is_invoiced = true WHERE id IN (SELECT id FROM picked)`);
}

/** Unlinks every record and expense of the invoice and marks them uninvoiced again. */
export async function release(s: Scope, invoiceId: number): Promise<void> {
  for (const l of [TIME, EXPENSES])
    await s.db.execute(sql`
      WITH gone AS (DELETE FROM ${l.links} WHERE team_id = ${s.teamId} AND invoice_id = ${invoiceId} RETURNING ${l.column} AS id)
      UPDATE ${l.table} SET is_invoiced = false WHERE id IN (SELECT id FROM gone)`);
}
interface TimeLine {
  project_id: number;
  project_name: string;
  billing_type: string;
  fee: string | number;
  secs: string | number;
  amount: string | number;
  exact_amount: string | number;
  /** Seconds and exact amount after rounding each entry (the recorded ones when the rule rounds the total). */
  entry_secs: string | number;
  entry_amount: string | number;
  r_mode: string | null;
  r_step: number | null;
  r_per: string | null;
  /** The line's seconds rounded as a total (the recorded ones when no rule rounds the total). */
  total_secs: string | number;
  min_rate: string | number;
  max_rate: string | number;
}
interface ExpenseLine {
  project_id: number;
  project_name: string;
  category_id: number;
  category_name: string;
  unit_based: boolean;
  unit_price: number | null;
  amount: string | number;
  quantity: string | number | null;
}

type NewItem = Omit<typeof invoiceItems.$inferInsert, 'teamId'>;

const named = (mask: string, project: string, category = '') => mask.replaceAll('%PROJECT%', project).replaceAll('%CATEGORY%', category);
const hours = (secs: number) => Math.round((secs / 3600) * 10_000) / 10_000;

/**
 * The line items of what the invoice covers (docs/invoices.md, "Lines"): per project (by name) a time
 * line — hourly at the rates the billing settings give, Σ seconds × rate ÷ 3600 over its records rounded
 * half up once; fixed fee the project's fee — then one line per expense category (Σ amounts).
 * With billing rounding (docs/invoices.md, "Rounding"), `billedTime` and the amount are the rounded time's
 * (each record rounded, or the line's sum rounded and the amount scaled alike) and `recordedTime` the seconds
 * recorded.
 */
export async function generatedItems(s: Scope, invoiceId: number, sel: Selection): Promise<NewItem[]> {
  const team = s.teamId;
  // Each record at the rates in force on its date.
  const rate = billRate(sql`p`, sql`r.user_id`, userRatesInForce);
  const time = await queryRows<TimeLine>(
    s,
    sql`
    WITH p AS (SELECT id, name, ${projectBillingColumns} FROM projects WHERE team_id = ${team})
    SELECT p.id AS project_id, p.name AS project_name, p.billing_type, p.fee,
           sum(r.time) AS secs,
           round(sum(${hourlyAmount(sql`r.time::numeric`, rate)})) AS amount,
           sum(${hourlyAmount(sql`r.time::numeric`, rate)}) AS exact_amount,
           sum(${entryRounded(sql`r.time`, sql`pr`)}) AS entry_secs,
           sum(${hourlyAmount(entryRounded(sql`r.time`, sql`pr`), rate)}) AS entry_amount,
           pr.r_mode, pr.r_step, pr.r_per,
           CASE WHEN pr.r_per = 'total' THEN ${roundedSql(sql`sum(r.time)`, sql`pr.r_mode`, sql`pr.r_step`)} ELSE sum(r.time) END AS total_secs,
           min(${rate}) AS min_rate, max(${rate}) AS max_rate
    FROM invoice_time_records x
    JOIN time_records r ON r.id = x.record_id
    JOIN tasks t ON t.id = r.task_id
    JOIN users u ON u.id = r.user_id
    ${joinRatesInForce(team, sql`r.user_id`, sql`r.date`)}
    JOIN p ON p.id = t.project_id
    LEFT JOIN ${projectRounding(team)} pr ON pr.id = p.id
    WHERE x.team_id = ${team} AND x.invoice_id = ${invoiceId}
    GROUP BY p.id, p.name, p.billing_type, p.fee, pr.r_mode, pr.r_step, pr.r_per`,
  );
  const spent = await queryRows<ExpenseLine>(
    s,
    sql`
    SELECT p.id AS project_id, p.name AS project_name, c.id AS category_id, c.name AS category_name, c.unit_based, c.unit_price,
           sum(e.amount) AS amount, sum(e.quantity) AS quantity
    FROM invoice_expenses x
    JOIN expenses e ON e.id = x.expense_id
    JOIN projects p ON p.id = e.project_id
    JOIN expense_categories c ON c.id = e.category_id
    WHERE x.team_id = ${team} AND x.invoice_id = ${invoiceId}
    GROUP BY p.id, p.name, c.id, c.name, c.unit_based, c.unit_price`,
  );
  const projects = new Map<number, string>();
  for (const r of [...time, ...spent]) projects.set(r.project_id, r.project_name);
  const order = [...projects].sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0]);
  const items: NewItem[] = [];
  for (const [projectId, projectName] of order) {
    const t = time.find((r) => r.project_id === projectId);
    if (t) {
      const secs = Number(t.secs);
      const fixed = t.billing_type === 'fixed_fee';
      const single = Number(t.min_rate) === Number(t.max_rate);
      const { billed, amount } = roundedLine(t);
      items.push({
        invoiceId,
        name: named(sel.timeMask, projectName),
        billedTime: billed,
        recordedTime: secs,
        quantity: fixed ? 1 : hours(billed),
        rate: fixed ? Number(t.fee) : single ? Number(t.min_rate) : null,
        listAmount: fixed ? Number(t.fee) : amount,
        projectId,
        position: 0,
      });
    }
    const lines = spent
      .filter((e) => e.project_id === projectId)
      .sort((a, b) => a.category_name.localeCompare(b.category_name) || a.category_id - b.category_id);
    for (const e of lines)
      items.push({
        invoiceId,
        name: named(sel.expenseMask, projectName, e.category_name),
        // Units at the unit price; otherwise one item at the amount spent, so the line reads "1 × $40.00".
        ...(e.unit_based && e.quantity !== null
          ? { quantity: Number(e.quantity), rate: e.unit_price }
          : { quantity: 1, rate: Number(e.amount) }),
        listAmount: Number(e.amount),
        projectId,
        categoryId: e.category_id,
        position: 0,
      });
  }
  return items.map((item, i) => ({ ...item, position: i + 1 }));
}

/**
 * The billed seconds and amount (cents, half up once) of a time line: per entry, Σ rounded records at their
 * rates; per total, the line's seconds rounded and the exact recorded amount scaled by rounded ÷ recorded.
 */
function roundedLine(t: TimeLine): { billed: number; amount: number } {
  const secs = Number(t.secs);
  if (t.r_per === 'entry') return { billed: Number(t.entry_secs), amount: Math.round(Number(t.entry_amount)) };
  if (t.r_per === 'total') {
    const billed = Number(t.total_secs);
    return { billed, amount: secs > 0 ? Math.round((Number(t.exact_amount) * billed) / secs) : 0 };
  }
  return { billed: secs, amount: Number(t.amount) };
}
