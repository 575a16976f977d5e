import { readEnv } from '../../platform/environment';

/**
 * The support mailbox: `GROUNDWORK_SUPPORT_EMAIL`, else `support@` the domain of the SES sender
 * (`MAIL_FROM`, so replies land with whoever owns that domain), else
 * `support@localhost`: a local install writes the message to its outbox anyway, and a cloud one
 * without a sender sends nothing (the ticket is kept whatever the mail does).
 */
export function supportMailbox(): string {
  const configured = readEnv('supportEmail', '').trim();
  if (configured) return configured;
  const sender = readEnv('mailFrom', '');
  const domain = /@([^>\s]+)>?\s*$/.exec(sender)?.[1];
  return `support@${domain ?? 'localhost'}`;
}
