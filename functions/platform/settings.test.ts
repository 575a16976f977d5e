import { describe, expect, it } from 'vitest';
import { createEnvironmentSettings } from './settings';

describe('createEnvironmentSettings', () => {
  it('takes the first configured web origin, without a trailing slash', () => {
    const settings = createEnvironmentSettings({ WEB_ORIGINS: 'https://app.example.com/, https://other.example.com' });
    expect(settings.webOrigin()).toBe('https://app.example.com');
  });

  it('fails loudly when no web origin is configured', () => {
    expect(() => createEnvironmentSettings({}).webOrigin()).toThrow(/WEB_ORIGINS/);
    expect(() => createEnvironmentSettings({ WEB_ORIGINS: ' /' }).webOrigin()).toThrow(/WEB_ORIGINS/);
  });

  it('says when no web origin is configured, for links that may be left out', () => {
    expect(createEnvironmentSettings({ WEB_ORIGINS: ' https://app.example.com//,https://other.example.com' }).webOriginIfSet()).toBe('https://app.example.com');
    expect(createEnvironmentSettings({}).webOriginIfSet()).toBeUndefined();
    expect(createEnvironmentSettings({ WEB_ORIGINS: ' , https://other.example.com' }).webOriginIfSet()).toBeUndefined();
  });

  it('reads the default consumer organization, blank meaning unset', () => {
    expect(createEnvironmentSettings({ GROUNDWORK_DEFAULT_CONSUMER_ORGANIZATION_ID: ' org_1 ' }).defaultConsumerOrganizationId()).toBe('org_1');
    expect(createEnvironmentSettings({ GROUNDWORK_DEFAULT_CONSUMER_ORGANIZATION_ID: ' ' }).defaultConsumerOrganizationId()).toBeUndefined();
  });
});
