import { describe, expect, it } from 'vitest';
import { blockedChange, effectivePendingChange, PENDING_CHANGE_MESSAGES } from './pending-changes';
import { daysRemaining, prorateUpgrade, toCents } from './proration';
import { formatCount, usageBarPercent, usageColour } from './usage-display';

const now = new Date('2026-03-01T12:00:00.000Z');

describe('upgrade proration (spec 03 §9)', () => {
  it('rounds the days left up', () => {
    expect(daysRemaining(new Date('2026-03-01T13:00:00.000Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-03-11T12:00:00.000Z'), now)).toBe(10);
    expect(daysRemaining(new Date('2026-03-11T12:00:00.001Z'), now)).toBe(11);
    expect(daysRemaining(new Date('2026-02-01T00:00:00.000Z'), now)).toBe(0);
  });

  it('credits the current plan and charges the new one per 30-day month', () => {
    const summary = prorateUpgrade(799, 1999, new Date('2026-03-16T12:00:00.000Z'), now);
    expect(summary.daysRemaining).toBe(15);
    expect(toCents(summary.credit)).toBe(39950);
    expect(toCents(summary.newCharge)).toBe(99950);
    expect(toCents(summary.amountDue)).toBe(60000);
  });

  it('never asks for a negative amount', () => {
    expect(prorateUpgrade(4999, 799, new Date('2026-03-16T12:00:00.000Z'), now).amountDue).toBe(0);
  });
});

describe('pending plan changes', () => {
  const downgrade = { plan_id: 'starter', plan_name: 'Starter', effective_date: '2026-04-01T00:00:00.000Z' };
  const cancellation = { effective_date: '2026-04-01T00:00:00.000Z' };

  it('blocks a downgrade or an upgrade while a cancellation is pending', () => {
    expect(blockedChange('downgrade', { cancellation })).toBe(PENDING_CHANGE_MESSAGES.downgradeWhileCancelling);
    expect(blockedChange('upgrade', { cancellation })).toBe(PENDING_CHANGE_MESSAGES.upgradeWhileCancelling);
    expect(blockedChange('downgrade', { downgrade })).toBeNull();
  });

  it('blocks a cancellation while a downgrade is pending, or a second one', () => {
    expect(blockedChange('cancel', { downgrade })).toBe(PENDING_CHANGE_MESSAGES.cancelWhileDowngrading);
    expect(blockedChange('cancel', { cancellation })).toBe(PENDING_CHANGE_MESSAGES.cancellationAlreadyScheduled);
    expect(blockedChange('cancel', {})).toBeNull();
  });

  it('lets a cancellation win over a downgrade', () => {
    expect(effectivePendingChange({ downgrade, cancellation })).toEqual({ downgrade: null, cancellation });
    expect(effectivePendingChange({ downgrade })).toEqual({ downgrade, cancellation: null });
  });
});

describe('usage display (spec 03 §9)', () => {
  it('caps bars at 100 % and colours them at 75 and 90 %', () => {
    expect(usageBarPercent(150, 100)).toBe(100);
    expect(usageBarPercent(5, null)).toBe(0);
    expect(usageColour(usageBarPercent(90, 100))).toBe('red');
    expect(usageColour(usageBarPercent(89, 100))).toBe('yellow');
    expect(usageColour(usageBarPercent(75, 100))).toBe('yellow');
    expect(usageColour(usageBarPercent(74, 100))).toBe('blue');
  });

  it('shortens counts above a thousand and a million', () => {
    expect(formatCount(1000)).toBe('1000');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(20000)).toBe('20K');
    expect(formatCount(2_000_000)).toBe('2M');
    expect(formatCount(1_250_000)).toBe('1.3M');
  });
});
