import { groundedAnswer, groundedPrompt } from '../../domain/answering/grounded-prompt';
import { ANSWER_TEMPERATURE, ChatModelError, MAX_OUTPUT_TOKENS, type ChatModelPort } from '../../contracts/ports/chat-model';

export interface OpenAiCompatibleChatModelOptions {
  /** Up to and including the version path, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  /** Product id → the server's model name. GPT ids default to themselves. */
  modelMap?: Record<string, string>;
  /** The server's model for product ids with no mapping (a self-hosted server usually serves one model). */
  fallbackModel?: string;
  /** Attempts, the first included, on 429, 5xx and network failures. */
  maxAttempts?: number;
  initialBackoffMs?: number;
  fetch?: typeof fetch;
}

interface ChatCompletion {
  choices?: Array<{ message?: { content?: string | null } }>;
  error?: { message?: string };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/** The server's model for a product id: the map, then GPT ids as themselves, then the fallback. */
export function resolveOpenAiModel(productId: string, options: Pick<OpenAiCompatibleChatModelOptions, 'modelMap' | 'fallbackModel'>): string {
  const mapped = options.modelMap?.[productId];
  if (mapped) return mapped;
  if (productId.startsWith('gpt-')) return productId;
  if (options.fallbackModel) return options.fallbackModel;
  throw new ChatModelError(`No OpenAI-compatible model is configured for ${productId}: set OPENAI_CHAT_MODEL or GROUNDWORK_CHAT_MODEL_MAP`);
}

/**
 * Any server that speaks OpenAI's `POST /chat/completions`, over plain fetch. 429, 5xx and network
 * failures are retried with backoff inside the caller's time (its signal); other answers fail at
 * once. The key is never part of an error message. `generator.model` is the model the server ran.
 */
export function createOpenAiCompatibleChatModel(options: OpenAiCompatibleChatModelOptions): ChatModelPort {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  const maxAttempts = options.maxAttempts ?? 3;
  const initialBackoffMs = options.initialBackoffMs ?? 500;

  return {
    adapter: 'openai-compatible',
    async answer(input) {
      const model = resolveOpenAiModel(input.model, options);
      const prompt = groundedPrompt(input);
      const body = JSON.stringify({
        model,
        messages: [{ role: 'system', content: prompt.system }, ...prompt.messages],
        max_tokens: MAX_OUTPUT_TOKENS,
        temperature: ANSWER_TEMPERATURE,
      });
      for (let attempt = 1; ; attempt++) {
        let reason: string;
        try {
          const response = await doFetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
            body,
            signal: input.signal,
          });
          if (response.ok) {
            const completion = (await response.json()) as ChatCompletion;
            const text = completion.choices?.[0]?.message?.content;
            if (typeof text !== 'string') throw new ChatModelError(`Chat server at ${endpoint} answered no message`);
            return { ...groundedAnswer(text, input.passages.length), generator: { kind: 'llm', model } };
          }
          const detail = (await response.text().catch(() => '')).slice(0, 500);
          if (response.status !== 429 && response.status < 500) throw new ChatModelError(`Chat request to ${endpoint} failed with ${response.status}: ${detail}`, response.status);
          reason = `${response.status}: ${detail}`;
        } catch (error) {
          if (error instanceof ChatModelError || input.signal?.aborted) throw error;
          reason = error instanceof Error ? error.message : String(error);
        }
        if (attempt >= maxAttempts) throw new ChatModelError(`Chat request to ${endpoint} failed after ${attempt} attempts: ${reason}`);
        await sleep(initialBackoffMs * 2 ** (attempt - 1), input.signal);
      }
    },
  };
}
