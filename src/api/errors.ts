import type { ErrorBody } from '../../contract/common.ts';

/** The server answered with an error: the spec's body `{code, message, errors?}` and the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: number;
  /** Messages per field, for 422 answers. */
  readonly errors: Record<string, string[]> | undefined;
  /** Seconds the server asked us to wait, on 429. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody, retryAfter: number | null = null) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.errors = body.errors;
    this.retryAfter = retryAfter;
  }
}

/** The server could not be reached at all (offline, wrong address, CORS refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly baseUrl: string;
  constructor(baseUrl: string, options?: { cause?: unknown }) {
    super(`Could not reach the server at ${baseUrl}.`, options);
    this.baseUrl = baseUrl;
  }
}

export interface ContractIssue {
  path: PropertyKey[];
  message: string;
}

/** The server answered, but its body does not match the contract: a bug on one side, never hidden. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  readonly issues: ContractIssue[];
  constructor(operation: string, issues: ContractIssue[]) {
    const first = issues[0];
    const where = first ? ` (${first.path.map(String).join('.') || 'body'}: ${first.message})` : '';
    super(`The answer to ${operation} does not match the API contract${where}.`);
    this.issues = issues;
  }
}

/** Reads an error body without trusting it: any shape the spec does not allow becomes a generic message. */
export function toErrorBody(status: number, statusText: string, json: unknown): ErrorBody {
  if (typeof json === 'object' && json !== null) {
    const { code, message, errors } = json as Record<string, unknown>;
    if (typeof message === 'string' && message.trim() !== '') {
      return {
        code: typeof code === 'number' && Number.isInteger(code) ? code : status,
        message,
        ...(isFieldErrors(errors) ? { errors } : {}),
      };
    }
  }
  const text = statusText ? `${status} ${statusText}` : String(status);
  return { code: status, message: `The server answered ${text}.` };
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

/** A message fit to show a person, for any error the app may meet. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof ContractError) return error.message;
  return 'Something went wrong on our side. Try again.';
}
