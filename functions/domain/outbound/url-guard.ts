import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressAllowed, privateUrlsAllowed } from './address-policy';

/** §1.10's message for a URL that leads somewhere it may not. */
export const URL_NOT_ALLOWED = 'URL is not allowed';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to; injectable so tests can make names lead anywhere. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface OutboundPolicy {
  /** Defaults to GROUNDWORK_ALLOW_PRIVATE_URLS, read at each call. */
  allowPrivate?: boolean;
  resolve?: Resolver;
}

/** A connection the guard refused; `address` is what the host led to. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  readonly code = 'ERR_OUTBOUND_REFUSED';

  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${URL_NOT_ALLOWED}: ${host} leads to ${address}`);
  }
}

export function isOutboundRefused(error: unknown): boolean {
  for (let current = error as { name?: string; cause?: unknown } | undefined, depth = 0; current && depth < 5; current = current.cause as typeof current, depth++) {
    if (current.name === 'OutboundRefusedError') return true;
  }
  return false;
}

/** An absolute http(s) URL of at most 2048 characters (§1.10), or undefined. */
export function parseOutboundUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    // The WHATWG parser also normalises numeric hosts (2130706433, 0x7f000001, 127.1, 0177.0.0.1) to dotted quads.
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A URL's host without IPv6 brackets or zone. */
export function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

/**
 * The addresses a connection to `host` may use: all of them checked, or OutboundRefusedError when
 * any is refused (a name that answers with one public and one metadata address is not trusted with
 * either). Callers connect to what this returns and never resolve the name again.
 */
export async function checkedAddresses(host: string, policy: OutboundPolicy = {}): Promise<ResolvedAddress[]> {
  const allowPrivate = policy.allowPrivate ?? privateUrlsAllowed();
  const bare = bareHost(host);
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await (policy.resolve ?? systemResolver)(bare);
  const refused = addresses.find((entry) => !addressAllowed(entry.address, allowPrivate));
  if (refused) throw new OutboundRefusedError(bare, refused.address);
  return addresses;
}

export type UrlProblem = 'invalid' | 'not-allowed';

/**
 * Why a URL may not be saved, if it may not: checked when saving, and the connection itself checks
 * again (guarded-agents.ts), so a later DNS change cannot reach inside the deployment. A host that
 * does not resolve now passes: nothing can be reached through it, and its connection is checked.
 */
export async function urlProblem(value: unknown, policy: OutboundPolicy = {}): Promise<UrlProblem | undefined> {
  const url = parseOutboundUrl(value);
  if (!url) return 'invalid';
  try {
    await checkedAddresses(url.hostname, policy);
    return undefined;
  } catch (error) {
    if (error instanceof OutboundRefusedError) return 'not-allowed';
    return undefined;
  }
}
