import { normalizeBaseUrl } from '../lib/base-url.ts';

export interface RuntimeConfig {
  /** Base URL of the API this build talks to by default. */
  apiBaseUrl: string;
}

export const DEFAULT_API_BASE_URL = 'http://127.0.0.1:8787';

/**
 * Reads `/config.json` next to the app, so one build serves any deployment. A missing or broken
 * file falls back to the local default rather than leaving the user in front of a blank page.
 */
export async function loadRuntimeConfig(doFetch: typeof fetch = (i, init) => globalThis.fetch(i, init)): Promise<RuntimeConfig> {
  try {
    // Default cache mode, so the response index.html's preload started is the one used.
    const res = await doFetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`config.json answered ${res.status}`);
    const json = (await res.json()) as { apiBaseUrl?: unknown };
    const apiBaseUrl = typeof json.apiBaseUrl === 'string' ? normalizeBaseUrl(json.apiBaseUrl) : null;
    if (!apiBaseUrl) throw new Error('config.json has no valid apiBaseUrl');
    return { apiBaseUrl };
  } catch (e) {
    console.warn(`Using the default API at ${DEFAULT_API_BASE_URL}:`, e);
    return { apiBaseUrl: DEFAULT_API_BASE_URL };
  }
}

const CONFIG_KEY = 'timekeep.config';

/**
 * The config for this start: with a saved session (which names its own API) the copy kept from the last
 * visit, so the first screen does not wait for `config.json`, which is still read and kept for the next
 * visit; otherwise (signing in uses the default API) `config.json` itself.
 */
export async function startupConfig(storage: Storage, signedIn: boolean, load: () => Promise<RuntimeConfig> = loadRuntimeConfig): Promise<RuntimeConfig> {
  const fresh = load().then((c) => {
    try {
      storage.setItem(CONFIG_KEY, JSON.stringify(c));
    } catch {
      // Without storage every visit reads config.json first.
    }
    return c;
  });
  let kept: RuntimeConfig | null = null;
  try {
    const v = JSON.parse(storage.getItem(CONFIG_KEY) ?? 'null') as Partial<RuntimeConfig> | null;
    const base = typeof v?.apiBaseUrl === 'string' ? normalizeBaseUrl(v.apiBaseUrl) : null;
    kept = base ? { apiBaseUrl: base } : null;
  } catch {
    kept = null;
  }
  return signedIn && kept ? kept : fresh;
}
