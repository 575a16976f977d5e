import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, MailPort } from '../../functions/contracts/ports/mail';

/** What one outbox file holds. */
export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
  createdAt: string;
}

/**
 * The embedded mail adapter: a self-hosted install without SMTP still needs its invitation links,
 * so every message becomes a JSON file in the outbox and one console line naming the link.
 * File names start with the time, so a directory listing is in sending order.
 */
export function createOutboxMail(outboxDir: string, log: (line: string) => void = (line) => console.log(line)): MailPort {
  return {
    adapter: 'outbox',
    async send(message: MailMessage): Promise<void> {
      const createdAt = new Date();
      const entry: OutboxEntry = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        link: message.link ?? null,
        createdAt: createdAt.toISOString(),
      };
      await mkdir(outboxDir, { recursive: true });
      const name = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(join(outboxDir, name), `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 });
      log(`Mail to ${message.to}: ${message.subject}${message.link ? ` ${message.link}` : ''}`);
    },
  };
}
