/**
 * Bytes of a csv export → text. Government exports are often GB18030/GBK, hand-saved ones UTF-8
 * with or without BOM. Decided by the BOM, else by strict UTF-8 decoding of the first chunk that
 * holds a non-ASCII byte (ASCII reads the same either way), falling back to GB18030.
 */
import { TextDecoder } from 'node:util';
import { InvoiceImportError } from './invoice-import.errors.js';
import type { CsvEncoding } from './invoice-import.types.js';

function hasNonAscii(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}

export class CsvTextDecoder {
  encoding: CsvEncoding | null = null;
  private decoder: TextDecoder | null = null;
  private started = false;

  decode(chunk: Uint8Array): string {
    try {
      return this.decodeChunk(chunk);
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Flushes a multi-byte sequence cut at the end of the file. */
  end(): string {
    try {
      return this.decoder?.decode() ?? '';
    } catch (error) {
      throw this.failure(error);
    }
  }

  private decodeChunk(chunk: Uint8Array): string {
    if (!this.started) {
      this.started = true;
      const bomEncoding = this.fromBom(chunk);
      if (bomEncoding) return this.use(bomEncoding).decode(chunk, { stream: true });
    }
    if (this.decoder) return this.decoder.decode(chunk, { stream: true });
    if (!hasNonAscii(chunk)) return Buffer.from(chunk).toString('latin1');
    try {
      return this.use('utf-8').decode(chunk, { stream: true });
    } catch {
      return this.use('gb18030').decode(chunk, { stream: true });
    }
  }

  private fromBom(chunk: Uint8Array): CsvEncoding | null {
    if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) return 'utf-8';
    if (chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf-16le';
    if (chunk[0] === 0xfe && chunk[1] === 0xff) return 'utf-16be';
    return null;
  }

  private use(encoding: CsvEncoding): TextDecoder {
    this.encoding = encoding;
    this.decoder = new TextDecoder(encoding, { fatal: true });
    return this.decoder;
  }

  private failure(error: unknown): Error {
    if (error instanceof TypeError) return new InvoiceImportError('ENCODING_UNSUPPORTED');
    return error instanceof Error ? error : new Error(String(error));
  }
}
