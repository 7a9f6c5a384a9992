import type { RetrievedSource } from './retrieval.js';

/**
 * An OpenAI-compatible chat-completions client (POST {base}/chat/completions with a Bearer key,
 * answer in choices[0].message.content), used only to phrase an answer from the retrieved sources.
 * Any server speaking that format works (OpenAI, Azure-compatible gateways, local model servers).
 */
export interface LlmSettings {
  url: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface AnswerPhraser {
  readonly model: string;
  phrase(question: string, sources: RetrievedSource[]): Promise<string>;
}

const SYSTEM_PROMPT = [
  '你是税镜 TaxLens 的在线客服助手，服务对象是财税咨询机构的用户。',
  '只根据下面给出的资料回答用户的问题，用简洁的中文回答，不要编造资料中没有的内容。',
  '引用政策时写出文件的正式文号。资料不足以回答时，请回答“这个问题我需要转给人工客服”。',
].join('\n');

export function sourcesPrompt(question: string, sources: RetrievedSource[]): string {
  const blocks = sources.map((source, index) => `[资料${index + 1}] ${source.title}\n${source.text}`);
  return `${blocks.join('\n\n')}\n\n用户问题：${question}`;
}

export function createOpenAiPhraser(settings: LlmSettings, fetcher: typeof fetch = fetch): AnswerPhraser {
  const endpoint = `${settings.url.replace(/\/+$/, '')}/chat/completions`;
  return {
    model: settings.model,
    async phrase(question, sources) {
      const response = await fetcher(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          temperature: 0.2,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: sourcesPrompt(question, sources) },
          ],
        }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as {
        choices?: { message?: { content?: unknown } }[];
        error?: { message?: string };
      } | null;
      if (!response.ok) throw new Error(`LLM answered ${response.status}: ${body?.error?.message ?? 'no message'}`);
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new Error('LLM answer has no content');
      return content.trim();
    },
  };
}
