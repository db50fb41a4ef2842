import crypto from 'node:crypto';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { teams, twoFactor, twoFactorRecoveryCodes } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { Deps, UserRow } from '../http/env.ts';
import { claimEvent, resetThrottle, throttleKey, type ThrottlePolicy } from './throttle.ts';
import { secretHash } from './util.ts';

/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either side accepted)
 * and one-time recovery codes. The secret is encrypted at rest like API keys; recovery codes are kept as keyed
 * hashes. A code's step is remembered per account and a code of that step or an earlier one is refused, so a
 * code seen by someone else cannot be used again, even by requests racing each other (a conditional UPDATE).
 */

export const TOTP_PERIOD = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Timekeep';

/** Codes tried per account: five in a row may be wrong, then the account's code step waits (from a minute, doubling, up to 15). */
export const CODES_PER_ACCOUNT: ThrottlePolicy = { free: 5, windowSec: 15 * 60, maxDelaySec: 15 * 60 };

const totp = (secret: string, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

export type TwoFactorRow = typeof twoFactor.$inferSelect;

/** The user's two-factor row (enabled or being set up), if any. */
export async function twoFactorOf(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

export const isOn = (row: TwoFactorRow | undefined): row is TwoFactorRow & { enabledAt: Date } => !!row?.enabledAt;

/** Whether the user's team requires two-factor sign-in. */
export async function teamRequiresTwoFactor(db: Db, teamId: number): Promise<boolean> {
  const [row] = await db.select({ required: teams.requireTwoFactor }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return row?.required ?? false;
}

/**
 * Starts setting up two-factor: a new secret waiting for its first code (replacing one not confirmed), unless
 * `keep` and one is already waiting. Does nothing when two-factor is on.
 */
export async function beginSetup(deps: Deps, userId: number, opts: { keep?: boolean } = {}) {
  const existing = await twoFactorOf(deps.db, userId);
  if (isOn(existing) || (existing && opts.keep)) return;
  const secretEnc = deps.secrets.encrypt(new OTPAuth.Secret({ size: 20 }).base32);
  await deps.db
    .insert(twoFactor)
    .values({ userId, secretEnc, lastStep: 0 })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEnc, lastStep: 0, createdAt: deps.clock() },
      setWhere: isNull(twoFactor.enabledAt),
    });
}

export interface SetupView {
  /** The secret as text (base32, in groups of four), for apps that cannot scan. */
  secretText: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code, an SVG data URL. */
  qrDataUrl: string;
}

/** What the set-up step shows for a secret waiting for its first code; null when none is waiting. */
export async function setupView(deps: Deps, user: Pick<UserRow, 'id' | 'email'>): Promise<SetupView | null> {
  const row = await twoFactorOf(deps.db, user.id);
  if (!row || row.enabledAt) return null;
  const secret = deps.secrets.decrypt(row.secretEnc);
  const uri = totp(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    secretText: secret.match(/.{1,4}/g)!.join(' '),
    uri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The time step a TOTP code matches at `now` (±1 step), or null. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code: ten characters from an alphabet without look-alikes, as xxxxx-xxxxx (about 49 bits). */
function newRecoveryCode(): string {
  let s = '';
  for (const b of crypto.randomBytes(10)) s += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (deps: Deps, userId: number, code: string) => secretHash(deps, 'recovery', `${userId}:${normaliseRecovery(code)}`);

/** Replaces the user's recovery codes with ten new ones; answers them (shown once, never stored in clear). */
export async function newRecoveryCodes(deps: Deps, userId: number, db: Db = deps.db): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(deps, userId, c) })));
  return codes;
}

/** How many recovery codes the user has left. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export type CodeCheck =
  { ok: true; recovery: boolean } | { ok: false; reason: 'wrong' | 'reused' | 'missing' } | { ok: false; reason: 'wait'; seconds: number };

const codesKey = (deps: Deps, userId: number) => throttleKey(deps, 'two-factor', String(userId));

/**
 * Checks a code against the user's two-factor: a TOTP code of the current step or one either side, not older
 * than or equal to the last accepted one; or, when `recovery`, an unused recovery code (used up here). Each try
 * is counted per account before the check, under a row lock, so parallel tries cannot pass the limit.
 * With `confirming`, checks against the secret waiting for its first code and turns two-factor on.
 */
export async function checkCode(
  deps: Deps,
  userId: number,
  input: string,
  opts: { recovery?: boolean; confirming?: boolean } = {},
): Promise<CodeCheck> {
  const row = await twoFactorOf(deps.db, userId);
  if (!row || (opts.confirming ? row.enabledAt : !row.enabledAt)) return { ok: false, reason: 'missing' };
  const wait = await claimEvent(deps, codesKey(deps, userId), CODES_PER_ACCOUNT);
  if (wait > 0) return { ok: false, reason: 'wait', seconds: wait };
  const code = input.trim().slice(0, 64);
  const now = deps.clock();
  let result: CodeCheck = { ok: false, reason: 'wrong' };
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = matchingStep(deps.secrets.decrypt(row.secretEnc), digits, now);
    if (step !== null) {
      // Only one request can move the step forward: a code already accepted (or an older one) changes no row.
      const cond = opts.confirming ? isNull(twoFactor.enabledAt) : lt(twoFactor.lastStep, step);
      const set = opts.confirming ? { lastStep: step, enabledAt: now } : { lastStep: step };
      const moved = await deps.db
        .update(twoFactor)
        .set(set)
        .where(and(eq(twoFactor.userId, userId), eq(twoFactor.secretEnc, row.secretEnc), cond))
        .returning({ userId: twoFactor.userId });
      result = moved.length ? { ok: true, recovery: false } : { ok: false, reason: 'reused' };
    }
  } else if (opts.recovery && /^[a-z0-9]{10}$/.test(normaliseRecovery(code))) {
    const used = await deps.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, recoveryHash(deps, userId, code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (used.length) result = { ok: true, recovery: true };
  }
  if (result.ok) await resetThrottle(deps, codesKey(deps, userId));
  return result;
}

/** Turns two-factor off: the secret and the recovery codes go. */
export async function turnOff(deps: Deps, userId: number) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
}

/** What a refused code's page says. */
export function codeProblem(check: Exclude<CodeCheck, { ok: true }>): string {
  switch (check.reason) {
    case 'reused':
      return 'This code was already used. Wait for the next code in your authenticator app.';
    case 'wait': {
      const minutes = Math.max(1, Math.ceil(check.seconds / 60));
      return `Too many wrong codes for this account. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
    }
    case 'missing':
      return 'Two-factor sign-in is not set up for this account.';
    default:
      return 'The code is not correct.';
  }
}
