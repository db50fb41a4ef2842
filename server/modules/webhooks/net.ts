import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

/** Resolves a host name to its addresses. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Loopback, private, shared, link-local (cloud metadata included), multicast, reserved and other non-public ranges. */
const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(addr, prefix, 'ipv4');
}
for (const [addr, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(addr, prefix, 'ipv6');
}

/** The IPv4 address embedded in an IPv4-mapped, NAT64 or 6to4 IPv6 address. */
function embeddedIpv4(v6: string): string | undefined {
  const lower = v6.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIpv6(lower);
  if (!words) return undefined;
  const tail = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d in hex form, and NAT64 64:ff9b::/96
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return tail(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return tail(words[6]!, words[7]!);
  // 6to4 2002:AABB:CCDD::/48
  if (words[0] === 0x2002) return tail(words[1]!, words[2]!);
  // IPv4-compatible ::a.b.c.d (deprecated)
  if (words.slice(0, 6).every((w) => w === 0) && (words[6] !== 0 || words[7]! > 1)) return tail(words[6]!, words[7]!);
  return undefined;
}

function expandIpv6(v6: string): number[] | undefined {
  let s = v6.split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const p = v4[1]!.split('.').map(Number);
    s = s.slice(0, -v4[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, rest] = s.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : undefined;
  const fill = r === undefined ? [] : new Array(8 - h.length - r.length).fill('0');
  const all = [...h, ...fill, ...(r ?? [])];
  if (all.length !== 8) return undefined;
  return all.map((w) => parseInt(w, 16));
}

/** True when a webhook may connect to `address` (an IP literal). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined && !isPublicAddress(v4)) return false;
    return !blocked.check(address.split('%')[0]!, 'ipv6');
  }
  return false;
}

export class UnsafeTargetError extends Error {}

export interface TargetPolicy {
  allowPrivate: boolean;
  resolve: Resolver;
}

const bareHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

/**
 * Resolves the URL's host and checks every address; throws UnsafeTargetError when the scheme is not
 * http(s), the host does not resolve, or any address is not public (unless private targets are allowed).
 * Returns the addresses to connect to.
 */
export async function checkTarget(url: URL, policy: TargetPolicy): Promise<{ address: string; family: 4 | 6 }[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeTargetError('Only http and https URLs are allowed');
  const host = bareHost(url);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new UnsafeTargetError(`The host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new UnsafeTargetError(`The host ${host} could not be resolved`);
  if (!policy.allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a));
    if (bad !== undefined) throw new UnsafeTargetError('The URL must not point to a loopback, private, link-local, multicast or metadata address');
  }
  return addresses.map((address) => ({ address, family: net.isIP(address) === 6 ? 6 : 4 }));
}

export const MAX_RESPONSE_BYTES = 64 * 1024;
export const EXCERPT_CHARS = 200;

export interface PostResult {
  /** Receiver's HTTP status, when it answered. */
  status?: number;
  /** Why no answer came. */
  error?: string;
  excerpt: string;
  durationMs: number;
  ok: boolean;
}

export interface PostOptions extends TargetPolicy {
  timeoutMs: number;
  headers: Record<string, string>;
  body: string;
}

const excerptOf = (buf: Buffer) =>
  buf
    .toString('utf8')
    .slice(0, EXCERPT_CHARS)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/**
 * POSTs `body` to `url` with node:http(s): the host is resolved and checked here and the socket connects
 * to a checked address (so DNS rebinding cannot bypass the check); redirects are not followed; the whole
 * exchange is cut off at `timeoutMs`; at most 64 KB of the answer is read. Never throws.
 */
export async function postJson(url: string, opts: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, 'durationMs' | 'ok'>): PostResult => ({
    ...r,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    ok: r.status !== undefined && r.status >= 200 && r.status < 300,
  });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return done({ error: 'Invalid URL', excerpt: '' });
  }
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    let req: http.ClientRequest | undefined;
    const finish = (r: Omit<PostResult, 'durationMs' | 'ok'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const timer = setTimeout(() => {
      finish({ error: `Timed out after ${opts.timeoutMs} ms`, excerpt: '' });
      req?.destroy();
    }, opts.timeoutMs);

    checkTarget(parsed, opts)
      .then((addresses) => {
        if (settled) return;
        const first = addresses[0]!;
        // Connect only to the addresses checked above, whatever DNS says now.
        const lookup: LookupFunction = (_host, options, cb) => {
          if (options.all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
          else cb(null, first.address, first.family);
        };
        const mod = parsed.protocol === 'https:' ? https : http;
        req = mod.request(parsed, {
          method: 'POST',
          headers: { ...opts.headers, 'Content-Length': String(Buffer.byteLength(opts.body)) },
          lookup,
          agent: false,
          ...(net.isIP(bareHost(parsed)) ? {} : { servername: bareHost(parsed) }),
        });
        req.on('error', (e) => finish({ error: describeError(e), excerpt: '' }));
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const end = () => finish({ status: res.statusCode ?? 0, excerpt: excerptOf(Buffer.concat(chunks)) });
          res.on('data', (chunk: Buffer) => {
            if (size >= MAX_RESPONSE_BYTES) return;
            chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
            size += chunk.length;
            if (size >= MAX_RESPONSE_BYTES) {
              end();
              res.destroy();
            }
          });
          res.on('end', end);
          res.on('error', end);
          res.on('close', end);
        });
        req.end(opts.body);
      })
      .catch((e: unknown) => finish({ error: e instanceof UnsafeTargetError ? e.message : describeError(e), excerpt: '' }));
  });
}

function describeError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ECONNRESET':
      return 'Connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'Host unreachable';
    default:
      if (err?.code?.startsWith('ERR_TLS') || err?.code?.includes('CERT')) return `TLS error (${err.code})`;
      return err?.code ? `Connection error (${err.code})` : 'Connection error';
  }
}
