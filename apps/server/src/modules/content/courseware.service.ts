import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import { ensureSecret, signToken, verifyToken } from '../../lib/secrets.js';
import type { FileStorage } from '../../lib/storage.js';
import type { SessionContext } from '../auth/session.service.js';

export const COURSEWARE_DENIED = '当前用户没有权限，请联系管理员';
/** How long a signed file address stays valid (a lecture plus pauses). */
const FILE_URL_TTL_MS = 6 * 3600_000;
export const COURSE_FILE_MAX_BYTES = 200 * 1024 * 1024;

/** Courseware needs enablementServicePermission 1 (spec §6); the server refuses otherwise. */
export function requireCourseware(session: SessionContext) {
  if ((session.user.enablement_service_permission ?? 0) !== 1) throw forbidden(COURSEWARE_DENIED);
}

/** What a file is, by its first bytes (not its name): PDF, MP4 (ftyp box) or WebM (EBML header). */
export function sniffCourseFile(bytes: Buffer): { kind: 'pdf' | 'video'; mime: string; ext: string } {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' };
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  throw new AppError('VALIDATION', '仅支持PDF、MP4或WebM格式的课件文件');
}

/** Pages of a PDF: the page objects of its (uncompressed or object-stream-free) page tree. */
export function pdfPageCount(bytes: Buffer): number | null {
  const count = bytes.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  return count > 0 ? count : null;
}

export async function storeCourseFile(
  db: DbOrTx,
  storage: FileStorage,
  input: { courseId: number; title: string; bytes: Buffer; lengthUnits: number | null },
) {
  const sniffed = sniffCourseFile(input.bytes);
  const key = `courseware/${input.courseId}/${randomUUID()}.${sniffed.ext}`;
  const length = sniffed.kind === 'pdf' ? pdfPageCount(input.bytes) : input.lengthUnits;
  await storage.put(key, input.bytes);
  try {
    const row = await db
      .insertInto('course_files')
      .values({
        course_id: input.courseId,
        seq: sql<number>`(SELECT coalesce(max(seq), 0) + 1 FROM course_files WHERE course_id = ${input.courseId})`,
        kind: sniffed.kind,
        title: input.title,
        storage_key: key,
        mime: sniffed.mime,
        size_bytes: input.bytes.length,
        length_units: length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), kind: sniffed.kind, lengthUnits: length };
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

// One secret per database (kept in app_settings), read once per process.
const secrets = new WeakMap<object, Promise<string>>();
const fileSecret = (db: DbOrTx) => {
  let secret = secrets.get(db);
  if (!secret) {
    secret = ensureSecret(db, 'courseware_file_secret');
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
};

/**
 * A signed address of one file for one user: video and PDF elements cannot send the `token`
 * header, so the address itself carries a short-lived capability.
 */
export async function signedFileUrl(db: DbOrTx, fileId: number, userId: number): Promise<string> {
  const token = signToken(await fileSecret(db), `f${fileId}u${userId}`, FILE_URL_TTL_MS);
  return `/api/enablementService/file/${fileId}?sig=${encodeURIComponent(token)}`;
}

export async function verifyFileUrl(db: DbOrTx, fileId: number, sig: string): Promise<boolean> {
  const userId = /^f\d+u(\d+)\./.exec(sig)?.[1];
  if (!userId) return false;
  return verifyToken(await fileSecret(db), sig, `f${fileId}u${userId}`);
}
