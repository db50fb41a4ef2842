import { ApiError, describeError } from '../../api/errors.ts';

/**
 * Where a failed submit shows: a 422's field messages on the fields the form has (by their path, e.g.
 * `role` or `days.monday`), everything else (400, 403, 409, a 422 about no field of the form, a network
 * failure) as one message for the form's alert.
 */
export function splitServerError(
  error: unknown,
  hasField: (path: string) => boolean,
): { fields: [string, string][]; message: string | null } {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return { fields: [], message: describeError(error) };
  const fields: [string, string][] = [];
  const other: string[] = [];
  for (const [path, messages] of Object.entries(error.errors)) {
    const message = messages[0] ?? error.message;
    if (hasField(path)) fields.push([path, message]);
    else other.push(path === '' || path === 'body' ? message : `${path}: ${message}`);
  }
  return { fields, message: other.length ? [error.message, ...other].join(' ') : fields.length ? null : error.message };
}
