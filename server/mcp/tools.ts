import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { addDays, dateAtOffset, isDate, weekIdOf, weekStartDate } from '../../contract/weeks.ts';
import { timesheetId } from '../../contract/timesheet-ids.ts';

/** Calls our own REST API in-process as the user (so every permission rule is the REST one). */
export type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/** A REST failure, carried to the MCP client as a tool error with the API's message. */
class ToolFailure extends Error {}

async function ok<T = unknown>(api: ApiCall, method: string, path: string, body?: unknown): Promise<T> {
  const res = await api(method, path, body);
  if (res.status >= 400) {
    const b = res.body as { message?: unknown; errors?: Record<string, string[]> } | null;
    const message = typeof b?.message === 'string' ? b.message : `Request failed with status ${res.status}`;
    const extra = Object.entries(b?.errors ?? {})
      .map(([k, v]) => [k, v.filter((m) => m !== message)] as const)
      .filter(([, v]) => v.length > 0);
    const details = extra.length ? ` (${extra.map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')})` : '';
    throw new ToolFailure(`${message}${details}`);
  }
  return res.body as T;
}

const result = (text: string, data: unknown): CallToolResult => ({
  content: [{ type: 'text', text: `${text}\n\n${JSON.stringify(data, null, 2)}` }],
});

/** Runs a tool body; REST failures become tool errors (`isError`) with the API's message. */
async function run(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ToolFailure) return { isError: true, content: [{ type: 'text', text: e.message }] };
    throw e;
  }
}

export const hms = (s: number) => `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;

interface Me {
  id: number;
  name: string;
  email?: string;
  role: string;
  timezone?: number;
  weekStart?: number;
  team?: { id: number; name: string; weekStart?: number };
}
interface TimeItem {
  id: number;
  time: number;
  date: string;
  task?: { id: string; name: string } | null;
  comment?: string | null;
}

const dateArg = z
  .string()
  .refine(isDate, 'A date written YYYY-MM-DD')
  .optional()
  .describe('Any day of the week, YYYY-MM-DD (default: today)');

/** The week of `date` (default: today for the user) by the user's week start. */
function weekOf(me: Me, date: string | undefined) {
  const weekStart = me.weekStart ?? me.team?.weekStart ?? 1;
  const day = date ?? dateAtOffset(new Date(), me.timezone ?? 0);
  const from = weekStartDate(day, weekStart);
  return { from, to: addDays(from, 6), weekId: weekIdOf(day, weekStart) };
}

/** An MCP server whose tools act as the user behind `api`. */
export function createMcpServer(api: ApiCall): McpServer {
  const server = new McpServer({ name: 'timekeep', version: '1.0.0' }, { capabilities: { tools: {} } });
  const me = () => ok<Me>(api, 'GET', '/users/me');

  server.registerTool(
    'whoami',
    {
      title: 'Who am I',
      description: 'The Timekeep user this connection acts as: name, email, role and team.',
      annotations: { readOnlyHint: true },
    },
    () =>
      run(async () => {
        const u = await me();
        const data = {
          id: u.id,
          name: u.name,
          email: u.email,
          role: u.role,
          team: u.team ? { id: u.team.id, name: u.team.name } : undefined,
        };
        return result(`You are ${u.name} (${u.role}${u.team ? ` in ${u.team.name}` : ''}).`, data);
      }),
  );

  server.registerTool(
    'log_time',
    {
      title: 'Log time',
      description: 'Adds time to a task for one day (added to any time already logged on that task and day).',
      inputSchema: {
        task: z.string().min(1).describe('Task id, e.g. ev:123 (find it with search_tasks)'),
        date: z.string().refine(isDate, 'A date written YYYY-MM-DD').describe('The day, YYYY-MM-DD'),
        seconds: z.number().int().positive().max(86_400).describe('Duration in seconds, e.g. 5400 for 1h 30m'),
        comment: z.string().max(2000).optional(),
      },
    },
    (args) =>
      run(async () => {
        const u = await me();
        const body: Record<string, unknown> = { task: args.task, date: args.date, time: args.seconds, user: u.id };
        if (args.comment !== undefined) body.comment = args.comment;
        const rec = await ok<TimeItem>(api, 'POST', '/time', body);
        return result(`Logged ${hms(args.seconds)} on ${args.task} for ${args.date}; that day now has ${hms(rec.time)} on it.`, rec);
      }),
  );

  server.registerTool(
    'my_week',
    {
      title: 'Show my week',
      description: 'Your time in one week, per day and per task.',
      inputSchema: { date: dateArg },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      run(async () => {
        const u = await me();
        const { from, to, weekId } = weekOf(u, args.date);
        const items = await ok<TimeItem[]>(api, 'GET', `/users/${u.id}/time?from=${from}&to=${to}&limit=50000`);
        const days = Array.from({ length: 7 }, (_, i) => ({ date: addDays(from, i), seconds: 0 }));
        const tasks = new Map<string, { task: string; name: string; seconds: number }>();
        for (const it of items) {
          const d = days.find((x) => x.date === it.date);
          if (d) d.seconds += it.time;
          const id = it.task?.id ?? '(no task)';
          const t = tasks.get(id) ?? { task: id, name: it.task?.name ?? '(no task)', seconds: 0 };
          t.seconds += it.time;
          tasks.set(id, t);
        }
        const total = days.reduce((s, d) => s + d.seconds, 0);
        const data = {
          weekId,
          from,
          to,
          totalSeconds: total,
          perDay: days,
          perTask: [...tasks.values()].sort((a, b) => b.seconds - a.seconds),
        };
        const lines = [`Week ${weekId} (${from} to ${to}): ${hms(total)} in total.`, ...days.map((d) => `${d.date}: ${hms(d.seconds)}`)];
        return result(lines.join('\n'), data);
      }),
  );

  server.registerTool(
    'start_timer',
    {
      title: 'Start the timer',
      description: 'Starts your timer on a task (a running timer is stopped first).',
      inputSchema: { task: z.string().min(1).describe('Task id, e.g. ev:123'), comment: z.string().max(2000).optional() },
    },
    (args) =>
      run(async () => {
        const body: Record<string, unknown> = { task: args.task };
        if (args.comment !== undefined) body.comment = args.comment;
        const timer = await ok(api, 'POST', '/timers', body);
        return result(`Timer started on ${args.task}.`, timer);
      }),
  );

  server.registerTool('stop_timer', { title: 'Stop the timer', description: 'Stops your running timer and logs its time.' }, () =>
    run(async () => {
      const timer = await ok(api, 'DELETE', '/timers/current');
      return result('Timer stopped.', timer);
    }),
  );

  server.registerTool(
    'search_tasks',
    {
      title: 'Search tasks',
      description: 'Finds tasks you can see by name.',
      inputSchema: {
        query: z.string().min(1).max(200).describe('Words in the task name'),
        limit: z.number().int().min(1).max(100).optional().describe('At most this many (default 20)'),
        includeClosed: z.boolean().optional().describe('Also closed tasks'),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      run(async () => {
        const qs = new URLSearchParams({ query: args.query, limit: String(args.limit ?? 20) });
        if (args.includeClosed) qs.set('searchInClosed', 'true');
        const found = await ok<{ id: string; name: string; projects?: string[]; status?: string }[]>(
          api,
          'GET',
          `/tasks/search?${qs.toString()}`,
        );
        const data = found.map((t) => ({ id: t.id, name: t.name, projects: t.projects, status: t.status }));
        return result(found.length ? `${found.length} task(s) found.` : 'No tasks found.', data);
      }),
  );

  server.registerTool(
    'submit_week',
    {
      title: 'Submit my week',
      description: 'Submits your timesheet of one week for approval.',
      inputSchema: {
        date: dateArg,
        comment: z.string().max(2000).optional(),
        reviewer: z.number().int().positive().optional().describe('User id of the reviewer (optional)'),
      },
    },
    (args) =>
      run(async () => {
        const u = await me();
        const { weekId, from, to } = weekOf(u, args.date);
        const body: Record<string, unknown> = {};
        if (args.comment !== undefined) body.comment = args.comment;
        if (args.reviewer !== undefined) body.reviewer = args.reviewer;
        const approval = await ok(api, 'POST', `/timesheets/${timesheetId(u.id, weekId)}/approval`, body);
        return result(`Week ${weekId} (${from} to ${to}) submitted for approval.`, approval);
      }),
  );

  return server;
}
