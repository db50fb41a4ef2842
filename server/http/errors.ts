import type { ErrorBody } from '../../contract/common.ts';

/** A failure with a status and a message safe to show the client. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return this.errors ? { code: this.status, message: this.message, errors: this.errors } : { code: this.status, message: this.message };
  }
}

export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const badRequest = (message: string) => new ApiError(400, message);
/** 422 with one field's message. */
export const invalid = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });
export const unprocessable = (message: string, errors?: Record<string, string[]>) => new ApiError(422, message, errors);

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  params?: unknown;
}

/**
 * The spec's error table in one rule: a parameter of the operation (a body field, a query parameter) that the
 * request leaves out is a missing required field (400); anything wrong with a parameter that is present, down to
 * what it holds, is an invalid value (422). Refinements that make a field required in some cases ("a unit-based
 * category needs unitPrice") name the field, and the same rule applies to them.
 */
const isMissing = (i: Issue, input: unknown) =>
  i.path.length === 1 && (input === undefined || (input !== null && typeof input === 'object' && (input as Record<PropertyKey, unknown>)[i.path[0]!] === undefined));

/**
 * The answer to input that fails its schema, or to a handler's own finding about one field: 400 when a required
 * field is missing, 422 when every field is present but some are invalid; `errors` names each field either way.
 */
export function validationError(issues: readonly Issue[], input: unknown, what = 'request body') {
  const missing = issues.filter((i) => isMissing(i, input));
  const shown = issues.map((i) => (missing.includes(i) && i.code !== 'custom' ? { ...i, message: 'Required' } : i));
  return missing.length > 0
    ? new ApiError(400, `Required fields are missing from the ${what}`, issuesToErrors(shown))
    : new ApiError(422, 'Validation failed', issuesToErrors(shown));
}

/** A handler's finding about one field of `input` (a rule the schema cannot see), answered by the same rule. */
export const fieldError = (input: unknown, field: string, message: string, what?: string) =>
  validationError([{ path: [field], message, code: 'custom' }], input, what);

/** zod issues to `{field: [messages]}`, field paths joined by dots. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix?: string) {
  const errors: Record<string, string[]> = {};
  for (const i of issues) {
    const key = [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '_';
    (errors[key] ??= []).push(i.message);
  }
  return errors;
}
