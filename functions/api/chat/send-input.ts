import type { ValidationDetail } from '../../../shared/api/errors';
import { CHAT_LIMITS } from '../../../shared/rules/chat';
import { CHAT_MESSAGES as M } from '../../domain/chat/chat-messages';
import { validationError } from '../../contracts/contract-error';

type Raw = Record<string, unknown>;
const objectOf = (value: unknown): Raw | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : undefined);

/**
 * The send body of §17.4, every problem collected in the contract's order. `timestamp` is the
 * client's and ignored (the server stamps messages); `history` is validated and otherwise ignored,
 * because the stored messages are the context.
 */
export function parseSendInput(raw: unknown, pathSessionId: string): { text: string } {
  const body = objectOf(raw) ?? {};
  const message = objectOf(body.message);
  const details: ValidationDetail[] = [];
  const text = typeof message?.text === 'string' ? message.text.trim() : '';
  if (text === '') details.push({ field: 'message.text', message: M.messageEmpty });
  else if (Array.from(text).length > CHAT_LIMITS.messageMaxCharacters) details.push({ field: 'message.text', message: M.messageTooLong });
  if (message?.sender !== 'user') details.push({ field: 'message.sender', message: M.senderMustBeUser });
  if (message?.sessionId !== undefined && message.sessionId !== null && message.sessionId !== pathSessionId) details.push({ field: 'message.sessionId', message: M.sessionIdMismatch });
  if (body.history !== undefined && body.history !== null && (!Array.isArray(body.history) || body.history.length > CHAT_LIMITS.historyMaxMessages)) {
    details.push({ field: 'history', message: M.historyInvalid });
  }
  if (details.length > 0) throw validationError(details);
  return { text };
}
