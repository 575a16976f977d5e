/** Spec 01 §9: the chat surface's constants. The 768 px breakpoint is the theme's `md` (theme.ts). */
export const CHAT_UI = {
  /** Desktop windows: the first sits this far from the right edge ... */
  windowBaseOffsetPx: 20,
  /** ... and each further one this much further left. */
  windowStepPx: 420,
  windowWidthPx: 400,
  windowHeightPx: 600,
  /** Fullscreen history sidebar: it opens within this distance of the left edge ... */
  sidebarOpenZonePx: 40,
  /** ... and closes once the mouse is beyond this, after the delay below. */
  sidebarCloseBeyondPx: 380,
  sidebarCloseDelayMs: 300,
  sidebarWidthPx: 320,
  /** Sessions per page of the history list (contract §17.1 limit). */
  sessionsPageSize: 10,
  /** The history list cuts names to this many characters. */
  sidebarNameCharacters: 50,
  /** How often the stored user id is read again (§4.2). */
  userIdPollMs: 1000,
} as const;

/** Spec 01 §4.3 / §8: the assistant message shown when a send fails. */
export const CHAT_FAILURE_TEXT = "Sorry, I couldn't process your message. Please try again.";

export const MESSAGE_PLACEHOLDER = 'Type your message...';
export const NO_CHATS_TEXT = 'No chats found';
/** The label of a reply the offline extractive answerer wrote (contract §2: never shown as an LLM answer). */
export const EXTRACTED_LABEL = 'Extracted answer — no language model';

/** Right offset of the desktop window at `index` (0 for the first opened). */
export function windowRightOffset(index: number): number {
  return CHAT_UI.windowBaseOffsetPx + index * CHAT_UI.windowStepPx;
}
