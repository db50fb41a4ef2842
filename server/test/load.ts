import crypto from 'node:crypto';
import { weekDates } from '../../contract/weeks.ts';
import { timesheetId } from '../../contract/timesheet-ids.ts';
import type { Person, SeededTeam } from './cluster.ts';
import { opStats, type Answer, type LoadClient, type OpStats } from './load-client.ts';

/** The week the load saves into and reads, and the week before it, submitted for approval by `prepareTeam`. */
export const LOAD_WEEK = 2611;
export const SUBMITTED_WEEK = 2610;

/** How a member's actions are drawn (relative weights). Timers book the seconds they ran, so exact totals leave them out. */
export interface MemberMix {
  save: number;
  readWeek: number;
  timer: number;
}

export interface LoadOptions {
  client: LoadClient;
  team: SeededTeam;
  /** Actions in all (one action = one request, or two for a save sent again); the load stops there. */
  actions: number;
  /** Actions per second started across every simulated user; unset: each user starts its next one at once. */
  rate?: number;
  /** No action starts after this long (ms). */
  deadlineMs: number;
  mix: MemberMix;
  /** Simulated admins (all with the admin's key) reading the approvals inbox and the reports, beside one per member. */
  admins: number;
  /** Every n-th save is sent a second time with the same Idempotency-Key (a client whose answer was lost). */
  repeatEvery?: number;
}

export interface LoadResult {
  /** Seconds each member meant to add (member id → seconds), counting every save once. */
  meant: Map<number, number>;
  /** Saves that applied: each is one `api:time:updated` event. */
  saves: number;
  actions: number;
  elapsedMs: number;
  ops: OpStats[];
  /** Answers that were not what the action expected: must stay empty. */
  errors: string[];
}

const weekQuery = (weekId: number) => {
  const days = weekDates(weekId, 1);
  return `from=${days[0]}&to=${days[6]}`;
};

/** Runs simulated members and admins against `client` until `actions` are done or the deadline passes. */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const latencies = new Map<string, number[]>();
  const errors: string[] = [];
  const meant = new Map<number, number>();
  let saves = 0;
  let started = 0;
  const t0 = performance.now();
  const run = crypto.randomUUID().slice(0, 8);
  const days = weekDates(LOAD_WEEK, 1).slice(0, 5);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

  const call = async (op: string, expect: number, who: Person, method: string, path: string, opts: { body?: unknown; idempotencyKey?: string } = {}) => {
    const start = performance.now();
    let answer: Answer | undefined;
    try {
      answer = await o.client.send(op, who.key, method, path, opts);
    } catch (e) {
      errors.push(`${op}: ${(e as Error).message}`);
      return undefined;
    }
    if (!latencies.has(op)) latencies.set(op, []);
    latencies.get(op)!.push(performance.now() - start);
    if (answer.status !== expect) errors.push(`${op} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 200)}`);
    return answer.status === expect ? answer : undefined;
  };

  const member = (who: Person) => {
    let timer = false;
    let n = 0;
    const total = o.mix.save + o.mix.readWeek + o.mix.timer;
    return async () => {
      const r = Math.random() * total;
      if (r < o.mix.save) {
        const seq = n++;
        const seconds = 60 * (1 + Math.floor(Math.random() * 60));
        const body = { time: seconds, date: pick(days), task: pick(o.team.tasks) };
        const idempotencyKey = `save-${run}-${who.id}-${seq}`;
        const first = await call('POST /time', 201, who, 'POST', '/time', { body, idempotencyKey });
        if (!first) return;
        saves++;
        meant.set(who.id, (meant.get(who.id) ?? 0) + seconds);
        if (o.repeatEvery && seq % o.repeatEvery === 0) {
          const again = await call('POST /time (same key again)', 201, who, 'POST', '/time', { body, idempotencyKey });
          if (again && (again.headers.get('idempotent-replayed') !== 'true' || again.json.id !== first.json.id))
            errors.push(`POST /time sent again with key ${idempotencyKey} was not a replay of the first answer`);
        }
      } else if (r < o.mix.save + o.mix.readWeek) {
        await call('GET /users/{id}/time (week)', 200, who, 'GET', `/users/${who.id}/time?${weekQuery(LOAD_WEEK)}`);
      } else if (!timer) {
        timer = Boolean(await call('POST /timers', 200, who, 'POST', '/timers', { body: { task: pick(o.team.tasks), userDate: days[0] } }));
      } else {
        timer = !(await call('DELETE /timers/current', 200, who, 'DELETE', '/timers/current'));
      }
    };
  };

  const admin = (_: unknown, i: number) => {
    // Each admin starts at another screen, so the three are read about as often as each other.
    let n = i;
    const [from, to] = [weekDates(SUBMITTED_WEEK, 1)[0], weekDates(LOAD_WEEK, 1)[6]];
    return async () => {
      const who = o.team.admin;
      const step = n++ % 3;
      if (step === 0) await call('GET /approvals', 200, who, 'GET', '/approvals');
      else if (step === 1) await call('GET /approvals/summary', 200, who, 'GET', '/approvals/summary');
      else await call('GET /dashboards/projects', 200, who, 'GET', `/dashboards/projects?date.gte=${from}&date.lte=${to}`);
    };
  };

  const users = [...o.team.members.map(member), ...Array.from({ length: o.admins }, admin)];
  // User u takes actions u, u + U, u + 2U …; with a rate, action i starts no earlier than i / rate seconds in.
  await Promise.all(
    users.map(async (act, u) => {
      for (let i = u; i < o.actions; i += users.length) {
        const due = o.rate ? t0 + (i / o.rate) * 1000 : 0;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (performance.now() - t0 > o.deadlineMs) return;
        started++;
        await act();
      }
    }),
  );
  return { meant, saves, actions: started, elapsedMs: performance.now() - t0, ops: opStats(latencies), errors };
}

/** Each member logs two cells of the week before the load's and submits it, so the admins' inbox has weeks waiting. */
export async function prepareTeam(client: LoadClient, team: SeededTeam) {
  const meant = new Map<number, number>();
  const days = weekDates(SUBMITTED_WEEK, 1);
  await Promise.all(
    team.members.map(async (m, i) => {
      for (const [d, seconds] of [[0, 3600], [1 + (i % 4), 1800]] as const) {
        const res = await client.send('prepare', m.key, 'POST', '/time', { body: { time: seconds, date: days[d], task: team.tasks[i % team.tasks.length] }, idempotencyKey: `prepare-${m.id}-${d}` });
        if (res.status !== 201) throw new Error(`Preparing the team: POST /time answered ${res.status}`);
        meant.set(m.id, (meant.get(m.id) ?? 0) + seconds);
      }
      const res = await client.send('prepare', m.key, 'POST', `/timesheets/${timesheetId(m.id, SUBMITTED_WEEK)}/approval`, { body: { comment: 'Week done' } });
      if (res.status >= 300) throw new Error(`Preparing the team: submitting a week answered ${res.status}`);
    }),
  );
  return { meant, saves: team.members.length * 2 };
}

/** The seconds each member has booked from the submitted week to the load's week, as the API reads them. */
export async function bookedSeconds(client: LoadClient, team: SeededTeam): Promise<Map<number, number>> {
  const booked = new Map<number, number>();
  const [from, to] = [weekDates(SUBMITTED_WEEK, 1)[0], weekDates(LOAD_WEEK, 1)[6]];
  for (const m of team.members) {
    const res = await client.send('check', team.admin.key, 'GET', `/users/${m.id}/time?from=${from}&to=${to}`);
    if (res.status !== 200) throw new Error(`Reading ${m.id}'s time answered ${res.status}`);
    booked.set(m.id, (res.json as { time: number }[]).reduce((s, r) => s + r.time, 0));
  }
  return booked;
}
