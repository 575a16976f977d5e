/** Where the Slack Web API is; tests and air-gapped installs point it at their own server. */
export const SLACK_ENV = { apiBaseUrl: 'SLACK_API_BASE_URL' } as const;
export const DEFAULT_SLACK_API_BASE_URL = 'https://slack.com/api';

const POST_TIMEOUT_MS = 10_000;

export interface SlackPost {
  botToken: string;
  channel: string;
  text: string;
  threadTs?: string;
}

export type SlackPostResult = { ok: true } | { ok: false; error: string };

/** A failure worth another delivery (Slack or the network was down); the queue retries, then dead-letters. */
export class SlackPostFailedError extends Error {}

/** Slack's answers that a later attempt may not get again; any other error code is final (bad token, unknown channel). */
const TRANSIENT_POST_ERRORS = new Set(['timeout', 'request_failed', 'ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

export const isTransientSlackError = (error: string): boolean => TRANSIENT_POST_ERRORS.has(error) || /^http_(429|5\d\d)$/.test(error);

export function slackApiBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env[SLACK_ENV.apiBaseUrl]?.trim() || DEFAULT_SLACK_API_BASE_URL).replace(/\/+$/, '');
}

/**
 * `chat.postMessage` with the bot token. Slack answers 200 with `ok: false` and an error code for
 * most failures (`channel_not_found`, `not_in_channel`, `invalid_auth`); those, HTTP errors and
 * network failures all come back as a result, never thrown, so one channel cannot fail the others.
 */
export async function postSlackMessage(post: SlackPost, options: { baseUrl?: string; fetch?: typeof fetch } = {}): Promise<SlackPostResult> {
  const doFetch = options.fetch ?? fetch;
  try {
    const response = await doFetch(`${options.baseUrl ?? slackApiBaseUrl()}/chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${post.botToken}` },
      body: JSON.stringify({ channel: post.channel, text: post.text, ...(post.threadTs ? { thread_ts: post.threadTs } : {}) }),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    if (!response.ok) return { ok: false, error: `http_${response.status}` };
    const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string };
    return answer.ok === true ? { ok: true } : { ok: false, error: answer.error ?? 'unknown_error' };
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? 'timeout' : 'request_failed' };
  }
}
