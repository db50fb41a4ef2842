import { describe, expect, it } from 'vitest';
import { startupConfig, type RuntimeConfig } from './runtime-config.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) } as Storage;
}

describe('startup config', () => {
  it('waits for config.json on a first visit and when signed out, keeps it, and signed in starts from the kept copy', async () => {
    const storage = memoryStorage();
    let answer: RuntimeConfig = { apiBaseUrl: 'https://api.one.test' };
    let release: () => void = () => undefined;
    const load = () => new Promise<RuntimeConfig>((r) => (release = () => r(answer)));

    const first = startupConfig(storage, true, load);
    release();
    expect(await first).toEqual({ apiBaseUrl: 'https://api.one.test' });

    // Signed in: the kept copy at once, while config.json is read again for next time.
    answer = { apiBaseUrl: 'https://api.two.test' };
    expect(await startupConfig(storage, true, load)).toEqual({ apiBaseUrl: 'https://api.one.test' });
    release();
    await Promise.resolve();
    // Signed out: config.json itself (the sign-in uses its API).
    const signedOut = startupConfig(storage, false, load);
    release();
    expect(await signedOut).toEqual({ apiBaseUrl: 'https://api.two.test' });
    expect(JSON.parse(storage.getItem('timekeep.config')!)).toEqual({ apiBaseUrl: 'https://api.two.test' });
  });
});
