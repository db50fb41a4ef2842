import { expect } from 'vitest';
import type { TestContext, TestUser } from './harness.ts';

/** Projects, tasks and sections made through the API for the tasks tests, each checked to be created. */
export async function createProject(t: TestContext, as: TestUser, body: Record<string, unknown>) {
  const res = await t.call('POST', '/projects', { as, body });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

export async function createTask(t: TestContext, as: TestUser, projectId: string, body: Record<string, unknown>) {
  const res = await t.call('POST', `/projects/${projectId}/tasks`, { as, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; [k: string]: any };
}

export async function createSection(t: TestContext, as: TestUser, projectId: string, name: string) {
  const res = await t.call('POST', `/projects/${projectId}/sections`, { as, body: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}
