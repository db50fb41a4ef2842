/** Client ids from dynamic registration, one per authorization server (issuer), kept in localStorage. */
const KEY = 'timekeep.oauth.clients';

interface Registration {
  clientId: string;
  redirectUri: string;
  /** When the server last accepted a revocation from this client (ms since the epoch): it knew the id then. */
  confirmedAt?: number;
}

function readAll(storage: Storage): Record<string, Registration> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, Registration>) : {};
  } catch {
    return {};
  }
}

/** The client id registered at `issuer` for `redirectUri`, if any. */
export function cachedClientId(storage: Storage, issuer: string, redirectUri: string): string | null {
  const entry = readAll(storage)[issuer];
  return entry && typeof entry.clientId === 'string' && entry.redirectUri === redirectUri ? entry.clientId : null;
}

/** How long a revocation the server accepted vouches for the client id: a sign-in soon after needs no check. */
export const CONFIRMED_FOR_MS = 10 * 60_000;

/** Whether the server accepted a revocation from `clientId` at `issuer` less than CONFIRMED_FOR_MS before `now`. */
export function recentlyConfirmed(storage: Storage, issuer: string, clientId: string, now: number): boolean {
  const entry = readAll(storage)[issuer];
  const at = entry?.clientId === clientId ? entry.confirmedAt : undefined;
  return typeof at === 'number' && now >= at && now - at < CONFIRMED_FOR_MS;
}

/** Notes that the server just accepted a revocation from `clientId`, so it still knows the id. */
export function confirmClientId(storage: Storage, issuer: string, clientId: string, now: number): void {
  const all = readAll(storage);
  if (all[issuer]?.clientId !== clientId) return;
  storage.setItem(KEY, JSON.stringify({ ...all, [issuer]: { ...all[issuer], confirmedAt: now } }));
}

/** Every client id this browser registered (its own sign-ins, on any server). */
export function knownClientIds(storage: Storage): Set<string> {
  return new Set(Object.values(readAll(storage)).flatMap((r) => (typeof r.clientId === 'string' ? [r.clientId] : [])));
}

export function rememberClientId(storage: Storage, issuer: string, registration: Registration): void {
  storage.setItem(KEY, JSON.stringify({ ...readAll(storage), [issuer]: registration }));
}

/** Drops the id `issuer` no longer knows, so the next sign-in registers again. */
export function forgetClientId(storage: Storage, issuer: string, clientId?: string): void {
  const all = readAll(storage);
  if (!all[issuer] || (clientId !== undefined && all[issuer].clientId !== clientId)) return;
  delete all[issuer];
  storage.setItem(KEY, JSON.stringify(all));
}
