import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Answers smaller than this go as they are: they fit one TCP segment (a 1500-byte MTU) either
 * way, so compressing them saves no packet and costs CPU (the session answer is about 1.1 KB).
 */
export const COMPRESS_MIN_BYTES = 1400;

/**
 * The encoding to send of those a client accepts (Accept-Encoding, RFC 9110 §12.5.3): brotli
 * before gzip at equal weight, `*` for any not named, q=0 refuses; null: send as is. Browsers
 * always offer both (Chromium: `gzip, deflate, br, zstd`).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name?.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value);
    }
    weights.set(coding, Number.isFinite(q) ? q : 0);
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? any;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/**
 * How hard to compress. A kept body is sent many times: brotli 5 / gzip 6 (a 10 KB list in about
 * 0.05 ms of CPU, within ~15% of brotli 11, which takes 5+ ms). A body sent once: brotli 1 /
 * gzip 1, about a third of that, a few % larger.
 */
function zlibOptions(encoding: ContentEncoding, effort: 'kept' | 'once', bytes: number) {
  return encoding === 'br'
    ? {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? 5 : 1,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
        },
      }
    : { level: effort === 'kept' ? 6 : 1 };
}

export function compressSync(bytes: Buffer, encoding: ContentEncoding, effort: 'kept' | 'once'): Buffer {
  const options = zlibOptions(encoding, effort, bytes.length);
  return encoding === 'br' ? brotliCompressSync(bytes, options) : gzipSync(bytes, options);
}

/** The same on the thread pool, for an answer large enough to hold the event loop up noticeably. */
export function compressAsync(bytes: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  const options = zlibOptions(encoding, 'once', bytes.length);
  return encoding === 'br' ? brotliAsync(bytes, options) : gzipAsync(bytes, options);
}

/** Whether If-None-Match names this entity tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/**
 * A JSON answer's bytes and, made the first time a client asks for them, their brotli and gzip
 * forms. Cached bodies (list-cache.ts) pay for each form once and carry an entity tag (a hash of
 * the bytes), so a browser revalidating its copy gets 304 and no body; a body made for one
 * request pays for the one form it sends.
 */
export class JsonBody {
  readonly identity: Buffer;
  /** Weak: the same for every content coding of these bytes. Null for a body made for one request. */
  readonly etag: string | null;
  private br: Buffer | null = null;
  private gzip: Buffer | null = null;
  /** Bytes held: the JSON and the forms made so far. */
  size: number;

  constructor(
    json: string,
    /** Told how many bytes a new form added (the cache's memory bound). */
    private readonly onGrow?: (bytes: number) => void,
  ) {
    this.identity = Buffer.from(json);
    this.size = this.identity.length;
    this.etag = onGrow ? `W/"${createHash('sha1').update(this.identity).digest('base64url')}"` : null;
  }

  encoded(encoding: ContentEncoding): Buffer {
    let bytes = encoding === 'br' ? this.br : this.gzip;
    if (bytes) return bytes;
    bytes = compressSync(this.identity, encoding, this.onGrow ? 'kept' : 'once');
    if (encoding === 'br') this.br = bytes;
    else this.gzip = bytes;
    this.size += bytes.length;
    this.onGrow?.(bytes.length);
    return bytes;
  }

  /**
   * Sends the body in the best form the request accepts (Vary: Accept-Encoding either way), or
   * 304 when the client's copy has this body's tag. `no-cache`: a browser keeps the answer but
   * asks each time (the tag is of the bytes, so a 304 is right whoever asks).
   */
  send(reply: FastifyReply, headers: IncomingHttpHeaders): FastifyReply {
    reply.header('vary', 'accept-encoding').header('cache-control', 'private, no-cache');
    if (this.etag) {
      reply.header('etag', this.etag);
      if (etagMatches(headers['if-none-match'], this.etag)) return reply.code(304).send();
    }
    reply.type('application/json; charset=utf-8');
    const encoding = this.identity.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(headers['accept-encoding']) : null;
    if (!encoding) return reply.send(this.identity);
    return reply.header('content-encoding', encoding).send(this.encoded(encoding));
  }
}
