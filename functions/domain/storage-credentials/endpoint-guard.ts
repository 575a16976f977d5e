import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { currentRuntime } from '../../platform/environment';

/**
 * Set to `true` to let storage endpoints resolve to private addresses in the cloud (a MinIO in the
 * same VPC). Locally they are always allowed: the embedded store itself is on localhost.
 */
export const ALLOW_PRIVATE_URLS_ENV = 'GROUNDWORK_ALLOW_PRIVATE_URLS';

/** Address ranges a user-supplied endpoint must not reach from inside the deployment (§1.10). */
const BLOCKED_RANGES = new Set(['unspecified', 'broadcast', 'multicast', 'linkLocal', 'loopback', 'private', 'uniqueLocal', 'carrierGradeNat', 'reserved', 'ipv4Mapped', 'rfc6145', 'rfc6052', '6to4', 'teredo']);

export type EndpointProblem = 'invalid' | 'not-allowed';

export function guardActive(): boolean {
  return currentRuntime() === 'cloud' && process.env[ALLOW_PRIVATE_URLS_ENV] !== 'true';
}

export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return BLOCKED_RANGES.has(parsed.range());
}

/** An absolute http(s) URL of at most 2048 characters (§1.10), or undefined. */
export function parseEndpoint(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why an endpoint may not be used, if it may not. Checked when saving and again before every use,
 * so a later DNS change cannot point a saved endpoint inside the deployment. A host that does not
 * resolve passes: nothing can be reached through it, and the connection itself will fail.
 */
export async function endpointProblem(value: unknown): Promise<EndpointProblem | undefined> {
  const url = parseEndpoint(value);
  if (!url) return 'invalid';
  if (!guardActive()) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return isBlockedAddress(host) ? 'not-allowed' : undefined;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'not-allowed';
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.some((entry) => isBlockedAddress(entry.address)) ? 'not-allowed' : undefined;
  } catch {
    return undefined;
  }
}
