import type { MailMessage } from '../../contracts/ports/mail';

export interface InvitationMessageInput {
  to: string;
  fullName: string;
  organizationName: string;
  inviterName: string;
  link: string;
  expiryDays: number;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);

/** The invitation email (contract §7.4). Names are user input, so the HTML part escapes them. */
export function invitationMessage(input: InvitationMessageInput): MailMessage {
  const days = input.expiryDays === 1 ? '1 day' : `${input.expiryDays} days`;
  const subject = `You are invited to ${input.organizationName} on Groundwork`;
  const text = [
    `Hello ${input.fullName},`,
    '',
    `${input.inviterName} invited you to join ${input.organizationName} on Groundwork.`,
    `Accept the invitation within ${days}:`,
    input.link,
    '',
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.fullName)},</p>`,
    `<p>${escapeHtml(input.inviterName)} invited you to join ${escapeHtml(input.organizationName)} on Groundwork.</p>`,
    `<p><a href="${escapeHtml(input.link)}">Accept the invitation</a> within ${days}.</p>`,
    '<p>If you did not expect this invitation, you can ignore this email.</p>',
  ].join('\n');
  return { to: input.to, subject, text, html, link: input.link };
}
