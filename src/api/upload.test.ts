import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './errors.ts';
import { FakeXhr } from './fake-xhr.ts';
import { progressOf, uploadFile, type UploadOptions } from './upload.ts';

const file = new File(['%PDF-1.4 hello'], 'receipt.pdf', { type: 'application/pdf' });
const flush = () => new Promise((r) => setTimeout(r, 0));
const options = (extra: Partial<UploadOptions> = {}): UploadOptions => ({
  baseUrl: 'http://api.test/',
  path: '/attachments',
  file,
  credential: { headers: ({ method, url }) => ({ Authorization: `Bearer t-${method}-${url}` }) },
  createXhr: FakeXhr.create,
  ...extra,
});

afterEach(() => {
  FakeXhr.all = [];
});

describe('progressOf', () => {
  it.each([
    [0, 100, true, 0],
    [50, 200, true, 0.25],
    [200, 200, true, 1],
    [250, 200, true, 1],
    [10, 0, true, null],
    [10, 100, false, null],
  ])('%i of %i (%s) is %s', (loaded, total, computable, fraction) => {
    expect(progressOf(loaded, total, computable).fraction).toBe(fraction);
  });
});

describe('uploadFile', () => {
  it('posts the file as multipart with the credential headers and reports progress', async () => {
    const onProgress = vi.fn();
    const done = uploadFile(options({ onProgress, name: 'Taxi.pdf' }));
    await flush();
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://api.test/attachments']);
    expect(xhr.headers.Authorization).toBe('Bearer t-POST-http://api.test/attachments');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect((xhr.body?.get('file') as File).name).toBe('receipt.pdf');
    expect(xhr.body?.get('name')).toBe('Taxi.pdf');
    xhr.progress(5, 20);
    xhr.progress(20, 20);
    expect(onProgress.mock.calls.map((c) => c[0].fraction)).toEqual([0.25, 1]);
    xhr.answer(201, { id: 7, name: 'Taxi.pdf', token: 'abc' });
    await expect(done).resolves.toEqual({ id: 7, name: 'Taxi.pdf', token: 'abc' });
  });

  it('turns an error answer into ApiError with the server’s message', async () => {
    const done = uploadFile(options());
    await flush();
    FakeXhr.last().answer(413, { code: 413, message: 'The file is larger than 10 MB' });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).message).toBe('The file is larger than 10 MB');
  });

  it('reports a network failure', async () => {
    const done = uploadFile(options());
    await flush();
    FakeXhr.last().fail();
    await expect(done).rejects.toBeInstanceOf(NetworkError);
  });

  it('cancels through the abort signal', async () => {
    const controller = new AbortController();
    const done = uploadFile(options({ signal: controller.signal }));
    await flush();
    controller.abort();
    expect(FakeXhr.last().aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    await expect(uploadFile(options({ signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refreshes the credential once on 401 and sends again', async () => {
    const refresh = vi.fn(async (res: Response) => res.headers.get('DPoP-Nonce') === 'n-1');
    let proof = 0;
    const done = uploadFile(options({ credential: { headers: () => ({ DPoP: `proof-${++proof}` }), refresh } }));
    await flush();
    FakeXhr.last().answer(401, { code: 401, message: 'Use the nonce' }, { 'DPoP-Nonce': 'n-1' });
    await flush();
    expect(FakeXhr.all).toHaveLength(2);
    expect(FakeXhr.last().headers.DPoP).toBe('proof-2');
    FakeXhr.last().answer(401, { code: 401, message: 'Signed out' }, { 'DPoP-Nonce': 'n-1' });
    await expect(done).rejects.toMatchObject({ status: 401, message: 'Signed out' });
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('sends the file itself as the body when asked, with its Content-Type, progress and the one refresh on 401', async () => {
    const csv = new File(['Project,Client\nSite,Acme\n'], 'clockify.csv', { type: '' });
    const onProgress = vi.fn();
    const refresh = vi.fn(async () => true);
    let proof = 0;
    const done = uploadFile(
      options({
        path: '/imports?source=clockify&name=clockify.csv',
        file: csv,
        rawAs: 'text/csv',
        onProgress,
        credential: { headers: () => ({ DPoP: `proof-${++proof}` }), refresh },
      }),
    );
    await flush();
    const first = FakeXhr.last();
    expect(first.url).toBe('http://api.test/imports?source=clockify&name=clockify.csv');
    expect(first.headers['Content-Type']).toBe('text/csv');
    expect(first.sent).toBe(csv);
    expect(first.body).toBeNull();
    first.answer(401, { code: 401, message: 'Use the nonce' });
    await flush();
    expect(FakeXhr.all).toHaveLength(2);
    const second = FakeXhr.last();
    expect(second.headers).toMatchObject({ DPoP: 'proof-2', 'Content-Type': 'text/csv' });
    expect(second.sent).toBe(csv);
    second.progress(10, 40);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 10, total: 40, fraction: 0.25 });
    second.answer(201, { id: 3, status: 'previewed' });
    await expect(done).resolves.toEqual({ id: 3, status: 'previewed' });
    expect(refresh).toHaveBeenCalledOnce();
  });
});
