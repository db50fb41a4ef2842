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

/** zod issues to `{field: [messages]}`, field paths joined by dots. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix?: string) {
  const errors: Record<string, string[]> = {};
  for (const i of issues) {
    const key = [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '_';
    (errors[key] ??= []).push(i.message);
  }
  return errors;
}
