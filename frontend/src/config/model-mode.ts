import { useRuntimeConfig } from './RuntimeConfigContext';

/**
 * What an application's model choice means on this server. Offline (no Bedrock or OpenAI-compatible
 * endpoint configured), no model writes answers: the extractive answerer quotes the knowledge bases.
 * The screens that show a model say so, so an offline answer is never taken for the model's.
 */
export const OFFLINE_MODEL_NOTE = 'Offline: answers are quoted from the knowledge bases, no language model writes them';

export function useOfflineModels(): boolean {
  return useRuntimeConfig().modes.models === 'offline';
}
