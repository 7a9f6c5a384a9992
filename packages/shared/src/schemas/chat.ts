import { CHAT_MESSAGES, CHAT_STATES } from '../chat.js';
import { LIMITS } from '../constants.js';
import { z } from '../zod.js';

/**
 * Customer-service chat (issue 17; spec §3 chat record and group member, §5 chat rules, §7
 * /api/ChatRecord/*). Messages of spec §5/§8 are verbatim; the server uses the same ones.
 */
export const chatExtendSchema = z.object({ fileName: z.string().max(255), fileSize: z.number().int().min(0) });
export type ChatExtend = z.infer<typeof chatExtendSchema>;

export const chatSourceSchema = z.object({
  kind: z.enum(['faq', 'help', 'policy']),
  title: z.string(),
  link: z.string().nullable(),
});
export type ChatSourceItem = z.infer<typeof chatSourceSchema>;

export const chatRecordSchema = z.object({
  id: z.number().int(),
  createTime: z.string(),
  userPhone: z.string(),
  sendIdentity: z.number().int().min(0).max(3),
  msgType: z.number().int().min(0).max(2),
  msgContent: z.string(),
  countentExtend: chatExtendSchema.nullable(),
  isOneself: z.number().int().min(0).max(1),
  /** Who wrote it: the customer side, a human agent, or the assistant. */
  author: z.enum(['customer', 'agent', 'bot']),
  channel: z.enum(['ai', 'human']),
  sources: z.array(chatSourceSchema).nullable(),
});
export type ChatRecord = z.infer<typeof chatRecordSchema>;

export const chatListQuerySchema = z.object({
  /** Spec §4: the human tab loads page 0 first. */
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(LIMITS.chatPageSize),
  sort: z.enum(['desc', 'asc']).default('desc'),
});

export const chatListSchema = z.object({
  chatRecords: z.array(chatRecordSchema),
  totalElements: z.number().int(),
  /** The conversation's number (shown to the customer and the agent), null before the first one. */
  businessNumber: z.string().nullable(),
  state: z.enum(CHAT_STATES).nullable(),
});
export type ChatList = z.infer<typeof chatListSchema>;

/** sendMessage: text, or the url an upload answered with its name and size (spec §7). */
export const chatSendSchema = z.object({
  msgType: z.coerce.number().int().min(0).max(2),
  msgContent: z.string().max(5000),
  countentExtend: z
    .union([chatExtendSchema, z.string().transform((text, ctx) => parseExtend(text, ctx))])
    .nullable()
    .optional(),
});
export type ChatSend = z.infer<typeof chatSendSchema>;

function parseExtend(text: string, ctx: z.RefinementCtx): ChatExtend {
  try {
    const parsed = chatExtendSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {}
  ctx.addIssue({ code: 'custom', message: 'countentExtend 应为包含 fileName、fileSize 的 JSON' });
  return z.NEVER;
}

export const chatUploadAnswerSchema = z.object({
  url: z.string(),
  msgType: z.number().int(),
  countentExtend: chatExtendSchema,
});

export const groupMemberSchema = z.object({
  phone: z.string(),
  level: z.number().int(),
  levelName: z.string(),
  avatar: z.string().nullable(),
  nickName: z.string().nullable(),
});

export const serviceHoursSchema = z.object({
  workdays: z.array(z.number().int().min(1).max(7)),
  opensAt: z.string().regex(/^\d{2}:\d{2}$/),
  closesAt: z.string().regex(/^\d{2}:\d{2}$/),
  /** e.g. 工作日 9:00-18:00 */
  text: z.string(),
  openNow: z.boolean(),
  /** When a human next answers, e.g. 周一 09:00 (null while open). */
  nextOpening: z.string().nullable(),
});
export type ServiceHours = z.infer<typeof serviceHoursSchema>;

export const serviceHoursSaveSchema = z
  .object({
    workdays: z.array(z.number().int().min(1).max(7)).min(1, '请至少选择一个服务日'),
    opensAt: z.string().regex(/^\d{2}:\d{2}$/, '请填写时间，如 09:00'),
    closesAt: z.string().regex(/^\d{2}:\d{2}$/, '请填写时间，如 18:00'),
  })
  .refine((value) => value.opensAt < value.closesAt, { message: '结束时间应晚于开始时间', path: ['closesAt'] });

export const assistantAskSchema = z.object({ question: z.string().max(5000) });

export const assistantAnswerSchema = z.object({
  /** answered: the assistant replied; handover: the conversation now waits for a human; human: an agent owns it (assistant silent). */
  outcome: z.enum(['answered', 'handover', 'human']),
  reply: chatRecordSchema.nullable(),
  question: chatRecordSchema,
  state: z.enum(CHAT_STATES),
});

export const assistantInfoSchema = z.object({
  /** 'llm': an OpenAI-compatible model phrases answers from the retrieved sources; 'retrieval': sources only. */
  mode: z.enum(['llm', 'retrieval']),
  model: z.string().nullable(),
  state: z.enum(CHAT_STATES).nullable(),
  serviceHours: serviceHoursSchema,
  history: z.array(chatRecordSchema),
});

export const knowledgeEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['faq', 'help']),
  question: z.string(),
  answer: z.string(),
  keywords: z.string(),
  link: z.string().nullable(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});

export const knowledgeSaveSchema = z.object({
  id: z.number().int().optional(),
  question: z.string().trim().min(2, '请填写问题').max(200, '问题不超过200字'),
  answer: z.string().trim().min(2, '请填写答案').max(2000, '答案不超过2000字'),
  keywords: z.string().trim().max(300, '关键词不超过300字').default(''),
  link: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/[\w/?=&.-]*$/, '链接应为本站页面路径，如 /company/list')
    .nullable()
    .optional(),
  enabled: z.boolean().default(true),
});

export const cannedReplySchema = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export const cannedReplySaveSchema = z.object({
  id: z.number().int().optional(),
  title: z.string().trim().min(1, '请填写标题').max(50, '标题不超过50字'),
  body: z.string().trim().min(1, '请填写内容').max(LIMITS.chatTextMax, CHAT_MESSAGES.textTooLong),
});
