import { describe, expect, it } from 'vitest';
import { invitationMessage } from './invitation-message';

describe('invitation message', () => {
  const input = {
    to: 'new@acme.com',
    fullName: 'Nia <New>',
    organizationName: 'Acme & Co',
    inviterName: 'Avery Admin',
    link: 'http://localhost:3000/accept-invitation?token=t0k',
    expiryDays: 7,
  };

  it('carries the link in text, html and the link field', () => {
    const message = invitationMessage(input);
    expect(message.to).toBe('new@acme.com');
    expect(message.subject).toBe('You are invited to Acme & Co on Groundwork');
    expect(message.link).toBe(input.link);
    expect(message.text).toContain(input.link);
    expect(message.text).toContain('within 7 days');
    expect(message.html).toContain(`href="${input.link}"`);
  });

  it('escapes names in the html part', () => {
    const html = invitationMessage(input).html ?? '';
    expect(html).toContain('Nia &lt;New&gt;');
    expect(html).toContain('Acme &amp; Co');
    expect(html).not.toContain('<New>');
  });

  it('says one day in the singular', () => {
    expect(invitationMessage({ ...input, expiryDays: 1 }).text).toContain('within 1 day:');
  });
});
