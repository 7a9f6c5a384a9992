import type { Config } from '../../config.js';
import { type AnswerPhraser, createOpenAiPhraser } from './llm-client.js';

/** The model the assistant phrases with, from CHAT_LLM_*; null: retrieval alone. */
export function phraserFrom(config: Config): AnswerPhraser | null {
  if (!config.CHAT_LLM_URL) return null;
  return createOpenAiPhraser({
    url: config.CHAT_LLM_URL,
    apiKey: config.CHAT_LLM_API_KEY,
    model: config.CHAT_LLM_MODEL,
    timeoutMs: config.CHAT_LLM_TIMEOUT_MS,
  });
}
