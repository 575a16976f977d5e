/** Exact texts of contract §17: the chat bodies' schemas word them, so they live beside those. */
export { CHAT_MESSAGES } from '../../../shared/api/schemas/chat';
