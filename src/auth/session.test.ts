import { describe, expect, it } from 'vitest';
import { apiKeyCredential } from './credentials.ts';
import { savedSessionKind, Session } from './session.ts';

const DEFAULT = 'http://127.0.0.1:8787';

/** localStorage's three calls the session uses, over a Map. */
function memoryStorage(entries: [string, string][] = []): Storage {
  const storage = new Map(entries);
  return {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  } as Storage;
}

describe('Session', () => {
  it('survives a reload with its key and server', async () => {
    const store = memoryStorage();
    const first = new Session(store, DEFAULT);
    first.signIn(apiKeyCredential('tk_abc'), 'https://other.test');

    expect(savedSessionKind(store)).toBe('apiKey');
    const reloaded = new Session(store, DEFAULT);
    expect(reloaded.isSignedIn).toBe(true);
    expect(reloaded.baseUrl).toBe('https://other.test');
    expect(await reloaded.credential!.headers({ method: 'GET', url: 'https://other.test/users/me' })).toEqual({ 'X-Api-Key': 'tk_abc' });

    await reloaded.signOut();
    expect(savedSessionKind(store)).toBeNull();
    const afterSignOut = new Session(store, DEFAULT);
    expect(afterSignOut.isSignedIn).toBe(false);
    // The chosen server is remembered for the next sign-in.
    expect(afterSignOut.baseUrl).toBe('https://other.test');
  });

  it('remembers that the server ended the session, across a reload, until the next sign-in', async () => {
    const store = memoryStorage();
    const session = new Session(store, DEFAULT);
    session.signIn(apiKeyCredential('tk_abc'), DEFAULT);
    await session.signOut(true);
    expect(session.expired).toBe(true);
    // A reload still knows.
    expect(new Session(store, DEFAULT).expired).toBe(true);
    session.signIn(apiKeyCredential('tk_abc'), DEFAULT);
    expect(session.expired).toBe(false);
    await session.signOut();
    expect(session.expired).toBe(false);
  });

  it('ignores a damaged saved session', () => {
    const store = { getItem: () => '{not json', setItem: () => undefined, removeItem: () => undefined } as unknown as Storage;
    expect(new Session(store, DEFAULT).isSignedIn).toBe(false);
    expect(savedSessionKind(store)).toBeNull();
  });

  it('forgets the server override when signing in to the default', () => {
    const store = memoryStorage([['timekeep.server', 'https://other.test']]);
    const session = new Session(store, DEFAULT);
    expect(session.baseUrl).toBe('https://other.test');
    session.signIn(apiKeyCredential('tk_abc'), DEFAULT);
    expect(session.serverOverride).toBeNull();
    expect(session.baseUrl).toBe(DEFAULT);
  });
});
