import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient, RequestOptions } from '../../api/client.ts';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { pathOf, type Operation } from '../../api/operation.ts';
import { discard, isRefusal, refused, retry, save } from './save-requests.ts';
import { preloadSaveRequests, Saver } from './saver.ts';

const task = { id: 'ev:10', name: 'Design', projects: ['ev:1'], status: 'open' as const };
const record = (id: number, time: number) => ({ id, time, user: 1, date: '2026-11-16', task: null, isLocked: false, isInvoiced: false, comment: '', history: [], createdAt: '2026-11-16 10:00:00', lockReasons: [] });

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) } as Storage;
}

function fakeApi(answers: Array<(req: RequestOptions<unknown>) => unknown>) {
  const calls: Array<{ method: string; path: string; body: unknown; key: string | undefined }> = [];
  const api = {
    call: vi.fn(async (op: Operation, args: { params?: Record<string, number>; body?: unknown; headers?: Record<string, string> } = {}) => {
      const req: RequestOptions<unknown> = { method: op.method, path: pathOf(op.path, args.params), body: args.body };
      calls.push({ method: req.method, path: req.path, body: req.body, key: args.headers?.['Idempotency-Key'] });
      const next = answers.shift();
      if (!next) throw new Error(`unexpected ${req.method} ${req.path}`);
      return next(req);
    }),
  } as unknown as ApiClient;
  return { api, calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('saver', () => {
  // As the page does once the grid is drawn: saves then start their request at once.
  beforeAll(() => preloadSaveRequests());

  it('POSTs a new cell, PUTs a known one, DELETEs a cleared one', async () => {
    const { api, calls } = fakeApi([() => record(5, 5400), () => record(5, 1800), () => undefined]);
    const saver = new Saver(api, 1, memoryStorage());
    save(saver, { task, date: '2026-11-16', seconds: 5400, recordId: null });
    await settle();
    save(saver, { task, date: '2026-11-16', seconds: 1800, recordId: 5 });
    await settle();
    save(saver, { task, date: '2026-11-16', seconds: 0, recordId: 5 });
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['post /time', 'put /time/5', 'delete /time/5']);
    expect(calls[0]!.body).toEqual({ time: 5400, date: '2026-11-16', task: 'ev:10' });
    expect(saver.pending()).toEqual([]);
  });

  it('saves a member’s time for an admin: new records name the member, unsaved work is kept apart and survives a reload', async () => {
    const storage = memoryStorage();
    const { api, calls } = fakeApi([
      () => {
        throw new NetworkError('http://api.test');
      },
      () => record(9, 3600),
    ]);
    const saver = new Saver(api, 12, storage, undefined, 1);
    save(saver, { task, date: '2026-11-16', seconds: 3600, recordId: null });
    await settle();
    expect(saver.pending()[0]!.status).toBe('failed');
    // Under the admin's name, not where the member's own unsaved cells are kept.
    expect(storage.getItem('timekeep.unsaved.12')).toBeNull();
    expect(storage.getItem('timekeep.unsaved.1.for.12')).not.toBeNull();
    expect(new Saver(api, 12, storage).pending()).toEqual([]);

    const again = new Saver(api, 12, storage, undefined, 1);
    expect(again.pending()).toHaveLength(1);
    again.retryAll();
    await settle();
    expect(calls.map((c) => c.body)).toEqual([
      { time: 3600, date: '2026-11-16', task: 'ev:10', user: 12 },
      { time: 3600, date: '2026-11-16', task: 'ev:10', user: 12 },
    ]);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(again.pending()).toEqual([]);
    expect(storage.getItem('timekeep.unsaved.1.for.12')).toBeNull();
  });

  it('corrects a POST that added to a record the server already had', async () => {
    const { api, calls } = fakeApi([() => record(7, 9000), () => record(7, 5400)]);
    const saver = new Saver(api, 1, memoryStorage());
    save(saver, { task, date: '2026-11-16', seconds: 5400, recordId: null });
    await settle();
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['post /time', 'put /time/7']);
    expect(calls[1]!.body).toEqual({ time: 5400 });
  });

  it('keeps a failure in storage, survives a reload, and sends it again', async () => {
    const storage = memoryStorage();
    const { api } = fakeApi([
      () => {
        throw new NetworkError('http://api.test');
      },
    ]);
    const saver = new Saver(api, 1, storage);
    save(saver, { task, date: '2026-11-16', seconds: 5400, recordId: null });
    await settle();
    expect(saver.pending()[0]).toMatchObject({ status: 'failed', seconds: 5400 });
    expect(saver.pending()[0]!.error).toMatch(/cannot be reached/);
    expect(storage.getItem('timekeep.unsaved.1')).toContain('"seconds":5400');

    // A new visit: the change is still there and goes out when started.
    const second = fakeApi([() => record(9, 5400)]);
    const again = new Saver(second.api, 1, storage);
    expect(again.pending()).toHaveLength(1);
    const saved = vi.fn();
    again.onSaved(saved);
    again.start();
    await settle();
    again.stop();
    expect(second.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['post /time']);
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ taskId: 'ev:10', date: '2026-11-16' }), expect.anything());
    expect(storage.getItem('timekeep.unsaved.1')).toBeNull();
  });

  it('names each change with its own Idempotency-Key, resent unchanged by retries and after a reload', async () => {
    const storage = memoryStorage();
    const lost = () => {
      throw new NetworkError('http://api.test');
    };
    const { api, calls } = fakeApi([lost, lost]);
    const saver = new Saver(api, 1, storage);
    save(saver, { task, date: '2026-11-16', seconds: 5400, recordId: null });
    await settle();
    saver.retryAll();
    await settle();
    save(saver, { task, date: '2026-11-17', seconds: 600, recordId: null });
    await settle();
    const [first, retried, other] = calls;
    expect(first!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(retried!.key).toBe(first!.key);
    expect(other!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(other!.key).not.toBe(first!.key);

    // A reload: the pending changes come back with their keys.
    const second = fakeApi([() => record(9, 5400), () => record(10, 600)]);
    const again = new Saver(second.api, 1, storage);
    again.start();
    await settle();
    again.stop();
    expect(second.calls.map((c) => c.key)).toEqual([first!.key, other!.key]);
  });

  it('keeps a refusal with its reason, never sends it again, and lets the user dismiss it', async () => {
    const storage = memoryStorage();
    const { api, calls } = fakeApi([
      () => {
        throw new ApiError(422, { code: 422, message: 'This would exceed the budget' });
      },
    ]);
    const saver = new Saver(api, 1, storage);
    save(saver, { task, date: '2026-11-16', seconds: 60, recordId: null });
    await settle();
    expect(saver.pending()[0]).toMatchObject({ status: 'refused', error: 'This would exceed the budget' });
    saver.retryAll();
    retry(saver, 'ev:10', '2026-11-16');
    await settle();
    expect(calls).toHaveLength(1);

    // Still a refusal after a reload, and still not sent.
    const again = new Saver(fakeApi([]).api, 1, storage);
    again.start();
    await settle();
    again.stop();
    expect(refused(again)).toMatchObject([{ status: 'refused', seconds: 60, error: 'This would exceed the budget' }]);

    discard(saver, [{ taskId: 'ev:10', date: '2026-11-16' }]);
    expect(saver.pending()).toEqual([]);
    expect(storage.getItem('timekeep.unsaved.1')).toBeNull();
  });

  it('tells refusals (4xx) from failures worth another try', () => {
    for (const status of [400, 403, 404, 409, 422]) expect(isRefusal(new ApiError(status, { code: status, message: 'no' }))).toBe(true);
    for (const status of [401, 408, 429, 500, 503]) expect(isRefusal(new ApiError(status, { code: status, message: 'later' }))).toBe(false);
    expect(isRefusal(new NetworkError('http://api.test'))).toBe(false);
  });

  it('sends the newest value when the user typed again during a save', async () => {
    let release!: () => void;
    const { api, calls } = fakeApi([
      () => new Promise((r) => (release = () => r(record(4, 3600)))),
      () => record(4, 7200),
    ]);
    const saver = new Saver(api, 1, memoryStorage());
    save(saver, { task, date: '2026-11-16', seconds: 3600, recordId: null });
    save(saver, { task, date: '2026-11-16', seconds: 7200, recordId: null });
    release();
    await settle();
    await settle();
    expect(calls.map((c) => `${c.method} ${c.path} ${JSON.stringify(c.body)}`)).toEqual([
      'post /time {"time":3600,"date":"2026-11-16","task":"ev:10"}',
      'put /time/4 {"time":7200}',
    ]);
    expect(saver.pending()).toEqual([]);
  });
});
