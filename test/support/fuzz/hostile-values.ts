import type { Random } from './random';

/**
 * Values a careless client or an attacker could send: wrong types, huge and odd strings, extreme
 * numbers, deep nesting. Each generator draws from the run's seeded PRNG.
 */

const LONE_SURROGATES = ['\ud800', '\udfff', 'a\ud83dz', '\udc00\ud800'];
const ODD_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '${jndi:ldap://x}',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '{"$gt": ""}',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  '𝕳𝖊𝖑𝖑𝖔 🧨👩‍👩‍👧',
  'Ǎ̴̡̛̘͓͔͉̤͓͍̙',
  '\ufeffBOM',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'ORG#org_x',
  'USER#',
  'a#b#c',
  'http://169.254.169.254/latest/meta-data/',
  'https://example.com/' + 'p'.repeat(3000),
  'rag_' + 'x'.repeat(40),
  'user@demo.example.com',
  'not-an-email@',
  'A'.repeat(256),
];

export const EXTREME_NUMBERS = [1e308, -1e308, 5e-324, -5e-324, 2 ** 53 + 2, -(2 ** 53) - 2, 1e21, 0.1 + 0.2, -1, 0, 1, 1.5, 255, 256, 1000, 10_001, 2 ** 31, -(2 ** 31), 1e-200];

/** Raw JSON number texts JSON.stringify cannot produce: negative zero, and a literal that parses to Infinity. */
export const RAW_NUMBER_TEXTS = ['-0', '1e999', '-1e999', '1E+308', '0.0000000000000000000000000000000000000000001', '123456789012345678901234567890'];

export function hostileString(random: Random): string {
  switch (random.int(6)) {
    case 0:
      return random.pick(ODD_STRINGS);
    case 1:
      return random.pick(LONE_SURROGATES) + random.pick(ODD_STRINGS);
    case 2:
      return random.pick(['x', 'é', '字', '🧨', '\u202e', '/']).repeat(random.pick([65, 256, 256, 1001, 1001, 2049, 20_000]));
    case 3:
      return Array.from({ length: random.int(40) + 1 }, () => String.fromCharCode(random.int(0xffff))).join('');
    case 4:
      return `${random.pick(ODD_STRINGS)}${random.int(1e9)}`;
    default:
      return random.pick(['a', 'Valid name', 'demo', 'test value', '  padded  ']);
  }
}

export function hostileNumber(random: Random): number | string {
  return random.chance(0.8) ? random.pick(EXTREME_NUMBERS) : random.pick(['NaN', 'Infinity', '-Infinity', '1e308', '-0', '0x10', '1_000']);
}

function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
  return value;
}

/** Any JSON value, of any type, sometimes deeply nested or wide. */
export function hostileValue(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 2 ? 5 : 9);
  switch (kind) {
    case 0:
      return hostileString(random);
    case 1:
      return hostileNumber(random);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return random.pick(['', 'a', 'true', 'false', '0']);
    case 4:
      return hostileString(random);
    case 5:
      return Array.from({ length: random.pick([0, 1, 3, 101, 101, 1001]) }, () => (random.chance(0.5) ? hostileString(random).slice(0, 80) : random.int(100)));
    case 6:
      return nested(random.pick([10, 33, 40, 200, 200, 2000]), random.chance(0.5));
    case 7:
      return Object.fromEntries(Array.from({ length: random.int(6) }, () => [random.pick(['a', '__proto__', 'constructor', '', hostileString(random).slice(0, 300)]), hostileValue(random, depth + 1)]));
    default:
      return [hostileValue(random, depth + 1), hostileValue(random, depth + 1)];
  }
}
