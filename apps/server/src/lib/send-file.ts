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
