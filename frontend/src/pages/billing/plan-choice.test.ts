import { describe, expect, it } from 'vitest';
import { planEntity, seededPlan } from '../../../../shared/rules/plans';
import { planCardAction } from './plan-choice';

const free = planEntity(seededPlan('free'));
const starter = planEntity(seededPlan('starter'));
const professional = planEntity(seededPlan('professional'));

describe('plan card actions (spec 03 §4)', () => {
  it('upgrades from the free tier and marks it current', () => {
    expect(planCardAction(free, undefined, {})).toBe('current');
    expect(planCardAction(starter, undefined, {})).toBe('upgrade');
  });

  it('downgrades to a cheaper plan, and not while a cancellation is pending', () => {
    expect(planCardAction(starter, professional, {})).toBe('downgrade');
    expect(planCardAction(professional, starter, {})).toBe('upgrade');
    expect(planCardAction(starter, professional, { cancellation: { effective_date: '2026-04-01T00:00:00.000Z' } })).toBe('unavailable');
  });

  it('shows a scheduled downgrade on its target', () => {
    expect(planCardAction(starter, professional, { downgrade: { plan_id: 'starter', plan_name: 'Starter', effective_date: '2026-04-01T00:00:00.000Z' } })).toBe('scheduled');
  });
});
