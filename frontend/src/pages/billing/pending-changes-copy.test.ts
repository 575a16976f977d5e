// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingChangesKey, rememberedPendingChanges, rememberPendingChanges } from './pending-changes-copy';

describe('the browser copy of pending plan changes (spec 03 §4)', () => {
  beforeEach(() => localStorage.clear());

  it('gives back what the server last said, for that user only', () => {
    const changes = { downgrade: { plan_id: 'starter', plan_name: 'Starter', effective_date: '2026-12-01T00:00:00.000Z' }, cancellation: null };
    rememberPendingChanges(localStorage, 'usr_a', changes);
    expect(rememberedPendingChanges(localStorage, 'usr_a')).toEqual(changes);
    expect(rememberedPendingChanges(localStorage, 'usr_b')).toBeUndefined();
    rememberPendingChanges(localStorage, 'usr_a', {});
    expect(rememberedPendingChanges(localStorage, 'usr_a')).toEqual({ downgrade: null, cancellation: null });
  });

  it('ignores a copy that is not JSON or not the shape the server gives', () => {
    localStorage.setItem(pendingChangesKey('usr_a'), '{not json');
    expect(rememberedPendingChanges(localStorage, 'usr_a')).toBeUndefined();
    localStorage.setItem(pendingChangesKey('usr_a'), JSON.stringify({ downgrade: { plan_id: 7 }, cancellation: null }));
    expect(rememberedPendingChanges(localStorage, 'usr_a')).toBeUndefined();
  });
});
