import ipaddr from 'ipaddr.js';

/**
 * Where an address a user-supplied URL leads to stands (§1.10):
 *  - `public`: anywhere on the internet;
 *  - `private`: this machine or its networks (loopback, RFC 1918, unique-local, CGNAT, unspecified,
 *    multicast, broadcast, reserved): refused unless the deployment says its users may reach them;
 *  - `forbidden`: link-local and the cloud providers' metadata services, which hand out the
 *    deployment's own credentials: refused whatever the configuration.
 */
export type AddressClass = 'public' | 'private' | 'forbidden';

/** Set to `true` to let user-supplied URLs reach loopback and private addresses (a MinIO on the same network). */
export const ALLOW_PRIVATE_URLS_ENV = 'GROUNDWORK_ALLOW_PRIVATE_URLS';

export function privateUrlsAllowed(): boolean {
  return process.env[ALLOW_PRIVATE_URLS_ENV] === 'true';
}

const FORBIDDEN = [
  '169.254.0.0/16', // IPv4 link-local: AWS, GCP, Azure and OpenStack metadata at 169.254.169.254
  '100.100.100.200/32', // Alibaba Cloud metadata, inside CGNAT space
  '192.0.0.192/32', // Oracle Cloud metadata (legacy)
  '168.63.129.16/32', // Azure WireServer
  'fe80::/10', // IPv6 link-local
  'fd00:ec2::254/128', // AWS metadata over IPv6
].map((cidr) => ipaddr.parseCIDR(cidr));

function inForbidden(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return FORBIDDEN.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/**
 * The IPv4 address an IPv6 one carries and leads to: mapped (::ffff:a.b.c.d), compatible
 * (::a.b.c.d), SIIT (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96, 64:ff9b:1::/48) and 6to4 (2002:ab:cd::).
 * A literal like [::127.0.0.1] must be judged by the address it reaches, not by its IPv6 spelling.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const last32 = () => new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return last32();
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts[2] === 1) return last32();
  if (range === '6to4') return new ipaddr.IPv4([parts[1]! >> 8, parts[1]! & 0xff, parts[2]! >> 8, parts[2]! & 0xff]);
  // IPv4-compatible: the first 96 bits zero, and not :: or ::1 (which are IPv6's own).
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) return last32();
  return undefined;
}

/** The class of an IP address in any textual form ipaddr.js parses; anything unparsable is forbidden. */
export function classifyAddress(text: string): AddressClass {
  const literal = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(literal)) return 'forbidden';
  const address = ipaddr.parse(literal);
  if (inForbidden(address)) return 'forbidden';
  if (address.kind() === 'ipv6') {
    const carried = embeddedIPv4(address as ipaddr.IPv6);
    if (carried) return classifyAddress(carried.toString());
  }
  return address.range() === 'unicast' ? 'public' : 'private';
}

export function addressAllowed(text: string, allowPrivate: boolean): boolean {
  const verdict = classifyAddress(text);
  return verdict === 'public' || (verdict === 'private' && allowPrivate);
}
