import { expect } from 'vitest';
import type { TestContext } from './harness.ts';
import type { Known } from './fuzz-values.ts';

type Roles = Awaited<ReturnType<TestContext['roles']>>;

/**
 * A client, project, section, task, field, time record, expense category, expense and time-off type of the team,
 * made by its admin, and real values for properties and path parameters by name (`known`), so that requests built
 * from the contract reach past the id checks.
 */
export async function knownValues(t: TestContext, r: Roles): Promise<Known> {
  const created = async (path: string, body: unknown): Promise<number | string> => {
    const res = await t.call('POST', path, { as: r.admin, body });
    expect(res.status, `fixture ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return (res.body as { id: number | string }).id;
  };
  const client = await created('/clients', { name: 'Known client' });
  const project = await created('/projects', { name: 'Known project', client, users: [r.member.id, r.admin.id] });
  const section = await created(`/projects/${project}/sections`, { name: 'Known section' });
  const task = await created(`/projects/${project}/tasks`, { name: 'Known task', section });
  const field = await created(`/projects/${project}/fields`, { name: 'Known field', type: 'text' });
  const time = await created('/time', { time: 60, date: '2026-03-02', task, user: r.member.id });
  const category = await created('/expenses/categories', { name: 'Known category', color: '#a1b2c3' });
  const expense = await created('/expenses', { category, date: '2026-03-02', amount: 100 });
  const timeOffType = await created('/resource-planner/time-off-types', { name: 'Known leave' });
  return {
    user_id: r.member.id,
    client_id: client,
    project_id: project,
    section_id: section,
    task_id: task,
    field_id: field,
    time_id: time,
    category_id: category,
    expense_id: expense,
    timesheet_id: `${r.member.id}2610`,
    date: '2026-03-02',
    user: r.member.id,
    users: [r.member.id],
    reviewer: r.admin.id,
    client,
    project,
    projects: [project],
    section,
    task,
    category,
    timeOffType,
    token: 'A'.repeat(24),
  };
}
