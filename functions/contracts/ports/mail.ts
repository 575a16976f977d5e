/**
 * The mail port: Amazon SES in the cloud, a file outbox locally, because a self-hosted install
 * without SMTP still has to hand the invitation link to someone. A cloud deployment without an SES
 * sender (`groundwork:mailFrom`) has the `unconfigured` port, which sends nothing and says so: the
 * invitation link then goes back to the inviting admin in the API's answer (user-lifecycle.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the message is about (invitation), kept apart so the outbox can print it. */
  link?: string;
}

export interface MailPort {
  readonly adapter: 'ses' | 'outbox' | 'unconfigured';
  /** Throws when the message could not be sent (MailNotConfiguredError: there is no sender). */
  send(message: MailMessage): Promise<void>;
}

/** The deployment has no mail sender: nothing was sent. */
export class MailNotConfiguredError extends Error {
  constructor() {
    super('No mail sender is configured (groundwork:mailFrom)');
  }
}
