/** One request put on the wire to one instance. `status` is null when no answer came (connection refused or cut). */
export interface Attempt {
  op: string;
  target: string;
  start: number;
  end: number;
  status: number | null;
  error?: string;
}

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
  /** Attempts it took (1 unless an instance went away under it). */
  tries: number;
}

export interface SendOptions {
  body?: unknown;
  idempotencyKey?: string;
}

const MAX_TRIES = 4;
const ATTEMPT_TIMEOUT_MS = 20_000;

/**
 * The client side of a load balancer in front of API instances: each request goes to the next live instance in
 * turn; a request that gets no answer (the instance went away) or a 503 is sent again to another instance when
 * that is safe, a GET or a POST carrying an `Idempotency-Key`. Every attempt is kept, with its times, so a test can
 * tell which ones were in flight when an instance was stopped.
 */
export class LoadClient {
  readonly attempts: Attempt[] = [];
  private live: string[];
  private turn = 0;
  /** Called right after a request is sent, before its answer: a test stops an instance there to catch requests in flight. */
  onSend: ((target: string) => void) | undefined;

  constructor(targets: string[]) {
    this.live = [...targets];
  }

  get targets(): readonly string[] {
    return this.live;
  }

  /** Takes an instance out of the rotation (a balancer does when its /ready turns 503). */
  remove(target: string) {
    this.live = this.live.filter((t) => t !== target);
  }

  add(target: string) {
    if (!this.live.includes(target)) this.live.push(target);
  }

  private pick(avoid: string | undefined): string {
    const choices = this.live.length > 1 && avoid ? this.live.filter((t) => t !== avoid) : this.live;
    if (choices.length === 0) throw new Error('No API instance is live');
    return choices[this.turn++ % choices.length]!;
  }

  async send(op: string, key: string, method: string, path: string, opts: SendOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'X-Api-Key': key };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const retryable = method === 'GET' || Boolean(opts.idempotencyKey);
    let last: string | undefined;
    for (let tries = 1; ; tries++) {
      const target = this.pick(last);
      last = target;
      const attempt: Attempt = { op, target, start: performance.now(), end: 0, status: null };
      this.attempts.push(attempt);
      const pending = fetch(`${target}${path}`, { method, headers, body, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
      this.onSend?.(target);
      try {
        const res = await pending;
        const text = await res.text();
        attempt.end = performance.now();
        attempt.status = res.status;
        if (!(res.status === 503 && retryable && tries < MAX_TRIES)) {
          return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers, tries };
        }
      } catch (e) {
        attempt.end = performance.now();
        attempt.error = String((e as Error).cause ?? e);
        if (!retryable || tries >= MAX_TRIES) throw new Error(`${op} to ${target} got no answer: ${attempt.error}`, { cause: e });
      }
      await new Promise((r) => setTimeout(r, 20 * tries));
    }
  }
}

/** The value at quantile `q` (0..1) of an ascending list. */
export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export interface OpStats {
  op: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Latency per operation (ms, from sending the first attempt to the final answer, retries included). */
export function opStats(latencies: Map<string, number[]>): OpStats[] {
  const round = (n: number) => Math.round(n * 10) / 10;
  return [...latencies].map(([op, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return { op, count: ms.length, p50: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)), p99: round(quantile(sorted, 0.99)) };
  });
}
