import net from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * Which peers may tell the client's address (`TRUST_PROXY`): nobody (the default: the socket peer is the
 * client), the proxies at these addresses or networks, or the nearest `hops` proxies whatever their address.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'list'; list: net.BlockList; text: string } | { kind: 'hops'; hops: number };

/** Unwraps an IPv4 address carried in IPv6 (`::ffff:10.0.0.1`), so one address has one spelling. */
const canonical = (address: string) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
};

/** Parses `TRUST_PROXY`: unset, empty, `0` or `false` trust nobody; a whole number trusts that many hops; else a comma-separated list of addresses and CIDRs. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new net.BlockList();
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', bits, extra] = part.split('/');
    const family = net.isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || extra !== undefined || !/^\d{0,3}$/.test(bits ?? '') || prefix > (family === 6 ? 128 : 32))
      throw new Error(`TRUST_PROXY must be a number of hops or a list of addresses and CIDRs, got "${part}"`);
    list.addSubnet(canonical(address), prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { kind: 'list', list, text };
}

const trusted = (list: net.BlockList, address: string) => {
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/** One `for=` value of `Forwarded` (RFC 7239): quotes, brackets and a port removed. */
function forwardedFor(value: string): string {
  let v = value.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed) return bracketed[1]!;
  if (/^[\d.]+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  return v;
}

/** The addresses proxies forwarded for, nearest last: `Forwarded` when sent, else `X-Forwarded-For`. */
function forwardedChain(c: Context<AppEnv>): string[] {
  const forwarded = c.req.header('forwarded');
  if (forwarded) {
    const out: string[] = [];
    for (const element of forwarded.split(',')) {
      const pair = element.split(';').find((p) => p.trim().toLowerCase().startsWith('for='));
      out.push(pair ? forwardedFor(pair.trim().slice(4)) : '');
    }
    return out;
  }
  const xff = c.req.header('x-forwarded-for');
  return xff ? xff.split(',').map((s) => s.trim()) : [];
}

/** The socket peer, or `unknown` when not served over a socket (in-process calls). */
function socketPeer(c: Context<AppEnv>): string {
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return 'unknown';
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The client's address, the one every per-address limit and log uses. It is the socket peer, unless that
 * peer is a trusted proxy (`TRUST_PROXY`): then the forwarded chain is walked from the nearest entry back,
 * past every trusted proxy (or the configured number of hops), to the first address no trusted proxy is
 * known to be. Entries further left were written by the client itself and are never believed.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const peer = canonical(socketPeer(c));
  const trust = c.get('deps').config.trustProxy ?? { kind: 'none' };
  if (trust.kind === 'none' || peer === 'unknown') return peer;
  const chain = [...forwardedChain(c).map(canonical), peer];
  if (trust.kind === 'hops') {
    // The nearest `hops` entries are proxies; the one before them is the client (as far back as the chain goes).
    const at = Math.max(0, chain.length - 1 - trust.hops);
    for (let i = at; i < chain.length; i++) if (net.isIP(chain[i]!)) return chain[i]!;
    return peer;
  }
  let i = chain.length - 1;
  while (i > 0 && trusted(trust.list, chain[i]!) && net.isIP(chain[i - 1]!)) i--;
  return chain[i]!;
}
