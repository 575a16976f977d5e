import { parseArgs } from 'node:util';
import { runSmoke } from './smoke/smoke-run';

/**
 * `npm run smoke -- --url https://<distribution>.cloudfront.net [--email admin@example.com]
 * [--password …] [--wait 600]`. The password is better given as GROUNDWORK_SMOKE_PASSWORD (and the
 * email as GROUNDWORK_SMOKE_EMAIL) than on the command line, where the shell history keeps it.
 * Exit 0 when every step passed and everything created was deleted, 1 otherwise, 2 on bad usage.
 */
const USAGE = 'Usage: npm run smoke -- --url <deployed origin> [--email <admin email>] [--password <password>] [--wait <seconds>]\n'
  + '  The email and password may come from GROUNDWORK_SMOKE_EMAIL and GROUNDWORK_SMOKE_PASSWORD instead.';

async function main(): Promise<number> {
  let values: { url?: string; email?: string; password?: string; wait?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, wait: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const email = values.email ?? process.env.GROUNDWORK_SMOKE_EMAIL;
  const password = values.password ?? process.env.GROUNDWORK_SMOKE_PASSWORD;
  const waitSeconds = values.wait === undefined ? 600 : Number(values.wait);
  const missing = [!values.url && '--url', !email && '--email (or GROUNDWORK_SMOKE_EMAIL)', !password && '--password (or GROUNDWORK_SMOKE_PASSWORD)'].filter(Boolean);
  if (missing.length > 0 || !values.url || !email || !password) {
    console.error(`Missing ${missing.join(', ')}.\n${USAGE}`);
    return 2;
  }
  if (!/^https?:\/\/[^/]+/.test(values.url)) {
    console.error(`--url must be an origin such as https://d111111abcdef8.cloudfront.net, not "${values.url}".`);
    return 2;
  }
  if (!Number.isFinite(waitSeconds) || waitSeconds <= 0) {
    console.error(`--wait must be a number of seconds, not "${values.wait}".`);
    return 2;
  }
  // GROUNDWORK_SMOKE_POLL_MS: tests against the local platform read status more often than a deployed stack needs.
  const report = await runSmoke({ url: values.url, email, password, waitMs: waitSeconds * 1000, pollMs: Number(process.env.GROUNDWORK_SMOKE_POLL_MS ?? 2000) || 2000 });
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
