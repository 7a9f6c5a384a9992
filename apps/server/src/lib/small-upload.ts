import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

interface SmallUploadRules {
  maxBytes: number;
  /** What the file is, for the messages: 发票 PDF, 水印图片. */
  what: string;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`;

/** The one file of a multipart request (field `file`) read into memory, refused past `maxBytes`. */
export async function readSmallUpload(request: FastifyRequest, rules: SmallUploadRules): Promise<Buffer> {
  const missing = `请上传${rules.what}`;
  const file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  if (!file) throw new AppError('VALIDATION', missing, { fields: { file: missing } });
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `${rules.what}不可超过${sizeText(rules.maxBytes)}`);
    }
    throw error;
  }
}

/** A multipart file name as sent: browsers send UTF-8, some clients percent-encode it. */
export function uploadFileName(raw: string | undefined, fallback: string): string {
  if (!raw) return fallback;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
