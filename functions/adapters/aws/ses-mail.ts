import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { MailNotConfiguredError, type MailMessage, type MailPort } from '../../contracts/ports/mail';

export interface SesMailOptions {
  /**
   * A verified SES identity, e.g. `Groundwork <no-reply@example.com>`. Without one nothing can be
   * sent, and the port says so instead of handing SES an address it would refuse.
   */
  from: string | undefined;
  region?: string;
  client?: SESv2Client;
}

/** Amazon SES (v2 API) as the mail port. */
export function createSesMail(options: SesMailOptions): MailPort {
  const from = options.from?.trim();
  if (!from) {
    return {
      adapter: 'unconfigured',
      async send(): Promise<void> {
        throw new MailNotConfiguredError();
      },
    };
  }
  const client = options.client ?? new SESv2Client(options.region ? { region: options.region } : {});
  return {
    adapter: 'ses',
    async send(message: MailMessage): Promise<void> {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: message.text, Charset: 'UTF-8' },
                ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
              },
            },
          },
        }),
      );
    },
  };
}
