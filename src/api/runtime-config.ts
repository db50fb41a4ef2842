import { normalizeBaseUrl } from '../lib/format.ts';

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
    const res = await doFetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
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
