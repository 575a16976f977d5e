import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN } from '../../../../shared/rules/application-form';
import { accessBadgeOf, accessInfoOf, canChat } from './access-rules';
import { availableGroups, groupIdsToSave, selectedRows } from './group-selection';
import { apiIntegrationErrors, generateApiToken, integrationsFormOf, integrationsPayload, slackIntegrationErrors } from './integration-form';

const check = (hasRagAccess: boolean, access: boolean[]) => ({ hasRagAccess, indexAccess: access.map((hasAccess, i) => ({ indexId: `kb-${i}`, hasAccess })) });

describe('access badges (spec 03 §4)', () => {
  it('maps the access check to No, Limited and Partial Access, and full access to no badge', () => {
    const app = { index_ids: ['kb-0', 'kb-1', 'kb-2'] };
    expect(accessBadgeOf(accessInfoOf(check(false, [false, false, false]), app))?.label).toBe('No Access');
    expect(accessBadgeOf(accessInfoOf(check(true, [false, false, false]), app))?.label).toBe('Limited Access');
    const partial = accessBadgeOf(accessInfoOf(check(true, [true, false, false]), app));
    expect(partial).toMatchObject({ label: 'Partial Access', hint: 'you have access to 1 out of 3 indexes' });
    expect(accessBadgeOf(accessInfoOf(check(true, [true, true, true]), app))).toBeUndefined();
  });

  it('allows chat only with RAG access and at least one accessible index', () => {
    const app = { index_ids: ['kb-0', 'kb-1'] };
    expect(canChat(accessInfoOf(check(true, [false, true]), app))).toBe(true);
    expect(canChat(accessInfoOf(check(true, [false, false]), app))).toBe(false);
    expect(canChat(accessInfoOf(check(false, [false, false]), app))).toBe(false);
  });
});

describe('group selection (spec 03 §4)', () => {
  const groups = [
    { id: 'g-z', name: 'Zeta', is_admin_group: false },
    { id: 'g-admin', name: 'Administrators', is_admin_group: true },
    { id: 'g-b', name: 'beta', is_admin_group: false },
    { id: 'g-a', name: 'Alpha', is_admin_group: false },
  ];

  it('lists admin groups first and fixed, then by name, with New and Removed badges', () => {
    const rows = selectedRows(groups, new Set(['g-admin', 'g-z']), new Set(['g-admin', 'g-b']));
    expect(rows.map((row) => [row.group.name, row.checked, row.badge ?? '', row.fixed])).toEqual([
      ['Administrators', true, '', true],
      ['beta', true, 'New', false],
      ['Zeta', false, 'Removed', false],
    ]);
  });

  it('offers the other non-admin groups, searched and sorted, and always saves the admin group', () => {
    expect(availableGroups(groups, new Set(['g-admin']), new Set(['g-admin']), '').map((g) => g.name)).toEqual(['Alpha', 'beta', 'Zeta']);
    expect(availableGroups(groups, new Set(['g-admin']), new Set(['g-admin', 'g-a']), 'ETA').map((g) => g.name)).toEqual(['beta', 'Zeta']);
    expect(groupIdsToSave(groups, new Set(['g-b']))).toEqual(['g-admin', 'g-b']);
  });
});

describe('integration form (contract §16)', () => {
  it('generates rag_ tokens the server accepts, each different', () => {
    const tokens = new Set(Array.from({ length: 20 }, () => generateApiToken()));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(API_TOKEN_PATTERN.test(token)).toBe(true);
  });

  it('checks rate limit and origins with the server texts', () => {
    const api = { ...integrationsFormOf([]).api, enabled: true };
    expect(apiIntegrationErrors(api)).toEqual({});
    expect(apiIntegrationErrors({ ...api, rateLimit: '0', allowedOrigins: 'https://ok.example.com, ftp//nope' })).toEqual({
      rateLimit: 'Rate limit must be between 1 and 10000',
      allowedOrigins: 'Invalid origin: ftp//nope',
    });
  });

  it('requires the Slack secrets when enabled, and keeps masked ones', () => {
    const slack = { ...integrationsFormOf([]).slack, enabled: true };
    expect(slackIntegrationErrors(slack)).toEqual({ botToken: 'Slack bot token is required', signingSecret: 'Slack signing secret is required' });
    expect(slackIntegrationErrors({ ...slack, botToken: 'xoxp-1', signingSecret: 's', channels: 'general' })).toEqual({
      botToken: 'Slack bot token must start with xoxb-',
      channels: 'Invalid Slack channel: general',
    });
    expect(slackIntegrationErrors({ ...slack, botToken: '********abcd', signingSecret: '********6789', channels: '#support, C0123ABCD' })).toEqual({});
  });

  it('sends back an integration the application had, and leaves out one never used', () => {
    expect(integrationsPayload(integrationsFormOf([]))).toEqual([]);
    const stored = integrationsFormOf([{ type: 'api', platform: null, enabled: true, settings: { token: `rag_${'a'.repeat(40)}`, rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } }]);
    expect(integrationsPayload({ ...stored, api: { ...stored.api, enabled: false } })).toEqual([
      { type: 'api', enabled: false, settings: { token: `rag_${'a'.repeat(40)}`, rateLimit: 50, allowedOrigins: ['https://shop.example.com'] } },
    ]);
  });
});
