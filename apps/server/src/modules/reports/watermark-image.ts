import { randomUUID } from 'node:crypto';
import { WATERMARK_IMAGE_MAX_BYTES } from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { readSmallUpload } from '../../lib/small-upload.js';
import type { FileStorage } from '../../lib/storage.js';

const FORMATS = [
  { ext: 'png', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'jpg', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
] as const;

const formatOf = (bytes: Buffer) => FORMATS.find((format) => format.magic.every((byte, i) => bytes[i] === byte));

/** Reads and checks an uploaded watermark image by its bytes (not its name), then stores it. */
export async function storeWatermarkImage(request: FastifyRequest, storage: FileStorage, groupId: number) {
  const bytes = await readSmallUpload(request, { maxBytes: WATERMARK_IMAGE_MAX_BYTES, what: '水印图片' });
  const format = formatOf(bytes);
  if (!format)
    throw new AppError('VALIDATION', '水印图片应为 PNG 或 JPG 格式', { fields: { file: '请上传 PNG 或 JPG 图片' } });
  const key = `watermarks/${groupId}/${randomUUID()}.${format.ext}`;
  await storage.put(key, bytes);
  return { key, imageUrl: dataUrl(bytes, format.mime) };
}

const dataUrl = (bytes: Buffer, mime: string) => `data:${mime};base64,${bytes.toString('base64')}`;

/**
 * The stored image as a data URL: the print view renders it without a session of its own, and a
 * PDF embeds it. Null when the file is gone (the watermark then falls back to its text).
 */
export async function watermarkImageUrl(storage: FileStorage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const bytes = await storage.readBuffer(key).catch(() => null);
  const format = bytes && formatOf(bytes);
  return bytes && format ? dataUrl(bytes, format.mime) : null;
}
