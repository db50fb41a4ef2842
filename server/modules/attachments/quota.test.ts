import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { attachments } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { sweepAttachments } from './service.ts';
import { storageFor } from './storage.ts';

// Each user's uploads are held to a storage quota; over it, their unattached uploads go after an hour, not 24 h.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-quota-'));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(92, 7)]); // 100 bytes
const QUOTA = 350;
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let category: number;

beforeAll(async () => {
  t = await setupTestApp({ config: { dataDir, uploadQuotaBytes: QUOTA } });
  r = await t.roles();
  category = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Travel', color: '#a1b2c3' } })).body.id;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const upload = (as: TestUser) => t.call('POST', '/attachments', { as, body: { name: 'receipt.png', content: PNG.toString('base64') } });
const age = (ids: number[], ms: number) => t.db.update(attachments).set({ createdAt: new Date(Date.now() - ms) }).where(inArray(attachments.id, ids));
const stored = async (id: number) => (await t.db.select().from(attachments).where(eq(attachments.id, id)))[0];
const HOUR = 3_600_000;

describe('upload quota', () => {
  it('is 250 MB per user by default, set by UPLOAD_QUOTA_MB', () => {
    expect(loadConfig({}).uploadQuotaBytes).toBe(250 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_QUOTA_MB: '10' }).uploadQuotaBytes).toBe(10 * 1024 * 1024);
  });

  it('refuses an upload past the quota with 422; uploads of others are counted apart', async () => {
    const u = await t.user(r.team.id, 'member');
    for (let i = 0; i < 3; i++) expect((await upload(u)).status).toBe(201);
    const over = await upload(u);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 422, errors: { content: [expect.stringContaining('quota')] } });
    expect((await upload(await t.user(r.team.id, 'member'))).status).toBe(201);
  });

  it('over the quota, sweeps the user’s uploads unattached for an hour, never attached ones nor recent ones', async () => {
    const u = await t.user(r.team.id, 'member');
    const [attached, old, recent]: number[] = [(await upload(u)).body.id, (await upload(u)).body.id, (await upload(u)).body.id];
    const expense = await t.call('POST', '/expenses', { as: u, body: { category, date: '2026-03-02', amount: 100, attachments: [attached] } });
    expect(expense.status).toBe(201);
    await age([attached!, old!], 2 * HOUR);
    await age([recent!], HOUR / 2);
    const next = await upload(u);
    expect(next.status).toBe(201);
    expect(await stored(old!)).toBeUndefined();
    expect(await stored(attached!)).toBeDefined();
    expect(await stored(recent!)).toBeDefined();
    expect((await upload(u)).status).toBe(422);
  });

  it('the background sweep takes unattached uploads after an hour from users over the quota, after 24 h from the others', async () => {
    const [over, under] = [await t.user(r.team.id, 'member'), await t.user(r.team.id, 'member')];
    const overIds = [(await upload(over)).body.id, (await upload(over)).body.id, (await upload(over)).body.id] as number[];
    const underId = (await upload(under)).body.id as number;
    // A quota lowered after the uploads (or uploads from before there was one) leaves `over` above it.
    await age([...overIds, underId], 2 * HOUR);
    await sweepAttachments(t.db, storageFor(t.deps.config), new Date(), undefined, 250);
    expect(await Promise.all(overIds.map(stored))).toEqual([undefined, undefined, undefined]);
    expect(await stored(underId)).toBeDefined();
    await age([underId], 25 * HOUR);
    await sweepAttachments(t.db, storageFor(t.deps.config), new Date(), undefined, 250);
    expect(await stored(underId)).toBeUndefined();
  });
});
