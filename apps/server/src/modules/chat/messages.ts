import { CHAT_MESSAGES, type ChatExtend, type ChatSend, chatTextProblem } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { chatFileIdOf, chatFileOf } from './chat-files.js';

/**
 * An image or file message must carry a url this chat's upload handed out for the same group and
 * kind; its name and size are read from the stored file, not taken from the sender. Text: no extend.
 */
export async function checkAttachment(db: DbOrTx, message: ChatSend, groupId: number): Promise<ChatExtend | null> {
  if (message.msgType === 0) {
    checkText(message.msgContent);
    return null;
  }
  const id = chatFileIdOf(message.msgContent);
  if (id === null) throw new AppError('VALIDATION', CHAT_MESSAGES.unknownType);
  const file = await chatFileOf(db, id, groupId);
  if (file.kind !== message.msgType) throw new AppError('VALIDATION', CHAT_MESSAGES.unknownType);
  return { fileName: file.file_name, fileSize: Number(file.file_size) };
}

/** Spec §5 text rules, with the spec's own words (not the schema's field-suffixed message). */
export function checkText(text: string): void {
  const problem = chatTextProblem(text);
  if (problem) throw new AppError('VALIDATION', problem);
}
