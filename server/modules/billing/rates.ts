import { sql, type SQL } from 'drizzle-orm';

/**
 * The rates the billing settings give (docs/dashboards.md, "Rates"), as SQL, for every report and document
 * that prices time: the dashboards and the invoices. Every rate and cost is cents per hour.
 */

/** A project's billing settings read from jsonb once: select them `FROM projects` as a derived table. */
export const projectBillingColumns = sql`coalesce(billing->>'type', 'non_billable') AS billing_type,
  coalesce((billing->>'fee')::numeric, 0) AS fee,
  rate->>'type' AS rate_type,
  coalesce((rate->>'rate')::numeric, 0) AS rate,
  rate->'userRateOverrides' AS rate_overrides,
  rate->'userCostOverrides' AS cost_overrides`;

/**
 * The dated changes of users' rates as periods (`starts` inclusive, `ends` exclusive, null while in force),
 * joined as `ur` on user `userId` and date `date`: no row before a user's first change. Used with
 * `users u` joined, `rateInForce` and `costInForce` then give the rate and cost of time on that date.
 */
export const joinRatesInForce = (teamId: number, userId: SQL, date: SQL) => sql`LEFT JOIN (
    SELECT user_id, effective_from AS starts, lead(effective_from) OVER (PARTITION BY user_id ORDER BY effective_from) AS ends, rate, cost
    FROM user_rates WHERE team_id = ${teamId}
  ) ur ON ur.user_id = ${userId} AND ${date} >= ur.starts AND (ur.ends IS NULL OR ${date} < ur.ends)`;

/** The user's hourly rate and cost (cents) in force on the date `joinRatesInForce` was given. */
export const userRatesInForce = { rate: sql`coalesce(ur.rate, u.rate)`, cost: sql`coalesce(ur.cost, u.cost)` };

export interface UserRates {
  rate: SQL;
  cost: SQL;
}

/**
 * Bill rate of user `userId` on project `p` (a row with `projectBillingColumns`), `user` the user's rate and
 * cost in force: the project's rate, the user's rate or the user's cost (each with the project's override), by rate type.
 */
export const billRate = (p: SQL, userId: SQL, user: UserRates) => sql`CASE ${p}.rate_type
    WHEN 'project_rate' THEN ${p}.rate
    WHEN 'user_rate' THEN coalesce((${p}.rate_overrides->>(${userId}::text))::numeric, ${user.rate})
    WHEN 'user_cost' THEN coalesce((${p}.cost_overrides->>(${userId}::text))::numeric, ${user.cost})
    ELSE 0 END`;

/** Cost rate of user `userId` on project `p`: the project's cost override, else the user's cost in force. */
export const costRate = (p: SQL, userId: SQL, user: UserRates) => sql`coalesce((${p}.cost_overrides->>(${userId}::text))::numeric, ${user.cost})`;

/** Whether time is billable: its task is billable and its project bills (`hourly` or `fixed_fee`). */
export const isBillable = (taskBillable: SQL, billingType: SQL) => sql`(${taskBillable} AND coalesce(${billingType}, 'non_billable') <> 'non_billable')`;

/** Exact (numeric) amount of `secs` seconds at `rate` cents per hour; round once, at the end of a sum. */
export const hourlyAmount = (secs: SQL, rate: SQL) => sql`${secs} * ${rate} / 3600`;
