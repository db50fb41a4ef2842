import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, attachments, expenseCategories, expenses } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { seedProject } from '../../test/dashboard-fixtures.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-expenses-'));
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let billableProject: string;
let plainProject: string;
let privateProject: string;
let food: { id: number };
let miles: { id: number };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('x')]).toString('base64');
const expenseCount = async () => (await t.db.select({ n: count() }).from(expenses))[0]!.n;

beforeAll(async () => {
  t = await setupTestApp({ config: { dataDir } });
  r = await t.roles();
  const scope = t.scope(r.team.id);
  billableProject = `ev:${(await seedProject(scope, { name: 'Billable', billing: { type: 'hourly', fee: null } })).id}`;
  plainProject = `ev:${(await seedProject(scope, { name: 'Internal' })).id}`;
  privateProject = `ev:${(await seedProject(scope, { name: 'Secret', privacy: true })).id}`;
  food = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Food', color: '#aa0000' } })).body;
  miles = (
    await t.call('POST', '/expenses/categories', {
      as: r.admin,
      body: { name: 'Mileage', color: '#00aa00', unitBased: true, unitName: 'Miles', unitPrice: 123 },
    })
  ).body;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('expense categories', () => {
  it('lists for every role and lets only admins manage', async () => {
    expect(miles).toEqual({
      id: expect.any(Number),
      name: 'Mileage',
      color: '#00aa00',
      unitBased: true,
      unitName: 'Miles',
      unitPrice: 123,
    });
    for (const who of [r.admin, r.supervisor, r.member, r.limited]) {
      const list = await t.call('GET', '/expenses/categories', { as: who });
      expect(list.status).toBe(200);
      expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Food', 'Mileage']);
    }
    for (const who of [r.supervisor, r.member, r.limited]) {
      expect((await t.call('POST', '/expenses/categories', { as: who, body: { name: 'X', color: '#000000' } })).status).toBe(403);
      expect((await t.call('PUT', `/expenses/categories/${food.id}`, { as: who, body: { name: 'X' } })).status).toBe(403);
      expect((await t.call('DELETE', `/expenses/categories/${food.id}`, { as: who })).status).toBe(403);
    }
    const upd = await t.call('PUT', `/expenses/categories/${food.id}`, { as: r.admin, body: { color: '#bb0000' } });
    expect(upd.body).toMatchObject({ name: 'Food', color: '#bb0000', unitBased: false });
  });

  it('validates categories', async () => {
    const bad = await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: '', color: 'red', unitBased: true, unitName: 'km', unitPrice: 10 } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 422, errors: { name: expect.any(Array), color: expect.any(Array) } });
    const noPrice = await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Km', unitBased: true, unitName: 'km' } });
    expect(noPrice.status).toBe(400); // a unit-based category requires unitPrice
    expect(noPrice.body.errors.unitPrice).toBeDefined();
    const toUnit = await t.call('PUT', `/expenses/categories/${food.id}`, { as: r.admin, body: { unitBased: true } });
    expect(toUnit.status).toBe(422);
    const float = await t.call('POST', '/expenses/categories', {
      as: r.admin,
      body: { name: 'Km', unitBased: true, unitName: 'km', unitPrice: 1.5 },
    });
    expect(float.status).toBe(422);
  });

  it('deletes a used category only with targetCategory or removeExpenses', async () => {
    const a = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'A', color: '#000001' } })).body;
    const b = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'B', color: '#000002' } })).body;
    const empty = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Empty', color: '#000003' } })).body;
    expect((await t.call('DELETE', `/expenses/categories/${empty.id}`, { as: r.admin })).status).toBe(204);
    const e1 = (await t.call('POST', '/expenses', { as: r.admin, body: { category: a.id, date: '2026-03-02', amount: 500 } })).body;
    const listed = (await t.call('GET', '/expenses/categories', { as: r.member })).body as { id: number; expenseCount: number }[];
    expect(listed.find((c) => c.id === a.id)?.expenseCount).toBe(1);
    expect(listed.find((c) => c.id === b.id)?.expenseCount).toBe(0);
    const refused = await t.call('DELETE', `/expenses/categories/${a.id}`, { as: r.admin });
    expect(refused.status).toBe(400); // a used category requires targetCategory or removeExpenses
    expect(refused.body).toMatchObject({ code: 400, errors: { targetCategory: expect.any(Array) } });
    const other = await t.team();
    const foreign = await t.scope(other.id).insert(expenseCategories, { name: 'Theirs', color: '#ffffff' });
    expect((await t.call('DELETE', `/expenses/categories/${a.id}`, { as: r.admin, body: { targetCategory: foreign.id } })).status).toBe(
      422,
    );
    expect((await t.call('DELETE', `/expenses/categories/${a.id}`, { as: r.admin, body: { targetCategory: a.id } })).status).toBe(422);
    expect((await t.call('DELETE', `/expenses/categories/${a.id}`, { as: r.admin, body: { targetCategory: b.id } })).status).toBe(204);
    const moved = await t.scope(r.team.id).byId(expenses, e1.id);
    expect(moved?.categoryId).toBe(b.id);
    expect((await t.call('DELETE', `/expenses/categories/${b.id}`, { as: r.admin, body: { removeExpenses: true } })).status).toBe(204);
    expect(await t.scope(r.team.id).byId(expenses, e1.id)).toBeUndefined();
    expect((await t.call('PUT', `/expenses/categories/${foreign.id}`, { as: r.admin, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', `/expenses/categories/${foreign.id}`, { as: r.admin })).status).toBe(404);
  });
});

describe('expenses', () => {
  it('logs an expense with every body field and lists it', async () => {
    const file = (await t.call('POST', '/attachments', { as: r.member, body: { name: 'r.png', content: PNG } })).body;
    const created = await t.call('POST', '/expenses', {
      as: r.member,
      body: {
        category: food.id,
        date: '2026-03-03',
        amount: 1999,
        attachments: [file.id],
        details: 'Lunch',
        project: billableProject,
        user: r.member.id,
        billable: true,
        type: 'billable',
        quantity: 1,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      amount: 1999,
      attachments: [file],
      billable: true,
      type: 'billable',
      category: food.id,
      date: '2026-03-03',
      details: 'Lunch',
      project: billableProject,
      quantity: 1,
      user: r.member.id,
      isLocked: false,
      lockReasons: [],
    });
    const [att] = await t.db.select().from(attachments).where(eq(attachments.id, file.id));
    expect(att?.inUse).toBe(true);
    const list = await t.call('GET', '/expenses?from=2026-03-01&to=2026-03-31', { as: r.member });
    expect(list.body).toEqual([created.body]);
    expect((await t.call('GET', '/expenses?from=2026-04-01', { as: r.member })).body).toEqual([]);
    expect((await t.call('GET', `/expenses?project=${plainProject}`, { as: r.member })).body).toEqual([]);
    expect((await t.call('GET', `/expenses?category=${miles.id}`, { as: r.member })).body).toEqual([]);
    expect((await t.call('GET', `/expenses?category=${food.id}&project=${billableProject}`, { as: r.member })).body).toHaveLength(1);
    // The list is the caller's own.
    expect((await t.call('GET', '/expenses', { as: r.supervisor })).body.some((e: { id: number }) => e.id === created.body.id)).toBe(false);
  });

  it('follows the project billing for non-admins; admins decide for anyone', async () => {
    const onBillable = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category: food.id, date: '2026-03-04', amount: 100, project: billableProject },
    });
    expect(onBillable.body).toMatchObject({ billable: true, type: 'billable' });
    const onPlain = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category: food.id, date: '2026-03-04', amount: 100, project: plainProject },
    });
    expect(onPlain.body).toMatchObject({ billable: false, type: 'cost' });
    const separate = await t.call('POST', '/expenses', {
      as: r.supervisor,
      body: { category: food.id, date: '2026-03-04', amount: 100, type: 'separate' },
    });
    expect(separate.body).toMatchObject({ billable: false, type: 'separate' });
    const before = await expenseCount();
    const markBillable = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category: food.id, date: '2026-03-04', amount: 100, project: plainProject, billable: true },
    });
    // A type the project's billing does not allow is an invalid value of the field sent, as for any other.
    expect(markBillable.status).toBe(422);
    expect(markBillable.body).toEqual({
      code: 422,
      message: 'Only admins can mark an expense billable on a non-billable project',
      errors: { billable: ['Only admins can mark an expense billable on a non-billable project'] },
    });
    const markCost = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category: food.id, date: '2026-03-04', amount: 100, project: billableProject, type: 'cost' },
    });
    expect(markCost.status).toBe(422);
    expect(markCost.body.errors).toEqual({ type: ['Expenses on this project are billable; only admins can change that'] });
    expect(
      (
        await t.call('POST', '/expenses', {
          as: r.member,
          body: { category: food.id, date: '2026-03-04', amount: 100, user: r.supervisor.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('POST', '/expenses', {
          as: r.supervisor,
          body: { category: food.id, date: '2026-03-04', amount: 100, user: r.member.id, billable: true },
        })
      ).status,
    ).toBe(403);
    expect(await expenseCount()).toBe(before);
    const forMember = await t.call('POST', '/expenses', {
      as: r.admin,
      body: { category: food.id, date: '2026-03-04', amount: 700, project: plainProject, user: r.member.id, billable: true },
    });
    expect(forMember.status).toBe(201);
    expect(forMember.body).toMatchObject({ user: r.member.id, billable: true, type: 'billable' });
    const disagree = await t.call('POST', '/expenses', {
      as: r.admin,
      body: { category: food.id, date: '2026-03-04', amount: 700, billable: true, type: 'cost' },
    });
    expect(disagree.status).toBe(422);
  });

  it('computes unit-based amounts on the server', async () => {
    const e = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category: miles.id, date: '2026-03-05', quantity: 2.5, amount: 1 },
    });
    expect(e.status).toBe(201);
    expect(e.body).toMatchObject({ amount: 308, quantity: 2.5 });
    const more = await t.call('PUT', `/expenses/${e.body.id}`, { as: r.member, body: { quantity: 10 } });
    expect(more.body).toMatchObject({ amount: 1230, quantity: 10 });
    const missing = await t.call('POST', '/expenses', { as: r.member, body: { category: miles.id, date: '2026-03-05' } });
    expect(missing.status).toBe(400); // a unit-based category requires quantity
    expect(missing.body.errors.quantity).toBeDefined();
  });

  it('refuses bad input with the error body and writes nothing', async () => {
    const before = await expenseCount();
    const float = await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-03-06', amount: 12.5 } });
    expect(float.status).toBe(422);
    expect(float.body).toMatchObject({ code: 422, message: expect.any(String), errors: { amount: expect.any(Array) } });
    const other = await t.team();
    const foreign = await t.scope(other.id).insert(expenseCategories, { name: 'Theirs', color: '#ffffff' });
    const foreignCat = await t.call('POST', '/expenses', { as: r.member, body: { category: foreign.id, date: '2026-03-06', amount: 100 } });
    expect(foreignCat.status).toBe(422);
    expect(foreignCat.body.errors.category).toBeDefined();
    const hidden = await t.call('POST', '/expenses', {
      as: r.member,
      body: { category: food.id, date: '2026-03-06', amount: 100, project: privateProject },
    });
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors.project).toBeDefined();
    expect((await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-02-30', amount: 100 } })).status).toBe(
      422,
    );
    expect((await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-03-06', amount: -1 } })).status).toBe(
      422,
    );
    expect((await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-03-06' } })).status).toBe(400);
    expect(
      (
        await t.call('POST', '/expenses', {
          as: r.member,
          body: { category: food.id, date: '2026-03-06', amount: 1, attachments: [999999] },
        })
      ).status,
    ).toBe(422);
    expect((await t.call('POST', '/expenses', { as: r.member, raw: '{' })).status).toBe(400);
    expect((await t.call('GET', '/expenses?from=2026-03-10&to=2026-03-01', { as: r.member })).status).toBe(422);
    expect(await expenseCount()).toBe(before);
  });

  it('updates, attaches, detaches and deletes; only the owner or an admin', async () => {
    const e = (await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-03-09', amount: 250 } })).body;
    const upd = await t.call('PUT', `/expenses/${e.id}`, { as: r.member, body: { amount: 300, details: 'Taxi', date: '2026-03-10' } });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ amount: 300, details: 'Taxi', date: '2026-03-10', type: 'cost' });
    expect((await t.call('PUT', `/expenses/${e.id}`, { as: r.member, body: { amount: 12.5 } })).status).toBe(422);
    expect((await t.call('PUT', `/expenses/${e.id}`, { as: r.supervisor, body: { amount: 1 } })).status).toBe(404);
    expect((await t.call('PUT', `/expenses/${e.id}`, { as: r.admin, body: { billable: true } })).body.billable).toBe(true);

    const f1 = (await t.call('POST', '/attachments', { as: r.member, body: { name: 'a.png', content: PNG } })).body;
    const f2 = (await t.call('POST', '/attachments', { as: r.supervisor, body: { name: 'b.png', content: PNG } })).body;
    const att = await t.call('POST', `/expenses/${e.id}/attachments`, { as: r.member, body: { attachment: f1.id } });
    expect(att.status).toBe(200);
    expect(att.body.attachments).toEqual([f1]);
    expect((await t.call('POST', `/expenses/${e.id}/attachments`, { as: r.member, body: { attachment: f2.id } })).status).toBe(422);
    const det = await t.call('DELETE', `/expenses/${e.id}/attachments/${f1.id}`, { as: r.member });
    expect(det.status).toBe(200);
    expect(det.body.attachments).toEqual([]);
    const [released] = await t.db.select().from(attachments).where(eq(attachments.id, f1.id));
    expect(released).toMatchObject({ inUse: false, releasedAt: expect.any(Date) });
    expect((await t.call('DELETE', `/expenses/${e.id}/attachments/${f1.id}`, { as: r.member })).status).toBe(404);
    const viaPut = await t.call('PUT', `/expenses/${e.id}`, { as: r.member, body: { attachments: [f1.id] } });
    expect(viaPut.body.attachments).toEqual([f1]);

    expect((await t.call('DELETE', `/expenses/${e.id}`, { as: r.supervisor })).status).toBe(404);
    expect((await t.call('DELETE', `/expenses/${e.id}`, { as: r.member })).status).toBe(204);
    expect((await t.call('DELETE', `/expenses/${e.id}`, { as: r.member })).status).toBe(404);
    const [afterDelete] = await t.db.select().from(attachments).where(eq(attachments.id, f1.id));
    expect(afterDelete?.inUse).toBe(false);
  });

  it('locks expenses in pending or approved weeks', async () => {
    const file = (await t.call('POST', '/attachments', { as: r.member, body: { name: 'l.png', content: PNG } })).body;
    const e = (
      await t.call('POST', '/expenses', {
        as: r.member,
        body: { category: food.id, date: '2026-03-16', amount: 100, attachments: [file.id] },
      })
    ).body;
    await t.scope(r.team.id).insert(approvals, {
      userId: r.member.id,
      weekId: 2612,
      weekFrom: '2026-03-16',
      weekTo: '2026-03-22',
      status: 'pending',
      submittedDates: ['2026-03-16', '2026-03-17'],
    });
    const create = await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-03-17', amount: 100 } });
    expect(create.status).toBe(422);
    expect(create.body.message).toMatch(/locked.*pending/i);
    expect((await t.call('PUT', `/expenses/${e.id}`, { as: r.member, body: { amount: 5 } })).status).toBe(422);
    expect((await t.call('DELETE', `/expenses/${e.id}`, { as: r.admin })).status).toBe(422);
    expect((await t.call('POST', `/expenses/${e.id}/attachments`, { as: r.member, body: { attachment: 1 } })).status).toBe(422);
    expect((await t.call('DELETE', `/expenses/${e.id}/attachments/${file.id}`, { as: r.member })).status).toBe(422);
    expect((await t.call('DELETE', `/attachments/${file.id}`, { as: r.member })).status).toBe(422);
    const listed = (await t.call('GET', '/expenses?from=2026-03-16&to=2026-03-16', { as: r.member })).body;
    expect(listed).toEqual([
      expect.objectContaining({ id: e.id, isLocked: true, lockReasons: [expect.stringMatching(/pending/)], attachments: [file] }),
    ]);
    expect((await t.call('POST', '/expenses', { as: r.member, body: { category: food.id, date: '2026-03-18', amount: 100 } })).status).toBe(
      201,
    );
  });

  it('applies roles and teams', async () => {
    expect((await t.call('GET', '/expenses', { as: r.limited })).status).toBe(403);
    expect(
      (await t.call('POST', '/expenses', { as: r.limited, body: { category: food.id, date: '2026-03-06', amount: 100 } })).status,
    ).toBe(403);
    expect((await t.call('GET', '/expenses', { as: null })).status).toBe(401);
    expect((await t.call('GET', '/expenses?user=all', { as: r.member })).status).toBe(403);
    const bySupervisor = await t.call('GET', `/expenses?user=${r.member.id}`, { as: r.supervisor });
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.body.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/expenses?user=all', { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/expenses?user=${r.supervisor.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', `/expenses?user=${r.member.id}`, { as: r.member })).status).toBe(200);
    const all = (await t.call('GET', '/expenses?user=all&limit=10000', { as: r.admin })).body as { user: number }[];
    expect(new Set(all.map((e) => e.user))).toEqual(new Set([r.member.id, r.supervisor.id]));
    const page1 = (await t.call('GET', `/expenses?user=${r.member.id}&limit=2&page=1`, { as: r.admin })).body;
    const page2 = (await t.call('GET', `/expenses?user=${r.member.id}&limit=2&page=2`, { as: r.admin })).body;
    expect(page1).toHaveLength(2);
    expect(page2[0].id).not.toBe(page1[0].id);
    const other = await t.team();
    const stranger = await t.user(other.id, 'admin');
    const mine = all[0] as unknown as { id: number };
    expect((await t.call('PUT', `/expenses/${mine.id}`, { as: stranger, body: { amount: 1 } })).status).toBe(404);
    expect((await t.call('DELETE', `/expenses/${mine.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', '/expenses?user=all', { as: stranger })).body).toEqual([]);
    expect(
      (await t.call('POST', '/expenses', { as: r.admin, body: { category: food.id, date: '2026-03-06', amount: 1, user: stranger.id } }))
        .status,
    ).toBe(422);
  });
});

describe('interface document', () => {
  it('lists every route of the money area', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    for (const [p, m] of [
      ['/expenses', 'get'],
      ['/expenses', 'post'],
      ['/expenses/{expense_id}', 'put'],
      ['/expenses/{expense_id}/attachments', 'post'],
      ['/expenses/{expense_id}/attachments/{attachment_id}', 'delete'],
      ['/expenses/categories/{category_id}', 'delete'],
      ['/attachments', 'post'],
      ['/attachments/{attachment_id}', 'delete'],
      ['/projects/{project_id}/fields', 'post'],
      ['/projects/{project_id}/fields-order', 'put'],
      ['/tasks/{task_id}/fields/{field_id}', 'put'],
      ['/fields/{field_id}', 'delete'],
      ['/dashboards/clients', 'get'],
      ['/dashboards/projects', 'get'],
      ['/dashboards/users', 'get'],
    ] as const) {
      expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    }
    expect(doc.paths['/attachments/{token}/download'].get.responses['200'].content).toHaveProperty('application/octet-stream');
    expect(doc.paths['/projects/{project_id}/fields'].post.responses).toHaveProperty('200');
    const dashParams = doc.paths['/dashboards/projects'].get.parameters.map((p: { name: string }) => p.name);
    expect(dashParams).toEqual(expect.arrayContaining(['date.gte', 'date.lte', 'projectId', 'clientId', 'memberId']));
  });
});
