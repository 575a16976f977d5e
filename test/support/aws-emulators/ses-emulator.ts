import type { AddressInfo } from 'node:net';
import startSesServer from 'aws-ses-v2-local';

export interface DeliveredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

export interface SesEmulator {
  /** For AWS_ENDPOINT_URL_SESV2. */
  endpoint: string;
  /** The mails it accepted, read back from its HTTP store (`GET /store`). */
  mails(): Promise<DeliveredMail[]>;
  stop(): Promise<void>;
}

/** aws-ses-v2-local 2.10 in-process on a free loopback port: SES v2 SendEmail, kept in memory. */
export async function startSesEmulator(): Promise<SesEmulator> {
  const server = await startSesServer({ host: '127.0.0.1', port: 0 });
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    async mails() {
      const store = (await (await fetch(`${endpoint}/store`)).json()) as { emails: DeliveredMail[] };
      return store.emails;
    },
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
