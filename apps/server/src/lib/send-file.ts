import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  xmind: 'application/vnd.xmind.workbook',
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
} as const;

/**
 * Answers a file as a download under its Chinese name: RFC 5987 `filename*` for browsers, and a
 * plain ASCII `filename` for clients that read only that.
 */
function sendDownload(
  reply: FastifyReply,
  kind: keyof typeof CONTENT_TYPES,
  fileName: string,
  file: Buffer | Readable,
) {
  return reply
    .header('content-type', CONTENT_TYPES[kind])
    .header(
      'content-disposition',
      `attachment; filename="download.${kind}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(file);
}

export const sendXlsx = (reply: FastifyReply, fileName: string, file: Buffer | Readable) =>
  sendDownload(reply, 'xlsx', fileName, file);

export const sendPdf = (reply: FastifyReply, fileName: string, file: Buffer | Readable) =>
  sendDownload(reply, 'pdf', fileName, file);

export const sendXmind = (reply: FastifyReply, fileName: string, file: Buffer) =>
  sendDownload(reply, 'xmind', fileName, file);

export const sendSvg = (reply: FastifyReply, fileName: string, file: Buffer | string) =>
  sendDownload(reply, 'svg', fileName, Buffer.from(file));

export const sendPng = (reply: FastifyReply, fileName: string, file: Buffer) =>
  sendDownload(reply, 'png', fileName, file);

/**
 * Answers a stored file inline, honouring a single HTTP byte range (video players seek with
 * `Range: bytes=start-end`): 206 with Content-Range, 416 when the range lies outside the file,
 * else the whole file with Accept-Ranges so the player knows it may seek.
 */
export async function sendRange(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  file: { size: number; mime: string; read: (range?: { start: number; end: number }) => Promise<Readable> },
) {
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.mime)
    .header('cache-control', 'private, max-age=3600');
  const match = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) {
    return reply.header('content-length', file.size).send(await file.read());
  }
  // bytes=a-b, bytes=a- (to the end) or bytes=-n (the last n bytes).
  let start = match[1] === '' ? Math.max(0, file.size - Number(match[2])) : Number(match[1]);
  let end = match[1] === '' || match[2] === '' ? file.size - 1 : Math.min(Number(match[2]), file.size - 1);
  if (start >= file.size || start > end) {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  start = Math.max(0, start);
  end = Math.max(start, end);
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${file.size}`)
    .header('content-length', end - start + 1)
    .send(await file.read({ start, end }));
}
