import { and, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { webhookEvents } from '../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from './harness.ts';

/**
 * The projects API tests' app: a team with every role, an admin of another team (`stranger`), and what the
 * tests do again and again. Its app and users are there from the first test on.
 */
export function projectSuite() {
  const app = {
    t: undefined as unknown as TestContext,
    r: undefined as unknown as Awaited<ReturnType<TestContext['roles']>>,
    stranger: undefined as unknown as TestUser,
  };
  beforeAll(async () => {
    app.t = await setupTestApp();
    app.r = await app.t.roles();
    const other = await app.t.team('Other team');
    app.stranger = await app.t.user(other.id, 'admin');
  });
  /** The webhook events of `kind` written so far (of one resource when given). */
  const events = (kind: string, resourceId?: string) =>
    app.t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.kind, kind), resourceId ? eq(webhookEvents.resourceId, resourceId) : undefined));
  /** Creates a project through the API (201 expected). */
  async function newProject(body: Record<string, unknown> = {}, as: TestUser = app.r.admin) {
    const res = await app.t.call('POST', '/projects', { as, body: { name: 'Project', ...body } });
    expect(res.status).toBe(201);
    return res.body as { id: string; users: number[]; [k: string]: any };
  }
  return Object.assign(app, { events, newProject });
}
