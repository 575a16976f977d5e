import { afterEach, describe, expect, it } from 'vitest';
import { ALLOW_PRIVATE_URLS_ENV, endpointProblem, isBlockedAddress } from './endpoint-guard';

const saved = { runtime: process.env.GROUNDWORK_RUNTIME, allow: process.env[ALLOW_PRIVATE_URLS_ENV] };
afterEach(() => {
  process.env.GROUNDWORK_RUNTIME = saved.runtime;
  if (saved.allow === undefined) delete process.env[ALLOW_PRIVATE_URLS_ENV];
  else process.env[ALLOW_PRIVATE_URLS_ENV] = saved.allow;
});

describe('storage endpoint guard', () => {
  it('refuses loopback, private, link-local and metadata addresses, v4 and v6', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00:ec2::254', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '52.95.110.1', '2606:4700::1111']) expect(isBlockedAddress(address), address).toBe(false);
  });

  it('in the cloud, answers "not-allowed" for such hosts and "invalid" for non-URLs', async () => {
    process.env.GROUNDWORK_RUNTIME = 'cloud';
    delete process.env[ALLOW_PRIVATE_URLS_ENV];
    expect(await endpointProblem('http://127.0.0.1:9000')).toBe('not-allowed');
    expect(await endpointProblem('http://[::1]:9000')).toBe('not-allowed');
    expect(await endpointProblem('http://localhost:9000')).toBe('not-allowed');
    expect(await endpointProblem('http://169.254.169.254/latest')).toBe('not-allowed');
    expect(await endpointProblem('https://8.8.8.8')).toBeUndefined();
    expect(await endpointProblem('ftp://example.com')).toBe('invalid');
    expect(await endpointProblem('not a url')).toBe('invalid');
    expect(await endpointProblem(`https://example.com/${'a'.repeat(2050)}`)).toBe('invalid');
  });

  it('lets private endpoints through locally and with the override', async () => {
    process.env.GROUNDWORK_RUNTIME = 'local';
    expect(await endpointProblem('http://localhost:9000')).toBeUndefined();
    process.env.GROUNDWORK_RUNTIME = 'cloud';
    process.env[ALLOW_PRIVATE_URLS_ENV] = 'true';
    expect(await endpointProblem('http://10.0.0.5:9000')).toBeUndefined();
  });
});
