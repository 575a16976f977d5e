import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMail, type OutboxEntry } from './outbox-mail';

describe('outbox mail', () => {
  it('writes each message as a JSON file and logs the link', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox');
    const lines: string[] = [];
    const mail = createOutboxMail(dir, (line) => lines.push(line));
    await mail.send({ to: 'a@example.com', subject: 'First', text: 'hello', link: 'http://localhost/accept-invitation?token=abc' });
    await mail.send({ to: 'b@example.com', subject: 'Second', text: 'plain', html: '<p>plain</p>' });

    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    const entries = files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as OutboxEntry);
    expect(entries.map((entry) => entry.to).sort()).toEqual(['a@example.com', 'b@example.com']);
    const first = entries.find((entry) => entry.to === 'a@example.com');
    expect(first).toMatchObject({ subject: 'First', text: 'hello', html: null, link: 'http://localhost/accept-invitation?token=abc' });
    expect(Date.parse(first?.createdAt ?? '')).not.toBeNaN();
    expect(lines).toEqual(['Mail to a@example.com: First http://localhost/accept-invitation?token=abc', 'Mail to b@example.com: Second']);
    expect(mail.adapter).toBe('outbox');
  });
});
