import { LIMITS } from './constants.js';

/**
 * Customer-service chat constants (issue 17; spec §3 chat record and group member, §5 chat rules).
 * Messages of spec §5/§8 are verbatim; the server uses the same ones. No zod here: the chat entry
 * of every page reads these (issue 21, first-screen JavaScript); the schemas are in schemas/chat.ts.
 */
export const CHAT_MESSAGES = {
  textTooLong: `消息不能超过${LIMITS.chatTextMax}个字`,
  imageType: '只能上传png、jpg、jpeg格式的图片',
  imageSize: '图片大小不可超过5MB',
  fileType: '只能上传pdf、xlsx、docx格式的文件',
  fileSize: '文件大小不可超过50MB',
  unknownType: 'unknown exception',
  /** The bytes are not what the extension says (a renamed file). */
  bytesMismatch: '文件内容与文件类型不符，请上传真实的文件',
  conversationMissing: '该会话不存在',
  fileMissing: '该文件不存在',
  /** Spec §5: blank or whitespace-only text is not sent. */
  blank: '不能发送空白消息',
  notYours: '该会话已由其他客服接待',
  notWaiting: '该会话不在排队中',
  closed: '该会话已结束',
  agentMissing: '请选择一位客服人员',
} as const;

export const CHAT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const CHAT_FILE_EXTENSIONS = ['pdf', 'xls', 'xlsx', 'doc', 'docx'] as const;

/** Spec §3: 0 official customer service, 1 main account, 2 supervisor, 3 staff. */
export const SEND_IDENTITY_LABELS: Record<number, string> = { 0: '官方客服', 1: '主账号', 2: '主管', 3: '员工' };

/** Spec §3: 0 text, 1 image, 2 file. */
export const CHAT_MSG_TYPE = { text: 0, image: 1, file: 2 } as const;

export const CHAT_STATES = ['bot', 'waiting', 'human', 'closed'] as const;
export type ChatState = (typeof CHAT_STATES)[number];

/** Words that send the customer to a human at once (issue 17). */
export const HANDOVER_KEYWORDS = ['转人工', '人工', '投诉', '退款'] as const;

/** Spec §5 chat text: the message that refuses it, or null when it may be sent. */
export function chatTextProblem(text: string): string | null {
  if (text.trim().length === 0) return CHAT_MESSAGES.blank;
  if ([...text].length > LIMITS.chatTextMax) return CHAT_MESSAGES.textTooLong;
  return null;
}
