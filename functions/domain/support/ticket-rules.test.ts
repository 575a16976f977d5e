import { describe, expect, it } from 'vitest';
import type { TicketRecord } from './ticket-record';
import { matchesTicketFilter, nextTicketState } from './ticket-rules';

const ticket = (overrides: Partial<TicketRecord> = {}): TicketRecord => ({
  id: 'tkt_1',
  organization_id: 'org_a',
  subject: 'Help',
  description: 'Broken',
  status: 'new',
  user_id: 'usr_1',
  user_email: 'a@example.com',
  user_full_name: 'A',
  user_role: 'user',
  attachments: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const NOW = '2026-01-02T00:00:00.000Z';

describe('nextTicketState (§19.5)', () => {
  it('opens a new ticket on its first response and stamps lastResponseAt', () => {
    expect(nextTicketState(ticket(), { response: 'On it' }, NOW)).toMatchObject({ status: 'open', last_response_at: NOW, updated_at: NOW });
  });

  it('lets a status given with the response win, and leaves a pending ticket pending on a response', () => {
    expect(nextTicketState(ticket(), { response: 'Done', status: 'resolved' }, NOW).status).toBe('resolved');
    expect(nextTicketState(ticket({ status: 'pending' }), { response: 'More?' }, NOW).status).toBe('pending');
  });

  it('changes the status alone without stamping a response', () => {
    const next = nextTicketState(ticket(), { status: 'closed' }, NOW);
    expect(next.status).toBe('closed');
    expect(next.last_response_at).toBeUndefined();
  });
});

describe('matchesTicketFilter (§19.3)', () => {
  it('hides resolved and closed unless asked, or named by the status filter', () => {
    expect(matchesTicketFilter(ticket({ status: 'resolved' }), { includeResolved: false })).toBe(false);
    expect(matchesTicketFilter(ticket({ status: 'closed' }), { includeResolved: true })).toBe(true);
    expect(matchesTicketFilter(ticket({ status: 'closed' }), { includeResolved: false, status: 'closed' })).toBe(true);
    expect(matchesTicketFilter(ticket({ status: 'open' }), { includeResolved: true, status: 'closed' })).toBe(false);
  });

  it('keeps to the creator and the organization asked for', () => {
    expect(matchesTicketFilter(ticket(), { includeResolved: false, userId: 'usr_2' })).toBe(false);
    expect(matchesTicketFilter(ticket(), { includeResolved: false, organizationId: 'org_b' })).toBe(false);
    expect(matchesTicketFilter(ticket(), { includeResolved: false, userId: 'usr_1', organizationId: 'org_a' })).toBe(true);
  });
});
