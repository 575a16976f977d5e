import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local platform's mail outbox, as agreed with the backend team: every email the embedded platform
 * would send is written as one JSON file `${dataDir}/outbox/*.json` holding
 * `{ to, subject, text, html, link, createdAt }`, where `link` is the call to action (for an
 * invitation, the `/accept-invitation?token=…` address).
 */
export interface OutboxMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  link?: string;
  createdAt: string;
}

export function readOutbox(dataDir: string): OutboxMessage[] {
  const folder = join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(folder, name), 'utf8')) as OutboxMessage];
      } catch {
        // A file still being written is read again on the next poll.
        return [];
      }
    });
}

const recipients = (message: OutboxMessage) => (Array.isArray(message.to) ? message.to : [message.to]).map((to) => String(to).toLowerCase());

/**
 * The newest invitation link mailed to `email`, as an absolute URL on the platform. Polls, because the
 * invitation is written after the invite call answers at the latest.
 */
export async function readInvitationLink(platform: { dataDir: string; url: string }, email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = readOutbox(platform.dataDir)
      .filter((message) => recipients(message).includes(email.toLowerCase()) && typeof message.link === 'string' && message.link.includes('token='))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
    if (newest?.link) return new URL(newest.link, platform.url).toString();
    if (Date.now() > deadline) {
      throw new Error(`No invitation email to ${email} in ${join(platform.dataDir, 'outbox')} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
