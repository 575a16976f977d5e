import { describe, expect, it } from 'vitest';
import { addressAllowed, classifyAddress } from './address-policy';

describe('outbound address policy', () => {
  it('forbids link-local and metadata addresses in every spelling, whatever the configuration', () => {
    for (const address of ['169.254.169.254', '169.254.0.1', '100.100.100.200', '168.63.129.16', 'fe80::1', 'fe80::1%eth0', 'fd00:ec2::254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::169.254.169.254', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1', 'not-an-address']) {
      expect(classifyAddress(address), address).toBe('forbidden');
      expect(addressAllowed(address, true), address).toBe(false);
    }
  });

  it('treats loopback, private, unspecified, CGNAT, multicast and reserved addresses (and IPv6 forms carrying them) as private', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '10.1.2.3', '172.16.0.9', '192.168.1.1', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '240.0.0.1', '192.0.2.1', '::', '::1', 'fc00::1', 'fd12::1', 'ff02::1', '::127.0.0.1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::10.0.0.1', '2002:7f00:1::']) {
      expect(classifyAddress(address), address).toBe('private');
      expect(addressAllowed(address, false), address).toBe(false);
      expect(addressAllowed(address, true), address).toBe(true);
    }
  });

  it('allows public addresses', () => {
    for (const address of ['8.8.8.8', '52.95.110.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8']) {
      expect(classifyAddress(address), address).toBe('public');
      expect(addressAllowed(address, false), address).toBe(true);
    }
  });
});
