import { randomUUID } from 'node:crypto';
import { REPORT_IMAGE_MAX_BYTES } from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { readSmallUpload } from '../../lib/small-upload.js';
import type { FileStorage } from '../../lib/storage.js';

/** The images a group puts on its reports (watermark image, cover logo): PNG or JPEG, told by their bytes. */
const FORMATS = [
  { ext: 'png', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'jpg', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
] as const;

/** PNG or JPEG told by the first bytes, or undefined. */
export const imageFormatOf = (bytes: Buffer) =>
  FORMATS.find((format) => format.magic.every((byte, i) => bytes[i] === byte));

const dataUrl = (bytes: Buffer, mime: string) => `data:${mime};base64,${bytes.toString('base64')}`;

/**
 * Reads and checks an uploaded report image by its bytes (not its name), then stores it under
 * `{prefix}/…`. `what` names it in the messages (水印图片, 机构标志).
 */
export async function storeImage(request: FastifyRequest, storage: FileStorage, prefix: string, what: string) {
  const bytes = await readSmallUpload(request, { maxBytes: REPORT_IMAGE_MAX_BYTES, what });
  const format = imageFormatOf(bytes);
  if (!format)
    throw new AppError('VALIDATION', `${what}应为 PNG 或 JPG 格式`, { fields: { file: '请上传 PNG 或 JPG 图片' } });
  const key = `${prefix}/${randomUUID()}.${format.ext}`;
  await storage.put(key, bytes);
  return { key, imageUrl: dataUrl(bytes, format.mime) };
}

/**
 * The stored image as a data URL: the print view renders it without a session of its own, and a
 * PDF embeds it. Null when there is none or the file is gone (the watermark then falls back to its
 * text, a cover to the group's first character).
 */
export async function imageDataUrl(storage: FileStorage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const bytes = await storage.readBuffer(key).catch(() => null);
  const format = bytes && imageFormatOf(bytes);
  return bytes && format ? dataUrl(bytes, format.mime) : null;
}

/**
 * `groups.logo_url` holds the storage key of the uploaded logo (logos/{groupId}/…); a full URL
 * put there by hand is answered as it is.
 */
export function groupLogoUrl(storage: FileStorage, logo: string | null): Promise<string | null> {
  if (logo && /^(https?:|data:)/.test(logo)) return Promise.resolve(logo);
  return imageDataUrl(storage, logo);
}

/** Stored logo keys: logos/{groupId}/{uuid}.{png|jpg} (storeImage). */
export const LOGO_KEY =
  /^logos\/(\d{1,15})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg))$/;

/**
 * The session user's groupLogo: the logo's public address (/api/logo/…, cached for good by the
 * browser since a new logo gets a new name), not the file inlined into every findUserLoginInfo
 * answer (issue 21). A full URL put in logo_url by hand is answered as it is.
 */
export function sessionLogoUrl(logo: string | null): string | null {
  if (!logo) return null;
  if (/^(https?:|data:)/.test(logo)) return logo;
  const match = LOGO_KEY.exec(logo);
  return match ? `/api/logo/${match[1]}/${match[2]}` : null;
}

export function withGroupLogo<T extends { groupLogo: string | null }>(user: T): T {
  return { ...user, groupLogo: sessionLogoUrl(user.groupLogo) };
}
