import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { MailNotConfiguredError } from '../../contracts/ports/mail';
import { createSesMail } from './ses-mail';

describe('SES mail adapter', () => {
  it('sends text and html from the configured sender to the one recipient', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const mail = createSesMail({ from: 'Groundwork <no-reply@example.com>', client: new SESv2Client({ region: 'eu-west-1' }) });
    await mail.send({ to: 'ann@example.com', subject: 'You are invited', text: 'Open https://x/accept', html: '<p>Open</p>', link: 'https://x/accept' });
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      FromEmailAddress: 'Groundwork <no-reply@example.com>',
      Destination: { ToAddresses: ['ann@example.com'] },
      Content: { Simple: { Subject: { Data: 'You are invited' }, Body: { Text: { Data: 'Open https://x/accept' }, Html: { Data: '<p>Open</p>' } } } },
    });
  });

  it('without a sender sends nothing and says so, instead of pretending', async () => {
    const ses = mockClient(SESv2Client);
    for (const from of [undefined, '', '  ']) {
      const mail = createSesMail({ from, client: new SESv2Client({ region: 'eu-west-1' }) });
      expect(mail.adapter).toBe('unconfigured');
      await expect(mail.send({ to: 'ann@example.com', subject: 'You are invited', text: 'x' })).rejects.toBeInstanceOf(MailNotConfiguredError);
    }
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
