import type { ChatMessageRecord } from '../chat/chat-records';

/**
 * The label of a reply the offline extractive answerer wrote: contract §2 says it is never
 * presented as an LLM answer, in Slack as in the web client (whose label reads the same).
 */
export const SLACK_EXTRACTED_LABEL = '_Extracted answer — no language model_';

/** Slack's mrkdwn treats these three as control characters in text. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The Slack message of an assistant reply (§18.1 "Sources are listed under the answer"): the
 * answer, then its sources numbered as the `[n]` markers in the text, each a link when the source
 * has a URL.
 */
export function slackReplyText(reply: Pick<ChatMessageRecord, 'text' | 'sources' | 'generator'>): string {
  const parts: string[] = [];
  if (reply.generator?.kind === 'extractive') parts.push(SLACK_EXTRACTED_LABEL);
  parts.push(escapeMrkdwn(reply.text));
  const sources = reply.sources ?? [];
  if (sources.length > 0) {
    const lines = sources.map((source, index) => {
      const name = escapeMrkdwn(source.name);
      return `[${index + 1}] ${source.url ? `<${source.url}|${name.replace(/\|/g, '¦')}>` : name}`;
    });
    parts.push(`*Sources*\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}

/**
 * Slack's own words where no answer is posted. The contract shows none: they say what happened and
 * what the asker can do, briefly, as the web client's errors do.
 */
export const SLACK_TEXTS = {
  /** Posted once in the thread when every attempt to answer a question failed (its message was dead-lettered). */
  apology: "Sorry, I couldn't answer this question. Please try again in a few minutes.",
  /** Posted instead of an answer when the asker is over the per-user chat limit (§1.8, CHAT_SEND_LIMIT). */
  rateLimited: "You're asking questions faster than I can answer them. Please wait a minute and try again.",
  sessionFull: 'This thread has reached its message limit. Please start a new thread.',
} as const;
