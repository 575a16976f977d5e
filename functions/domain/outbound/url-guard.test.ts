import { afterEach, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV } from './address-policy';
import { checkedAddresses, OutboundRefusedError, urlProblem, type Resolver } from './url-guard';

const saved = process.env[ALLOW_PRIVATE_URLS_ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = saved;
});

const names: Record<string, string[]> = {
  'metadata.attacker.test': ['169.254.169.254'],
  'v6-metadata.attacker.test': ['fd00:ec2::254'],
  'mixed.attacker.test': ['93.184.216.34', '169.254.169.254'],
  'minio.internal.test': ['10.0.0.5'],
  'public.test': ['93.184.216.34'],
};
const resolve: Resolver = async (hostname) => {
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const LOOPBACK_SPELLINGS = ['http://127.0.0.1:9000', 'http://2130706433/', 'http://0x7f000001/', 'http://127.1/', 'http://0177.0.0.1/', 'http://[::1]/', 'http://[::127.0.0.1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/', 'http://[::]/', 'http://10.1.2.3/'];
const METADATA_SPELLINGS = ['http://169.254.169.254/latest/meta-data', 'http://2852039166/', 'http://0xa9fea9fe/', 'http://[::ffff:169.254.169.254]/', 'http://[::169.254.169.254]/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://100.100.100.200/'];

describe('URL guard', () => {
  it('refuses loopback and private hosts in every numeric spelling unless the flag is set', async () => {
    delete process.env[ALLOW_PRIVATE_URLS_ENV];
    for (const url of LOOPBACK_SPELLINGS) expect(await urlProblem(url, { resolve }), url).toBe('not-allowed');
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    for (const url of LOOPBACK_SPELLINGS) expect(await urlProblem(url, { resolve }), url).toBeUndefined();
  });

  it('refuses link-local and metadata hosts even with the flag', async () => {
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    for (const url of METADATA_SPELLINGS) expect(await urlProblem(url, { resolve }), url).toBe('not-allowed');
  });

  it('refuses names that resolve to such addresses, even when one of their addresses is public', async () => {
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    expect(await urlProblem('https://metadata.attacker.test/', { resolve })).toBe('not-allowed');
    expect(await urlProblem('https://v6-metadata.attacker.test/', { resolve })).toBe('not-allowed');
    expect(await urlProblem('https://mixed.attacker.test/', { resolve })).toBe('not-allowed');
    expect(await urlProblem('https://minio.internal.test/', { resolve })).toBeUndefined();
    expect(await urlProblem('https://minio.internal.test/', { resolve, allowPrivate: false })).toBe('not-allowed');
    expect(await urlProblem('https://public.test/', { resolve, allowPrivate: false })).toBeUndefined();
    await expect(checkedAddresses('metadata.attacker.test', { resolve })).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  it('answers "invalid" for what is not an absolute http(s) URL of at most 2048 characters', async () => {
    expect(await urlProblem('ftp://example.com')).toBe('invalid');
    expect(await urlProblem('not a url')).toBe('invalid');
    expect(await urlProblem(`https://example.com/${'a'.repeat(2050)}`)).toBe('invalid');
    expect(await urlProblem(42)).toBe('invalid');
  });
});
