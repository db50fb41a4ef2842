import { sql, type SQL } from 'drizzle-orm';

/**
 * Billing rounding in SQL (contract/rounding.ts has the same rule in TypeScript, `roundSeconds`; the two
 * are tested to agree on both databases). Reports and invoices round where they aggregate.
 */

/**
 * The rule in force on each project of team `teamId`, as a derived table: `id` (project), `r_mode`
 * (`up`, `down`, `nearest`; null = no rounding), `r_step` (seconds) and `r_per` (`entry`, `total`).
 * A project's override wins (`"none"` turns rounding off); SQL NULL inherits the team's rule.
 */
export const projectRounding = (teamId: number) => sql`(
    SELECT p.id,
           x.rule->>'mode' AS r_mode,
           ((x.rule->>'step')::integer * 60) AS r_step,
           x.rule->>'per' AS r_per
    FROM projects p
    JOIN teams tm ON tm.id = p.team_id
    CROSS JOIN LATERAL (SELECT CASE
        WHEN p.rounding IS NULL OR jsonb_typeof(p.rounding) = 'null' THEN tm.rounding
        WHEN jsonb_typeof(p.rounding) = 'object' THEN p.rounding
        ELSE NULL END AS rule) x
    WHERE p.team_id = ${teamId}
  )`;

/**
 * `secs` rounded to a multiple of `step` seconds by `mode` (exact numeric): `up`, `down`, or `nearest`
 * with halves up; any other mode (null) leaves `secs` as it is.
 */
export const roundedSql = (secs: SQL, mode: SQL, step: SQL) => sql`(CASE ${mode}
    WHEN 'up' THEN ceil((${secs})::numeric / ${step}) * ${step}
    WHEN 'down' THEN floor((${secs})::numeric / ${step}) * ${step}
    WHEN 'nearest' THEN floor((2 * (${secs})::numeric + ${step}) / (2 * ${step})) * ${step}
    ELSE (${secs})::numeric END)`;

/** `secs` of one record rounded when its project's rule rounds each entry (`pr` joined as `projectRounding`). */
export const entryRounded = (secs: SQL, pr: SQL) =>
  sql`CASE WHEN ${pr}.r_per = 'entry' THEN ${roundedSql(secs, sql`${pr}.r_mode`, sql`${pr}.r_step`)} ELSE (${secs})::numeric END`;
