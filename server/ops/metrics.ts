/**
 * A small Prometheus registry: request counts and latency histograms per route template, and counters the
 * background jobs bump. Rendered in the text exposition format (version 0.0.4).
 */

/** Latency buckets in seconds (the budget's 50 ms sits on a boundary). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  labels: string;
  counts: number[];
  sum: number;
  count: number;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',');

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();
  private readonly counters = new Map<string, { help: string; value: number }>();

  /** One answered request: `route` is the template (`/time/:id`), never the concrete path. */
  observeRequest(method: string, route: string, status: number, seconds: number) {
    const countKey = labelText({ method, route, status: String(status) });
    this.requests.set(countKey, (this.requests.get(countKey) ?? 0) + 1);
    const histKey = labelText({ method, route });
    let h = this.latency.get(histKey);
    if (!h) {
      h = { labels: histKey, counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.latency.set(histKey, h);
    }
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
  }

  /** Adds `by` to the counter `name` (declared with its help text on first use). */
  inc(name: string, help: string, by = 1) {
    const c = this.counters.get(name);
    if (c) c.value += by;
    else this.counters.set(name, { help, value: by });
  }

  counter(name: string): number {
    return this.counters.get(name)?.value ?? 0;
  }

  /** The exposition text; `gauges` are values read at scrape time (name → help and value). */
  render(gauges: Record<string, { help: string; value: number }> = {}): string {
    const out: string[] = [];
    out.push('# HELP timekeep_http_requests_total Requests answered, by method, route template and status.');
    out.push('# TYPE timekeep_http_requests_total counter');
    for (const [labels, n] of this.requests) out.push(`timekeep_http_requests_total{${labels}} ${n}`);
    out.push('# HELP timekeep_http_request_duration_seconds Time to answer, by method and route template.');
    out.push('# TYPE timekeep_http_request_duration_seconds histogram');
    for (const h of this.latency.values()) {
      LATENCY_BUCKETS.forEach((b, i) => out.push(`timekeep_http_request_duration_seconds_bucket{${h.labels},le="${b}"} ${h.counts[i]}`));
      out.push(`timekeep_http_request_duration_seconds_bucket{${h.labels},le="+Inf"} ${h.count}`);
      out.push(`timekeep_http_request_duration_seconds_sum{${h.labels}} ${h.sum}`);
      out.push(`timekeep_http_request_duration_seconds_count{${h.labels}} ${h.count}`);
    }
    for (const [name, c] of this.counters) out.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} counter`, `${name} ${c.value}`);
    for (const [name, g] of Object.entries(gauges)) out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} gauge`, `${name} ${g.value}`);
    return `${out.join('\n')}\n`;
  }
}

/** Names of the webhook counters (the worker bumps them, /metrics shows them). */
export const DELIVERY_FAILURES = 'timekeep_webhook_delivery_failures_total';
export const DELIVERY_ATTEMPTS = 'timekeep_webhook_delivery_attempts_total';

/** Names of the notification counters. */
export const NOTIFICATIONS_CREATED = 'timekeep_notifications_created_total';
export const MAILS_SENT = 'timekeep_notification_emails_sent_total';
export const MAILS_FAILED = 'timekeep_notification_email_failures_total';
