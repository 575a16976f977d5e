import { describe, expect, it } from 'vitest';
import { afterFailure, lockedForSeconds, type LoginFailures } from './login-lockout';

const policy = { maxLoginAttempts: 3, lockoutMinutes: 15 };
const fail = (times: number, start: number, step = 10): LoginFailures | undefined => {
  let state: LoginFailures | undefined;
  for (let i = 0; i < times; i += 1) state = afterFailure(state, start + i * step, policy);
  return state;
};

describe('login lockout (contract §1.8, §4.1)', () => {
  it('locks after maxLoginAttempts failures within lockoutMinutes, for lockoutMinutes', () => {
    expect(lockedForSeconds(fail(2, 1000), 1020)).toBe(0);
    const locked = fail(3, 1000);
    expect(locked).toMatchObject({ failures: 3, windowEndsAt: 1000 + 900, lockedUntil: 1020 + 900 });
    expect(lockedForSeconds(locked, 1020)).toBe(900);
    expect(lockedForSeconds(locked, 1020 + 899.5)).toBe(1);
    expect(lockedForSeconds(locked, 1020 + 900)).toBe(0);
  });

  it('starts counting afresh once the window has passed', () => {
    const spread = fail(3, 1000, 500); // the third failure comes after the first window ended
    expect(spread).toEqual({ failures: 1, windowEndsAt: 2000 + 900 });
    expect(lockedForSeconds(spread, 2000)).toBe(0);
  });

  it('starts afresh after a lock has run out', () => {
    const locked = fail(3, 1000) as LoginFailures;
    const later = afterFailure(locked, (locked.lockedUntil as number) + 1, policy);
    expect(later).toEqual({ failures: 1, windowEndsAt: (locked.lockedUntil as number) + 1 + 900 });
  });

  it('uses the organization numbers it is given', () => {
    const strict = { maxLoginAttempts: 5, lockoutMinutes: 1 };
    let state: LoginFailures | undefined;
    for (let i = 0; i < 4; i += 1) state = afterFailure(state, 100 + i, strict);
    expect(lockedForSeconds(state, 104)).toBe(0);
    state = afterFailure(state, 104, strict);
    expect(lockedForSeconds(state, 104)).toBe(60);
  });
});
