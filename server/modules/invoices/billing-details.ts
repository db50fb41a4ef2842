import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { MAX_LOGO_BYTES, teamBillingRoutes, type BillingDetails } from '../../../contract/team-billing.ts';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError, invalid, notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { detectType } from '../attachments/detect.ts';
import { newStorageKey, storageFor, type AttachmentStorage } from '../attachments/storage.ts';
import { receiveUpload } from '../attachments/upload.ts';
import { embeds } from '../../lib/pdf.ts';

/** The team's details that its invoices carry: name, address, payment terms and logo (admins). */

export type TeamBillingRow = Pick<
  typeof teams.$inferSelect,
  'name' | 'billingName' | 'billingAddress' | 'paymentTerms' | 'logoKey' | 'logoType' | 'logoSize'
>;

const columns = {
  name: teams.name,
  billingName: teams.billingName,
  billingAddress: teams.billingAddress,
  paymentTerms: teams.paymentTerms,
  logoKey: teams.logoKey,
  logoType: teams.logoType,
  logoSize: teams.logoSize,
};

export async function teamBillingRow(db: Db, teamId: number): Promise<TeamBillingRow> {
  const [row] = await db.select(columns).from(teams).where(eq(teams.id, teamId));
  if (!row) throw notFound('Team');
  return row;
}

export const presentBillingDetails = (row: TeamBillingRow): BillingDetails => ({
  displayName: row.billingName,
  address: row.billingAddress,
  paymentTerms: row.paymentTerms,
  logo: row.logoKey && row.logoType ? { type: row.logoType, size: row.logoSize ?? 0 } : null,
});

/** The logo's bytes, or null when there is none (or its file is gone). */
export async function readLogo(storage: AttachmentStorage, row: TeamBillingRow): Promise<Uint8Array | null> {
  if (!row.logoKey) return null;
  const file = await storage.open(row.logoKey);
  return file ? new Uint8Array(await new Response(file.stream).arrayBuffer()) : null;
}

/** A PNG or JPEG by its first bytes that the PDF writer can also read through (a damaged image is refused now, not at print time). */
async function checkLogo(bytes: Uint8Array, field: string): Promise<'image/png' | 'image/jpeg'> {
  const message = 'Only PNG or JPEG images are accepted';
  if (bytes.length === 0) throw invalid(field, 'The file is empty');
  if (bytes.length > MAX_LOGO_BYTES) throw new ApiError(413, `The file is larger than ${MAX_LOGO_BYTES / 1024 / 1024} MB`);
  const type = detectType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg') throw invalid(field, message);
  if (!(await embeds(bytes))) throw invalid(field, `${message}; this one cannot be read`);
  return type;
}

/**
 * Sets the team's logo columns and answers the storage key they held, read under a row lock: of two uploads at
 * once, each removes the file the other replaced, and no file is left behind that no team row names.
 */
async function swapLogo(db: Db, teamId: number, logo: Pick<TeamBillingRow, 'logoKey' | 'logoType' | 'logoSize'>) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ key: teams.logoKey }).from(teams).where(eq(teams.id, teamId)).for('update');
    await tx.update(teams).set(logo).where(eq(teams.id, teamId));
    return row?.key ?? null;
  });
}

const requireBilling = (caller: Parameters<typeof requireRole>[0]) =>
  requireRole(caller, ['admin'], "Only admins can see and set the team's billing details");

export function registerBillingDetailsRoutes(app: Hono<AppEnv>) {
  register(app, teamBillingRoutes.billingDetails, async (c, _in, caller) => {
    requireBilling(caller);
    return presentBillingDetails(await teamBillingRow(c.get('deps').db, caller.team.id));
  });

  register(app, teamBillingRoutes.updateBillingDetails, async (c, { body }, caller) => {
    requireBilling(caller);
    const db = c.get('deps').db;
    const set = { billingName: body.displayName, billingAddress: body.address, paymentTerms: body.paymentTerms };
    if (Object.values(set).some((v) => v !== undefined)) await db.update(teams).set(set).where(eq(teams.id, caller.team.id));
    return presentBillingDetails(await teamBillingRow(db, caller.team.id));
  });

  register(
    app,
    teamBillingRoutes.uploadLogo,
    async (c, _in, caller) => {
      requireBilling(caller);
      const file = await receiveUpload(c);
      const type = await checkLogo(file.bytes, file.field);
      const { db, config } = c.get('deps');
      const storage = storageFor(config);
      const key = newStorageKey(caller.team.id);
      await storage.put(key, file.bytes);
      const old = await swapLogo(db, caller.team.id, { logoKey: key, logoType: type, logoSize: file.bytes.length });
      if (old) await storage.remove(old);
      return presentBillingDetails(await teamBillingRow(db, caller.team.id));
    },
    { readBody: false },
  );

  register(app, teamBillingRoutes.logo, async (c, _in, caller) => {
    requireBilling(caller);
    const { db, config } = c.get('deps');
    const row = await teamBillingRow(db, caller.team.id);
    const bytes = await readLogo(storageFor(config), row);
    if (!bytes || !row.logoType) throw notFound('Logo');
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Content-Type': row.logoType,
        'Content-Length': String(bytes.length),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });

  register(app, teamBillingRoutes.removeLogo, async (c, _in, caller) => {
    requireBilling(caller);
    const { db, config } = c.get('deps');
    const old = await swapLogo(db, caller.team.id, { logoKey: null, logoType: null, logoSize: null });
    if (old) await storageFor(config).remove(old);
  });
}
