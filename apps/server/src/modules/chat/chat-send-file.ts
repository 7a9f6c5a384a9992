import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../../lib/storage.js';

/**
 * Answers a stored chat file: images inline (the dialog shows them), documents as a download under
 * their own name. nosniff keeps a browser from reading a file as anything but its checked type.
 */
export async function sendChatFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { storage_key: string; file_name: string; content_type: string; kind: number },
) {
  const disposition = file.kind === 1 ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.content_type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header(
      'content-disposition',
      `${disposition}; filename="file"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
    )
    .send(await storage.read(file.storage_key));
}
