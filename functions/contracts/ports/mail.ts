/**
 * The mail port: Amazon SES in the cloud, a file outbox locally, because a self-hosted install
 * without SMTP still has to hand the invitation link to someone.
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
  readonly adapter: 'ses' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
