import { type ChatSourceItem, HANDOVER_KEYWORDS } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';
import { addMessage, botLine, type Conversation, handOver } from './conversations.js';
import type { AnswerPhraser } from './llm-client.js';
import { CONFIDENCE_THRESHOLD, type RetrievedSource, retrieve } from './retrieval.js';

export type AssistantOutcome = 'answered' | 'handover' | 'human';

/** The model's own words when the sources do not answer the question (see the system prompt). */
const MODEL_DECLINES = '转给人工客服';

const LOW_CONFIDENCE = '这个问题我暂时没有找到可靠的答案，已为您转接人工客服。';

/** The answer text without a model: the best source's answer, and the others worth a look. */
export function retrievalAnswer(sources: RetrievedSource[]): string {
  const [best, ...rest] = sources;
  if (!best) return '';
  const head = best.kind === 'policy' ? `相关政策：${best.title}\n${best.text}` : best.text;
  const more = rest.filter((source) => source.score >= CONFIDENCE_THRESHOLD).map((source) => `· ${source.title}`);
  return more.length > 0 ? `${head}\n\n您也可以参考：\n${more.join('\n')}` : head;
}

const asSource = ({ kind, title, link }: RetrievedSource): ChatSourceItem => ({ kind, title, link });

/**
 * One question to the assistant (the AI tab). In order: an agent owns the conversation → the
 * assistant stays silent and the question goes to the human tab; 转人工/人工/投诉/退款 → hand over;
 * the best source under the confidence threshold → hand over; otherwise answer from the sources
 * (phrased by the model when one is configured, the sources alone when not or when it fails).
 */
export async function askAssistant(
  db: DbOrTx,
  phraser: AnswerPhraser | null,
  conversation: Conversation,
  asker: { userId: number; level: number },
  question: string,
  log: (error: unknown) => void,
): Promise<{ outcome: AssistantOutcome; questionId: number; replyId: number | null }> {
  const customerLine = {
    author: 'customer' as const,
    userId: asker.userId,
    sendIdentity: asker.level,
    msgType: 0,
    msgContent: question,
  };
  if (conversation.state === 'human') {
    const questionId = await addMessage(db, conversation, { ...customerLine, channel: 'human' });
    return { outcome: 'human', questionId, replyId: null };
  }
  const questionId = await addMessage(db, conversation, { ...customerLine, channel: 'ai' });
  if (HANDOVER_KEYWORDS.some((word) => question.includes(word))) {
    const note = (await handOver(db, conversation, 'keyword')) ?? '您已在人工客服队列中，客服人员接入后会尽快回复您。';
    return { outcome: 'handover', questionId, replyId: await botLine(db, conversation, 'ai', note) };
  }
  const sources = await retrieve(db, question);
  const best = sources[0];
  if (!best || best.score < CONFIDENCE_THRESHOLD) {
    const note =
      (await handOver(db, conversation, 'low_confidence')) ?? '您已在人工客服队列中，客服人员接入后会尽快回复您。';
    return {
      outcome: 'handover',
      questionId,
      replyId: await botLine(db, conversation, 'ai', `${LOW_CONFIDENCE}${note}`),
    };
  }
  const used = sources.filter((source) => source.score >= CONFIDENCE_THRESHOLD * 0.6);
  let text = retrievalAnswer(used);
  if (phraser) {
    try {
      const phrased = await phraser.phrase(question, used);
      if (phrased.includes(MODEL_DECLINES)) {
        const note = (await handOver(db, conversation, 'low_confidence')) ?? '';
        return {
          outcome: 'handover',
          questionId,
          replyId: await botLine(db, conversation, 'ai', `${LOW_CONFIDENCE}${note}`),
        };
      }
      text = phrased;
    } catch (error) {
      // A model that fails or times out must not cost the customer the answer the sources give.
      log(error);
    }
  }
  const replyId = await addMessage(db, conversation, {
    channel: 'ai',
    author: 'bot',
    userId: null,
    sendIdentity: 0,
    msgType: 0,
    msgContent: text,
    sources: used.map(asSource),
  });
  return { outcome: 'answered', questionId, replyId };
}
