import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customFields, taskFieldValues as valuesTable } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { seedProject, seedTask } from '../../test/dashboard-fixtures.ts';
import { taskFieldValues } from './values.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let project: string;
let projectId: number;
let task: string;
let taskId: number;
let unassignedTask: string;

const valueCount = async () => (await t.db.select({ n: count() }).from(valuesTable))[0]!.n;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  const scope = t.scope(r.team.id);
  const p = await seedProject(scope, { name: 'Fields', users: [r.member.id, r.limited.id] });
  projectId = p.id;
  project = `ev:${p.id}`;
  const tk = await seedTask(scope, p.id);
  taskId = tk.id;
  task = `ev:${tk.id}`;
  const other = await seedProject(scope, { name: 'Not mine' });
  unassignedTask = `ev:${(await seedTask(scope, other.id)).id}`;
});

const create = (body: object, as = r.admin) => t.call('POST', `/projects/${project}/fields`, { as, body });

describe('custom fields', () => {
  it('creates each type (200), lists in display order and reorders', async () => {
    const text = await create({ name: 'Notes', type: 'text' });
    expect(text.status).toBe(200);
    expect(text.body).toEqual({
      id: expect.any(Number),
      project,
      name: 'Notes',
      type: 'text',
      format: {},
      options: [],
      visibility: 'all',
      position: 0,
    });
    const num = await create({ name: 'Points', type: 'number', format: { decimals: 1, label: 'pts' } }, r.supervisor);
    expect(num.body).toMatchObject({ type: 'number', format: { decimals: 1, label: 'pts' }, position: 1 });
    const sel = await create({ name: 'Stage', type: 'select', options: [{ name: 'Todo', color: '#ff0000' }, { name: 'Done' }] });
    expect(sel.body.options).toEqual([
      { id: 1, name: 'Todo', color: '#ff0000' },
      { id: 2, name: 'Done', color: null },
    ]);
    const date = await create({ name: 'Due', type: 'date' });
    const box = await create({ name: 'Flag', type: 'checkbox' });
    const user = await create({ name: 'Owner', type: 'user' });
    const secret = await create({ name: 'Margin', type: 'number', visibility: 'admins' });
    const ids = [text, num, sel, date, box, user, secret].map((f) => f.body.id as number);
    const list = await t.call('GET', `/projects/${project}/fields`, { as: r.admin });
    expect(list.body.map((f: { id: number }) => f.id)).toEqual(ids);
    expect(list.body.map((f: { position: number }) => f.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    const reversed = [...ids].reverse();
    const order = await t.call('PUT', `/projects/${project}/fields-order`, { as: r.admin, body: { order: reversed } });
    expect(order.status).toBe(200);
    expect(order.body).toEqual(reversed);
    const after = await t.call('GET', `/projects/${project}/fields`, { as: r.admin });
    expect(after.body.map((f: { id: number }) => f.id)).toEqual(reversed);
    expect(after.body.map((f: { position: number }) => f.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    // Members read the fields visible to them; admin-only fields exist only for admins.
    const forMember = await t.call('GET', `/projects/${project}/fields`, { as: r.member });
    expect(forMember.body.map((f: { id: number }) => f.id)).toEqual(reversed.filter((id) => id !== secret.body.id));
    const forSupervisor = await t.call('GET', `/projects/${project}/fields`, { as: r.supervisor });
    expect(forSupervisor.body.some((f: { id: number }) => f.id === secret.body.id)).toBe(false);
    // A supervisor orders what they see; the admin-only field keeps its place after them.
    const visible = reversed.filter((id) => id !== secret.body.id);
    const supOrder = await t.call('PUT', `/projects/${project}/fields-order`, {
      as: r.supervisor,
      body: { order: [...visible].reverse() },
    });
    expect(supOrder.status).toBe(200);
    const full = (await t.call('GET', `/projects/${project}/fields`, { as: r.admin })).body.map((f: { id: number }) => f.id);
    expect(full).toEqual([...[...visible].reverse(), secret.body.id]);
  });

  it('refuses a fields-order with a missing, duplicate or foreign id, changing nothing', async () => {
    const before = (await t.call('GET', `/projects/${project}/fields`, { as: r.admin })).body.map((f: { id: number }) => f.id);
    const other = await seedProject(t.scope(r.team.id), { name: 'Other' });
    const foreignField = (await t.call('POST', `/projects/ev:${other.id}/fields`, { as: r.admin, body: { name: 'F', type: 'text' } })).body;
    const missing = await t.call('PUT', `/projects/${project}/fields-order`, { as: r.admin, body: { order: before.slice(1) } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 422, message: expect.any(String), errors: { order: expect.any(Array) } });
    const foreign = await t.call('PUT', `/projects/${project}/fields-order`, {
      as: r.admin,
      body: { order: [...before.slice(1), foreignField.id] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.order.join(' ')).toMatch(String(foreignField.id));
    const dup = await t.call('PUT', `/projects/${project}/fields-order`, { as: r.admin, body: { order: [...before, before[0]] } });
    expect(dup.status).toBe(422);
    const after = (await t.call('GET', `/projects/${project}/fields`, { as: r.admin })).body.map((f: { id: number }) => f.id);
    expect(after).toEqual(before);
  });

  it('sets task values validated by type, shows them on the task, and discards them with the field', async () => {
    const fields = (await t.call('GET', `/projects/${project}/fields`, { as: r.admin })).body as {
      id: number;
      name: string;
      options: { id: number }[];
    }[];
    const f = Object.fromEntries(fields.map((x) => [x.name, x]));
    const set = (field: number, value: unknown, as = r.member) => t.call('PUT', `/tasks/${task}/fields/${field}`, { as, body: { value } });
    expect((await set(f.Notes!.id, 'hello')).body).toEqual({ task, field: f.Notes!.id, value: 'hello' });
    expect((await set(f.Points!.id, 2.5)).status).toBe(200);
    expect((await set(f.Stage!.id, 2)).status).toBe(200);
    expect((await set(f.Due!.id, '2026-05-01')).status).toBe(200);
    expect((await set(f.Flag!.id, true)).status).toBe(200);
    expect((await set(f.Owner!.id, r.supervisor.id)).status).toBe(200);
    expect((await set(f.Margin!.id, 10, r.admin)).status).toBe(200);

    const before = await valueCount();
    const bad: [number, unknown][] = [
      [f.Notes!.id, 5],
      [f.Points!.id, 2.55],
      [f.Points!.id, 'x'],
      [f.Stage!.id, 99],
      [f.Due!.id, '2026-02-30'],
      [f.Flag!.id, 'yes'],
      [f.Owner!.id, 999999],
    ];
    for (const [field, value] of bad) {
      const res = await set(field, value);
      expect(res.status, `${field} ${String(value)}`).toBe(422);
      expect(res.body).toMatchObject({ code: 422, errors: { value: expect.any(Array) } });
    }
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await set(f.Owner!.id, stranger.id)).status).toBe(422);
    expect(await valueCount()).toBe(before);

    const adminView = await taskFieldValues(t.scope(r.team.id), [taskId], true);
    expect(adminView.get(taskId)).toEqual({
      [f.Notes!.id]: 'hello',
      [f.Points!.id]: 2.5,
      [f.Stage!.id]: 2,
      [f.Due!.id]: '2026-05-01',
      [f.Flag!.id]: true,
      [f.Owner!.id]: r.supervisor.id,
      [f.Margin!.id]: 10,
    });
    const memberView = await taskFieldValues(t.scope(r.team.id), [taskId], false);
    expect(memberView.get(taskId)?.[String(f.Margin!.id)]).toBeUndefined();
    expect((await taskFieldValues(t.scope((await t.team()).id), [taskId], true)).size).toBe(0);
    const viaTask = await t.call('GET', `/tasks/${task}`, { as: r.member });
    expect(viaTask.status).toBe(200);
    expect(viaTask.body.fields?.[String(f.Notes!.id)]).toBe('hello');
    expect(viaTask.body.fields?.[String(f.Margin!.id)]).toBeUndefined();

    // null clears a value; removing an option discards values that used it; deleting a field discards its values.
    expect((await set(f.Notes!.id, null)).body.value).toBeNull();
    const upd = await t.call('PUT', `/fields/${f.Stage!.id}`, {
      as: r.supervisor,
      body: {
        name: 'Phase',
        options: [
          { id: 1, name: 'Todo' },
          { name: 'Review', color: '#00ff00' },
        ],
      },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      name: 'Phase',
      options: [
        { id: 1, name: 'Todo', color: null },
        { id: 3, name: 'Review', color: '#00ff00' },
      ],
    });
    expect((await taskFieldValues(t.scope(r.team.id), [taskId], true)).get(taskId)?.[String(f.Stage!.id)]).toBeUndefined();
    expect((await t.call('PUT', `/fields/${f.Stage!.id}`, { as: r.admin, body: { options: [{ id: 42, name: 'Nope' }] } })).status).toBe(
      422,
    );
    expect((await t.call('DELETE', `/fields/${f.Owner!.id}`, { as: r.admin })).status).toBe(204);
    const left = await t.db.select({ n: count() }).from(valuesTable).where(eq(valuesTable.fieldId, f.Owner!.id));
    expect(left[0]!.n).toBe(0);
    expect(await t.scope(r.team.id).byId(customFields, f.Owner!.id)).toBeUndefined();
  });

  it('validates definitions', async () => {
    const noOptions = await create({ name: 'S', type: 'select', options: [] });
    expect(noOptions.status).toBe(422);
    expect(noOptions.body.errors.options).toBeDefined();
    expect((await create({ name: 'T', type: 'text', options: [{ name: 'a' }] })).status).toBe(422);
    expect((await create({ name: 'T', type: 'text', format: { decimals: 2 } })).status).toBe(422);
    expect((await create({ name: 'T', type: 'colour' })).status).toBe(422);
    expect((await create({ name: '', type: 'text' })).status).toBe(422);
    expect((await create({ name: 'N', type: 'number', format: { decimals: 1.5 } })).status).toBe(422);
  });

  it('lets a member create, change and reorder the fields of a project they are assigned to, and no other', async () => {
    const made = await create({ name: 'Member made', type: 'select', options: [{ name: 'Low' }, { name: 'High' }] }, r.member);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ project, name: 'Member made', type: 'select', visibility: 'all' });
    const changed = await t.call('PUT', `/fields/${made.body.id}`, {
      as: r.member,
      body: { name: 'Priority', options: [{ id: 1, name: 'Low' }, { name: 'Urgent' }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Priority',
      options: [
        { id: 1, name: 'Low' },
        { id: 3, name: 'Urgent' },
      ],
    });
    const visible = (await t.call('GET', `/projects/${project}/fields`, { as: r.member })).body.map((f: { id: number }) => f.id);
    const order = await t.call('PUT', `/projects/${project}/fields-order`, { as: r.member, body: { order: [...visible].reverse() } });
    expect(order.status).toBe(200);
    // Admin-only visibility stays the admins' choice.
    expect((await create({ name: 'Secret', type: 'text', visibility: 'admins' }, r.member)).status).toBe(403);
    // On a project the member reads but is not assigned to, the refusal says why.
    const open = `ev:${(await seedProject(t.scope(r.team.id), { name: 'Open to all' })).id}`;
    const refused = await t.call('POST', `/projects/${open}/fields`, { as: r.member, body: { name: 'x', type: 'text' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only members assigned to this project can change its custom fields');
    await t.call('POST', `/projects/${open}/fields`, { as: r.admin, body: { name: 'Open field', type: 'text' } });
    const openField = (await t.call('GET', `/projects/${open}/fields`, { as: r.admin })).body[0];
    expect((await t.call('PUT', `/fields/${openField.id}`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
  });

  it('applies roles and teams', async () => {
    const field = (await create({ name: 'Role check', type: 'text' })).body;
    const secret = (await create({ name: 'Admins', type: 'text', visibility: 'admins' })).body;
    // Limited members only read fields.
    const limited = r.limited;
    expect((await create({ name: 'x', type: 'text' }, limited)).status).toBe(403);
    expect((await t.call('PUT', `/fields/${field.id}`, { as: limited, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('DELETE', `/fields/${field.id}`, { as: limited })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${project}/fields-order`, { as: limited, body: { order: [] } })).status).toBe(403);
    // Members delete no field.
    const del = await t.call('DELETE', `/fields/${field.id}`, { as: r.member });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('Only admins and supervisors can do this');
    expect((await t.call('GET', `/projects/${project}/fields`, { as: r.limited })).status).toBe(200);
    expect((await t.call('PUT', `/tasks/${task}/fields/${field.id}`, { as: r.limited, body: { value: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/tasks/${unassignedTask}/fields/${field.id}`, { as: r.member, body: { value: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/tasks/${unassignedTask}/fields/${field.id}`, { as: r.admin, body: { value: 'x' } })).status).toBe(404);
    expect((await create({ name: 'x', type: 'text', visibility: 'admins' }, r.supervisor)).status).toBe(403);
    expect((await t.call('PUT', `/fields/${secret.id}`, { as: r.supervisor, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('PUT', `/tasks/${task}/fields/${secret.id}`, { as: r.member, body: { value: 'x' } })).status).toBe(404);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('GET', `/projects/${project}/fields`, { as: stranger })).status).toBe(404);
    expect((await t.call('POST', `/projects/${project}/fields`, { as: stranger, body: { name: 'x', type: 'text' } })).status).toBe(404);
    expect((await t.call('PUT', `/fields/${field.id}`, { as: stranger, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', `/fields/${field.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('PUT', `/tasks/${task}/fields/${field.id}`, { as: stranger, body: { value: 'x' } })).status).toBe(404);
    expect((await t.call('GET', `/projects/${project}/fields`, { as: null })).status).toBe(401);
    expect(projectId).toBeGreaterThan(0);
  });
});
