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
