import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { splitServerError } from './server-errors.ts';

const has = (path: string) => ['role', 'days'].includes(path.split('.')[0]!);

describe('where a refused submit shows', () => {
  it('puts a 422’s messages on the fields the form has', () => {
    const e = new ApiError(422, {
      code: 422,
      message: 'The request is not valid',
      errors: { role: ['The team needs at least one active admin'], 'days.monday': ['Locked'] },
    });
    expect(splitServerError(e, has)).toEqual({
      fields: [
        ['role', 'The team needs at least one active admin'],
        ['days.monday', 'Locked'],
      ],
      message: null,
    });
  });

  it('sends a 422 about fields the form does not have to the alert, naming them', () => {
    const e = new ApiError(422, {
      code: 422,
      message: 'The request is not valid',
      errors: { role: ['Bad'], reviewer: ['Not a reviewer'] },
    });
    expect(splitServerError(e, has)).toEqual({ fields: [['role', 'Bad']], message: 'The request is not valid reviewer: Not a reviewer' });
  });

  it('shows 400, 403, 409 and network failures in the alert with the server’s message', () => {
    for (const status of [400, 403, 409])
      expect(splitServerError(new ApiError(status, { code: status, message: `m${status}` }), has)).toEqual({
        fields: [],
        message: `m${status}`,
      });
    expect(splitServerError(new NetworkError('http://api.test'), has).message).toBe('Could not reach the server at http://api.test.');
    expect(splitServerError(new Error('internal detail'), has).message).toBe('Something went wrong on our side. Try again.');
  });
});
