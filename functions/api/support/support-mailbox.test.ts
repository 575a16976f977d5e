import { afterEach, describe, expect, it } from 'vitest';
import { supportMailbox } from './support-mailbox';

const saved = { support: process.env.GROUNDWORK_SUPPORT_EMAIL, from: process.env.MAIL_FROM };

afterEach(() => {
  for (const [name, value] of [['GROUNDWORK_SUPPORT_EMAIL', saved.support], ['MAIL_FROM', saved.from]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('supportMailbox', () => {
  it('takes the configured address first', () => {
    process.env.GROUNDWORK_SUPPORT_EMAIL = 'help@acme.example';
    process.env.MAIL_FROM = 'Groundwork <no-reply@chat.example.com>';
    expect(supportMailbox()).toBe('help@acme.example');
  });

  it("falls back to support@ the sender's domain, then to support@localhost", () => {
    delete process.env.GROUNDWORK_SUPPORT_EMAIL;
    process.env.MAIL_FROM = 'Groundwork <no-reply@chat.example.com>';
    expect(supportMailbox()).toBe('support@chat.example.com');
    process.env.MAIL_FROM = 'no-reply@plain.example';
    expect(supportMailbox()).toBe('support@plain.example');
    delete process.env.MAIL_FROM;
    expect(supportMailbox()).toBe('support@localhost');
  });
});
