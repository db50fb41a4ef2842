import { z } from 'zod';
import { isDate, isWeekId } from './weeks.ts';

/** One schema per wire primitive; every resource reuses these. */

/** Calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD')
  .refine(isDate, 'Must be a real calendar date');

/** Date-time `YYYY-MM-DD HH:MM:SS`, UTC. */
export const dateTimeString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Must be a date-time as YYYY-MM-DD HH:MM:SS')
  .refine((s) => isDate(s.slice(0, 10)), 'Must be a real calendar date');

/** Clock time `HH:MM`, 00:00 to 23:59. */
export const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:MM (00:00 to 23:59)');

/** Week id `YYWW`: two-digit ISO week-numbering year and ISO week. */
export const weekId = z
  .number()
  .int()
  .refine(isWeekId, 'Must be a week id as YYWW with an existing ISO week');

/** Integer seconds, never negative. */
export const seconds = z.number().int('Must be whole seconds').min(0, 'Must not be negative');
/** Integer cents, never negative. */
export const cents = z.number().int('Must be whole cents').min(0, 'Must not be negative');
/** `#rrggbb`. */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour as #rrggbb');

/** Largest value of a PostgreSQL `integer` column. */
export const MAX_INT = 2_147_483_647;
/** Largest id a row can have (PostgreSQL `integer`). */
export const MAX_ID = MAX_INT;

// Every id the interface takes (path, query or body) is one of the schemas below, so an id that no row can have (beyond
// the `integer` column) is refused by the contract: a 404 in a path, a 422 in a query or body, never a database error.

/** Digits of an id that fits the column: 1 to MAX_ID. */
export const idInRange = (digits: string) => Number(digits) >= 1 && Number(digits) <= MAX_ID;
/** An id written in digits, as a string (path, query, map key). */
const idString = (message: string) => z.string().regex(/^\d{1,10}$/, message).refine(idInRange, message);

/** Numeric ids (clients, users, records, hooks…). */
export const numericId = z.number().int().positive().max(MAX_ID, 'No such id');
/**
 * A numeric id in a request body. Clients of the public API send some ids as numeric strings
 * (`"section": "2"`), so digits in a string are taken too; the value is always a number after parsing.
 */
export const idInput = z.union([numericId, z.string().regex(/^\d{1,10}$/, 'Must be a numeric id').transform(Number).pipe(numericId)], {
  error: 'Must be a numeric id',
});

/** `ev:<digits>`, the wire form of project and task ids (integers in the database). */
const prefixedId = (what: string) =>
  z
    .string()
    .regex(/^ev:\d{1,10}$/, `Must be a ${what} id like ev:123`)
    .refine((s) => idInRange(s.slice(3)), `Must be a ${what} id like ev:123`);
/** Project id `ev:<digits>`. */
export const projectId = prefixedId('project');
/** Task id `ev:<digits>`. */
export const taskId = prefixedId('task');

/** A map keyed by user id written as a string. */
export const userMap = <T extends z.ZodType>(value: T) => z.record(idString('Must be a user id'), value);

/** Path parameters are strings; these parse them (a failure answers 404). */
export const numericIdParam = idString('No such id').transform(Number);
export const prefixedIdParam = prefixedId('project or task');

/**
 * The path parameter that names a user. Wherever a path takes it, `me` stands for the caller: the server puts
 * the caller's id in its place before validating, and the OpenAPI document says so.
 */
export const USER_PATH_PARAM = 'user_id';
export const ME = 'me';

/** A numeric id in a query string. */
export const numericIdQuery = (what: string) => idString(`Must be a ${what} id`).transform(Number);

/** Query-string helpers. */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
/**
 * `limit` of a list whose spec sets no maximum: any positive whole number, clamped to `max` (the list's
 * natural bound) rather than refused, so a client asking for more than there can be still gets the list.
 */
export const queryLimit = (max: number) =>
  z
    .string()
    .regex(/^\d{1,20}$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Must be at least 1'))
    .transform((n) => Math.min(n, max));
export const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
  .transform((v) => v === 'true' || v === '1');
export const queryDate = dateString;

/** The error body of every failed request. */
export const errorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Content type of an Excel workbook (`.xlsx`). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
