import crypto from 'node:crypto';
import { desc, eq, isNull, and } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import { ACCESS_TOKEN_TTL } from './util.ts';

/** Signing keys for access tokens: ES256, persisted (private part encrypted), rotated, previous ones published until their tokens expire. */
export const KEY_KIND = 'oauth-es256';
/** A key signs for this long, then a new one takes over. */
export const ROTATE_AFTER_MS = 30 * 24 * 3600 * 1000;
/** A retired key stays published this long (longer than any token it signed lives, plus clock skew). */
export const PUBLISH_RETIRED_MS = (ACCESS_TOKEN_TTL + 300) * 1000;
const RELOAD_MS = 60_000;
const MIN_RELOAD_GAP_MS = 5_000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  createdAt: Date;
  retiredAt: Date | null;
}

interface Cache {
  loadedAt: number;
  keys: SigningKey[];
  pending?: Promise<SigningKey[]>;
}
const caches = new WeakMap<Db, Cache>();

async function fromRow(deps: Deps, row: typeof serverKeys.$inferSelect): Promise<SigningKey> {
  const jwk = JSON.parse(deps.secrets.decrypt(row.material)) as JWK;
  const { d: _private, ...pub } = jwk;
  const publicJwk: JWK = { ...pub, kid: row.id, alg: 'ES256', use: 'sig' };
  return {
    kid: row.id,
    privateKey: (await importJWK(jwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
    publicJwk,
    createdAt: row.createdAt,
    retiredAt: row.retiredAt,
  };
}

async function load(deps: Deps): Promise<SigningKey[]> {
  const rows = await deps.db.select().from(serverKeys).where(eq(serverKeys.kind, KEY_KIND)).orderBy(desc(serverKeys.createdAt));
  const keys = await Promise.all(rows.map((r) => fromRow(deps, r)));
  caches.set(deps.db, { loadedAt: Date.now(), keys });
  return keys;
}

async function keys(deps: Deps, force = false): Promise<SigningKey[]> {
  const cache = caches.get(deps.db);
  if (cache?.pending) return cache.pending;
  const age = cache ? Date.now() - cache.loadedAt : Infinity;
  if (cache && age < RELOAD_MS && !(force && age > MIN_RELOAD_GAP_MS)) return cache.keys;
  const pending = load(deps);
  if (cache) cache.pending = pending;
  else caches.set(deps.db, { loadedAt: 0, keys: [], pending });
  try {
    return await pending;
  } finally {
    const now = caches.get(deps.db);
    if (now) delete now.pending;
  }
}

/** Makes a new signing key the active one and retires the others (they stay published for a while). */
export async function rotateSigningKey(deps: Deps): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = crypto.randomBytes(12).toString('base64url');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(serverKeys)
      .set({ retiredAt: now })
      .where(and(eq(serverKeys.kind, KEY_KIND), isNull(serverKeys.retiredAt)));
    await tx.insert(serverKeys).values({ id: kid, kind: KEY_KIND, material: deps.secrets.encrypt(JSON.stringify(jwk)), createdAt: now });
  });
  const all = await load(deps);
  return all.find((k) => k.kid === kid) as SigningKey;
}

const creating = new WeakMap<Db, Promise<SigningKey>>();

/** The key that signs new tokens; created on first use and rotated when it gets old. */
export async function activeKey(deps: Deps): Promise<SigningKey> {
  const now = deps.clock().getTime();
  const current = (await keys(deps)).find((k) => !k.retiredAt);
  if (current && now - current.createdAt.getTime() < ROTATE_AFTER_MS) return current;
  let pending = creating.get(deps.db);
  if (!pending) {
    pending = rotateSigningKey(deps).finally(() => creating.delete(deps.db));
    creating.set(deps.db, pending);
  }
  return pending;
}

/** Keys whose tokens may still be valid: the active ones and those retired less than a token lifetime ago. */
export async function publishedKeys(deps: Deps, force = false): Promise<SigningKey[]> {
  const now = deps.clock().getTime();
  return (await keys(deps, force)).filter((k) => !k.retiredAt || now - k.retiredAt.getTime() < PUBLISH_RETIRED_MS);
}

/** The public key for `kid`, reloading once (rate-limited) when another instance may have rotated. */
export async function verificationKey(deps: Deps, kid: string | undefined): Promise<CryptoKey | null> {
  if (!kid) return null;
  let key = (await publishedKeys(deps)).find((k) => k.kid === kid);
  if (!key) key = (await publishedKeys(deps, true)).find((k) => k.kid === kid);
  return key?.publicKey ?? null;
}

/** The JWKS document. */
export async function jwks(deps: Deps) {
  await activeKey(deps);
  return { keys: (await publishedKeys(deps)).map((k) => k.publicJwk) };
}
