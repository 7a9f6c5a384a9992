import { randomUUID } from 'node:crypto';
import { CHAT_FILE_EXTENSIONS, CHAT_IMAGE_EXTENSIONS, CHAT_MESSAGES, LIMITS } from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { uploadFileName } from '../../lib/small-upload.js';
import type { FileStorage } from '../../lib/storage.js';

type Detected = 'png' | 'jpg' | 'pdf' | 'ooxml-xlsx' | 'ooxml-docx' | 'cfb' | null;

/**
 * What the bytes are, by their magic numbers: PNG signature, JPEG SOI marker, %PDF-, a ZIP whose
 * entries are an OOXML workbook (xl/) or document (word/), or an OLE compound file (old xls/doc).
 * The name plays no part: a renamed file is refused.
 */
export function detectChatFile(bytes: Buffer): Detected {
  const starts = (signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    // Entry names sit uncompressed in the local headers; OOXML parts are named xl/… or word/….
    const names = bytes.toString('latin1');
    if (!names.includes('[Content_Types].xml')) return null;
    if (names.includes('xl/workbook')) return 'ooxml-xlsx';
    if (names.includes('word/document')) return 'ooxml-docx';
  }
  return null;
}

const MATCHES: Record<string, Detected[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  pdf: ['pdf'],
  xlsx: ['ooxml-xlsx'],
  docx: ['ooxml-docx'],
  xls: ['cfb'],
  doc: ['cfb'],
};

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
};

/** Spec §5 rules of one upload: kind 1 image (png/jpg/jpeg, 5 MB), kind 2 file (pdf/xls/xlsx/doc/docx, 50 MB). */
export function checkChatFile(
  kind: number,
  fileName: string,
  bytes: Buffer,
): { extension: string; contentType: string } {
  const extension = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  if (kind === 1) {
    if (!(CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(extension))
      throw new AppError('VALIDATION', CHAT_MESSAGES.imageType);
    if (bytes.length > LIMITS.chatImageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.imageSize);
  } else if (kind === 2) {
    if (!(CHAT_FILE_EXTENSIONS as readonly string[]).includes(extension))
      throw new AppError('VALIDATION', CHAT_MESSAGES.fileType);
    if (bytes.length > LIMITS.chatFileMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.fileSize);
  } else {
    throw new AppError('VALIDATION', CHAT_MESSAGES.unknownType);
  }
  if (!MATCHES[extension]?.includes(detectChatFile(bytes)))
    throw new AppError('VALIDATION', CHAT_MESSAGES.bytesMismatch);
  return { extension, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
}

export const chatFileUrl = (id: number) => `/api/ChatRecord/file/${id}`;

/** The id inside a url this module handed out, or null for anything else. */
export function chatFileIdOf(url: string): number | null {
  const match = /^\/api\/ChatRecord\/file\/(\d+)$/.exec(url);
  return match ? Number(match[1]) : null;
}

/**
 * Reads the multipart upload (fields kind, then file), checks it and stores it under
 * chat/{groupId}/. The size limit is read past the larger bound so the spec's message can be told.
 */
export async function receiveChatFile(
  request: FastifyRequest,
  deps: { db: DbOrTx; storage: FileStorage },
  ownerOf: (field: (name: string) => string | undefined) => Promise<{ groupId: number; userId: number }>,
) {
  const file = await request.file({ limits: { fileSize: LIMITS.chatFileMaxBytes + 1, files: 1 } });
  if (!file) throw new AppError('VALIDATION', CHAT_MESSAGES.unknownType);
  // Text fields come before the file in the form, so they are already parsed here.
  const field = (name: string) => {
    const value = (file.fields[name] as { value?: unknown } | undefined)?.value;
    return typeof value === 'string' ? value : undefined;
  };
  const owner = await ownerOf(field);
  const kind = Number(field('kind'));
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', kind === 1 ? CHAT_MESSAGES.imageSize : CHAT_MESSAGES.fileSize);
    throw error;
  }
  const fileName = uploadFileName(file.filename, 'file').slice(0, 200);
  const { extension, contentType } = checkChatFile(kind, fileName, bytes);
  const key = `chat/${owner.groupId}/${randomUUID()}.${extension}`;
  await deps.storage.put(key, bytes);
  const row = await deps.db
    .insertInto('chat_files')
    .values({
      group_id: owner.groupId,
      storage_key: key,
      file_name: fileName,
      file_size: bytes.length,
      content_type: contentType,
      kind: kind as 1 | 2,
      uploaded_by: owner.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    url: chatFileUrl(Number(row.id)),
    msgType: kind,
    countentExtend: { fileName, fileSize: bytes.length },
  };
}

/** A stored chat file of this group (or any group for agents: groupId null); another group's is 404. */
export async function chatFileOf(db: DbOrTx, id: number, groupId: number | null) {
  let query = db.selectFrom('chat_files').selectAll().where('id', '=', id);
  if (groupId !== null) query = query.where('group_id', '=', groupId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(CHAT_MESSAGES.fileMissing);
  return row;
}
