import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, expenseCategories, expenseAttachments, expenses } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { contentDisposition, decodeBase64 } from './upload.ts';
import { sweepAttachments } from './service.ts';
import { storageFor } from './storage.ts';
import { startAttachmentSweep } from './sweep.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-attachments-'));
const dir = path.join(dataDir, 'attachments');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const rowCount = async () => (await t.db.select({ n: count() }).from(attachments))[0]!.n;

async function uploadJson(as: TestUser, name: string, bytes: Buffer) {
  return t.call('POST', '/attachments', { as, body: { name, content: bytes.toString('base64') } });
}
async function uploadMultipart(as: TestUser, name: string, bytes: Buffer, declaredType = 'image/png', extra?: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: declaredType }), name);
  for (const [k, v] of Object.entries(extra ?? {})) form.append(k, v);
  const res = await t.app.request('/attachments', { method: 'POST', headers: { 'X-Api-Key': as.key }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
async function download(as: TestUser | null, token: string) {
  const res = await t.app.request(`/attachments/${token}/download`, { headers: as ? { 'X-Api-Key': as.key } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = await setupTestApp({ config: { dataDir } });
  r = await t.roles();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('attachments', () => {
  it('uploads as JSON base64 and downloads byte for byte with safe headers', async () => {
    const up = await uploadJson(r.member, 'receipt.pdf', PDF);
    expect(up.status).toBe(201);
    expect(up.body).toEqual({ id: expect.any(Number), name: 'receipt.pdf', token: expect.any(String) });
    const dl = await download(r.member, up.body.token);
    expect(dl.status).toBe(200);
    expect(dl.bytes.equals(PDF)).toBe(true);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
    // The file is stored under a server-made name.
    expect(files().some((f) => f.includes('receipt'))).toBe(false);
  });

  it('uploads as multipart/form-data and downloads byte for byte; the type comes from the bytes', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(300_000, 7)]);
    const up = await uploadMultipart(r.member, 'Quittung «März» "1".png', big, 'application/x-whatever');
    expect(up.status).toBe(201);
    expect(up.body.name).toBe('Quittung «März» "1".png');
    const dl = await download(r.member, up.body.token);
    expect(dl.bytes.equals(big)).toBe(true);
    expect(dl.headers.get('content-type')).toBe('image/png');
    const cd = dl.headers.get('content-disposition')!;
    expect(cd).toBe(`attachment; filename="Quittung _M_rz_ _1_.png"; filename*=UTF-8''Quittung%20%C2%ABM%C3%A4rz%C2%BB%20%221%22.png`);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toBe('Quittung «März» "1".png');
    // An explicit name part wins over the part's filename.
    const named = await uploadMultipart(r.member, 'blob', JPG, 'image/jpeg', { name: 'lunch.jpg' });
    expect(named.body.name).toBe('lunch.jpg');
  });

  it('recognises jpg, png, gif, webp, heic and pdf by their first bytes', async () => {
    const cases: [Buffer, string][] = [
      [JPG, 'image/jpeg'],
      [PNG, 'image/png'],
      [GIF, 'image/gif'],
      [WEBP, 'image/webp'],
      [HEIC, 'image/heic'],
      [PDF, 'application/pdf'],
    ];
    for (const [bytes, type] of cases) {
      const up = await uploadJson(r.member, 'file.bin', bytes);
      expect(up.status, type).toBe(201);
      const dl = await download(r.member, up.body.token);
      expect(dl.headers.get('content-type')).toBe(type);
      expect(dl.bytes.equals(bytes)).toBe(true);
    }
  });

  it('refuses bad files with the error body, writing nothing', async () => {
    const beforeFiles = files();
    const beforeRows = await rowCount();
    const exe = await uploadJson(r.member, 'photo.png', EXE);
    expect(exe.status).toBe(422);
    expect(exe.body).toMatchObject({ code: 422, message: expect.any(String), errors: { content: expect.any(Array) } });
    const exeForm = await uploadMultipart(r.member, 'photo.png', EXE, 'image/png');
    expect(exeForm.status).toBe(422);
    expect(exeForm.body.errors.file).toBeDefined();
    const empty = await uploadMultipart(r.member, 'empty.png', Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/empty/i);
    const emptyJson = await t.call('POST', '/attachments', { as: r.member, body: { name: 'e.png', content: '' } });
    expect(emptyJson.status).toBe(422);
    const eleven = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const bigJson = await uploadJson(r.member, 'big.png', eleven);
    expect(bigJson.status).toBe(413);
    expect(bigJson.body).toEqual({ code: 413, message: expect.any(String) });
    const bigForm = await uploadMultipart(r.member, 'big.png', eleven);
    expect(bigForm.status).toBe(413);
    const badB64 = await t.call('POST', '/attachments', {
      as: r.member,
      body: { name: 'x.png', content: 'iVBORw0KGgo*** not base64 ***' },
    });
    expect(badB64.status).toBe(422);
    expect(badB64.body.errors.content).toBeDefined();
    const dots = await uploadJson(r.member, '../../etc/passwd.png', PNG);
    expect(dots.status).toBe(422);
    expect(dots.body.errors.name).toBeDefined();
    const dotsOnly = await uploadJson(r.member, '..png', PNG);
    expect(dotsOnly.status).toBe(422);
    const slashForm = await uploadMultipart(r.member, 'a.png', PNG, 'image/png', { name: 'dir\\a.png' });
    expect(slashForm.status).toBe(422);
    const noFile = await t.app.request('/attachments', {
      method: 'POST',
      headers: { 'X-Api-Key': r.member.key },
      body: (() => {
        const f = new FormData();
        f.append('x', 'y');
        return f;
      })(),
    });
    expect(noFile.status).toBe(400); // the file part is a required field left out
    const malformed = await t.call('POST', '/attachments', { as: r.member, raw: '{"name":' });
    expect(malformed.status).toBe(400);
    const missing = await t.call('POST', '/attachments', { as: r.member, body: { content: PNG.toString('base64') } });
    expect(missing.status).toBe(400); // a missing required field (spec: 400); a present but invalid one is 422
    expect(missing.body.errors.name).toBeDefined();
    expect(files()).toEqual(beforeFiles);
    expect(await rowCount()).toBe(beforeRows);
  });

  it('decodes only real base64', () => {
    expect(decodeBase64('aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeBase64('aGVsbG8')?.toString()).toBe('hello');
    expect(decodeBase64('data:image/png;base64,aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeBase64('aGVs bG8=\n')?.toString()).toBe('hello');
    expect(decodeBase64('aGVsbG8=x')).toBeNull();
    expect(decodeBase64('a')).toBeNull();
    expect(decodeBase64('a$b=')).toBeNull();
    expect(contentDisposition('a\\b%.pdf')).toBe(`attachment; filename="a_b_.pdf"; filename*=UTF-8''a%5Cb%25.pdf`);
  });

  it('lets only those who may read what holds a file download it: a token alone opens nothing', async () => {
    const colleague = await t.user(r.team.id, 'member');
    const receipt = (await uploadJson(r.member, 'taxi.pdf', PDF)).body;
    // Unattached, the upload is its uploader's alone.
    for (const who of [r.admin, r.supervisor, colleague, r.limited]) expect((await download(who, receipt.token)).status).toBe(404);
    const category = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Taxi', color: '#a1b2c3' } })).body.id;
    const expense = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category, date: '2026-03-02', amount: 1200, attachments: [receipt.id] },
    });
    expect(expense.status).toBe(201);
    // On an expense: its owner, and admins and supervisors who read everyone's expenses.
    for (const who of [r.member, r.admin, r.supervisor]) expect((await download(who, receipt.token)).status).toBe(200);
    for (const who of [colleague, r.limited]) {
      const refused = await download(who, receipt.token);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.bytes.toString())).toEqual({ code: 404, message: 'Attachment not found' });
    }
    // An expense an admin logs for a member with the admin's upload: the member reads it too.
    const forMember = (await uploadJson(r.admin, 'hotel.pdf', PDF)).body;
    const logged = await t.call('POST', '/expenses', {
      as: r.admin,
      body: { user: colleague.id, category, date: '2026-03-03', amount: 9000, attachments: [forMember.id] },
    });
    expect(logged.status).toBe(201);
    expect((await download(colleague, forMember.token)).status).toBe(200);
    expect((await download(r.member, forMember.token)).status).toBe(404);
    // On a time-off request: its owner, admins and supervisors.
    const note = (await uploadJson(colleague, 'doctor.pdf', PDF)).body;
    const type = (await t.call('POST', '/resource-planner/time-off-types', { as: r.admin, body: { name: 'Sick' } })).body.id;
    const off = await t.call('POST', '/resource-planner/assignments/time-off', {
      as: colleague,
      body: { startDate: '2026-07-06', endDate: '2026-07-06', timeOffType: type, timeOffPeriod: 'full-day', attachments: [note.id] },
    });
    expect(off.status).toBe(201);
    for (const who of [colleague, r.admin, r.supervisor]) expect((await download(who, note.token)).status).toBe(200);
    expect((await download(r.member, note.token)).status).toBe(404);
  });

  it('keeps files inside the team and lets only the uploader or an admin delete', async () => {
    const other = await t.team();
    const stranger = await t.user(other.id, 'admin');
    const up = await uploadJson(r.member, 'mine.png', PNG);
    expect((await download(stranger, up.body.token)).status).toBe(404);
    expect((await download(null, up.body.token)).status).toBe(401);
    expect((await download(r.member, 'A'.repeat(32))).status).toBe(404);
    expect((await t.call('DELETE', `/attachments/${up.body.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('DELETE', `/attachments/${up.body.id}`, { as: r.supervisor })).status).toBe(403);
    const key = (await t.db.select().from(attachments).where(eq(attachments.id, up.body.id)))[0]!.storageKey;
    expect(files()).toContain(key);
    expect((await t.call('DELETE', `/attachments/${up.body.id}`, { as: r.member })).status).toBe(204);
    expect(files()).not.toContain(key);
    expect((await download(r.member, up.body.token)).status).toBe(404);
    const up2 = await uploadJson(r.limited, 'limited.png', PNG);
    expect(up2.status).toBe(201);
    expect((await t.call('DELETE', `/attachments/${up2.body.id}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('DELETE', `/attachments/${up2.body.id}`, { as: r.admin })).status).toBe(404);
    expect((await t.call('POST', '/attachments', { as: null, body: { name: 'a.png', content: PNG.toString('base64') } })).status).toBe(401);
  });

  it('sweeps attachments unreferenced for 24 hours, keeps referenced ones and removes stale partial files', async () => {
    const team = await t.team();
    const admin = await t.user(team.id, 'admin');
    const loose = (await uploadJson(admin, 'loose.png', PNG)).body;
    const kept = (await uploadJson(admin, 'kept.png', PNG)).body;
    const scope = t.scope(team.id);
    const cat = await scope.insert(expenseCategories, { name: 'Food', color: '#112233' });
    const exp = await scope.insert(expenses, {
      userId: admin.id,
      categoryId: cat.id,
      date: '2026-01-05',
      amount: 100,
      type: 'cost',
      createdBy: admin.id,
    });
    await scope.insert(expenseAttachments, { expenseId: exp.id, attachmentId: kept.id });
    const keyOf = async (id: number) => (await t.db.select().from(attachments).where(eq(attachments.id, id)))[0]?.storageKey;
    const looseKey = (await keyOf(loose.id))!;
    const partial = path.join(dir, '.partial-crashed-upload');
    fs.writeFileSync(partial, 'half');
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(partial, old, old);
    const storage = storageFor({ dataDir });
    // Not yet 24 h: nothing goes.
    await sweepAttachments(t.db, storage, new Date(Date.now() + 23 * 3600_000));
    expect(await keyOf(loose.id)).toBe(looseKey);
    expect(fs.existsSync(partial)).toBe(false);
    const removed = await sweepAttachments(t.db, storage, new Date(Date.now() + 25 * 3600_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await keyOf(loose.id)).toBeUndefined();
    expect(files()).not.toContain(looseKey);
    expect(await keyOf(kept.id)).toBeDefined();
    // The background job runs the same sweep and stops cleanly.
    const job = startAttachmentSweep({ ...t.deps, clock: () => new Date(Date.now() + 48 * 3600_000) }, { intervalMs: 60_000 });
    await job.stop();
    expect(await keyOf(kept.id)).toBeDefined();
  });
});
