import type { Passage } from './passage';

/**
 * The chat model port (contract §17.4 step 4): turns a question, the last stored messages and the
 * retrieved passages into a reply that cites the passages it used. Amazon Bedrock (Converse) in the
 * cloud; any OpenAI-compatible chat completions server for the GPT ids, or for every id by
 * configuration; offline, the extractive answerer, which quotes the passages instead of writing.
 */
export interface ChatTurn {
  sender: 'user' | 'assistant';
  text: string;
}

export interface ChatModelInput {
  question: string;
  /** Oldest first, without the question itself. */
  history: ChatTurn[];
  /** Best first; `[n]` in a reply refers to `passages[n - 1]`. */
  passages: Passage[];
  /** The application's `llm_model`, a product id (§2 Application). */
  model: string;
  /** Aborted when the caller stops waiting (§17.4: 25 s). */
  signal?: AbortSignal;
}

export interface ChatModelAnswer {
  text: string;
  /** Indexes into `passages` of those the reply cites, in order of first citation; [] when none is relevant. */
  citedPassageIndexes: number[];
  /** What really answered: `model` is what the provider ran, named as §2 ChatMessage reports it. */
  generator: { kind: 'llm' | 'extractive'; model: string };
}

export interface ChatModelPort {
  readonly adapter: 'bedrock' | 'openai-compatible' | 'extractive';
  answer(input: ChatModelInput): Promise<ChatModelAnswer>;
}

/** The provider refused or failed; the reply is "Failed to generate a response" (502). */
export class ChatModelError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** §17.4: at most 1024 output tokens per reply. */
export const MAX_OUTPUT_TOKENS = 1024;

/** Low, so a reply stays close to the passages; not zero, so it still reads naturally. */
export const ANSWER_TEMPERATURE = 0.2;
