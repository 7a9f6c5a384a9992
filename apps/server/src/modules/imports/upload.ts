import type { MultipartFile } from '@fastify/multipart';
import { LIMITS } from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, invalid } from '../../lib/app-error.js';

/** Refuses a body announced as larger than the upload limit before a byte of it is read. */
export async function refuseOversize(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > LIMITS.uploadMaxBytes + 64 * 1024) throw new AppError('PAYLOAD_TOO_LARGE');
}

/**
 * Reads a multipart upload whose text fields come before its single file (as FormData and
 * curl -F send them in order), so the fields can be checked before the file is stored.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  onFile: (fields: Record<string, string>, file: MultipartFile) => Promise<T>,
  /** A route's own file size limit instead of LIMITS.uploadMaxBytes (the file is cut there: check file.truncated). */
  limits?: { fileSize: number },
): Promise<T> {
  const fields: Record<string, string> = {};
  let result: { value: T } | null = null;
  for await (const part of request.parts(limits ? { limits } : undefined)) {
    if (part.type === 'file') {
      if (result) {
        part.file.resume();
        continue;
      }
      result = { value: await onFile(fields, part) };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  if (!result) throw new AppError('VALIDATION', '请选择要上传的文件', { fields: { file: '请选择要上传的文件' } });
  return result.value;
}

/**
 * Checks the text fields of a multipart upload with a schema. A missing or wrong field (also one
 * sent after the file) answers its own Chinese message, e.g. 请选择企业, not zod's generic text.
 */
export function parseFields<T extends z.ZodObject>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'file')] ??= issue.message;
  throw invalid(errors);
}
