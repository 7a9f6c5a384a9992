/**
 * A minimal XML tokenizer for the sheet and shared-string parts of an xlsx, fed chunk by chunk:
 * open/close tags and text, with the text decoded the way saxes (exceljs's parser) decodes it —
 * the five named entities and character references, CR/CRLF read as LF, CDATA, comments and
 * processing instructions skipped (exceljs never reads CDATA text). It does not check that the
 * document is well formed; what the handlers need from each tag they read themselves.
 */
import { completeUtf8Length } from './utf8-chunk.aligner.js';

export interface XmlHandler {
  /** The tag is `text.slice(start, end)`: from `<` to before its `>` (or `/>`); read attributes with readAttributes. */
  open(name: string, text: string, start: number, end: number): void;
  close(name: string): void;
  text(text: string): void;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** Thrown for text no XML parser would take (an undefined entity). */
export class XmlSyntaxError extends Error {}

export function decodeXmlText(raw: string): string {
  let text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!text.includes('&')) return text;
  text = text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, entity: string | undefined) => {
    if (entity === undefined) throw new XmlSyntaxError('bare & in text');
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const named = NAMED[entity];
    if (named === undefined) throw new XmlSyntaxError(`undefined entity ${whole}`);
    return named;
  });
  return text;
}

/**
 * Values of the attributes `names` of the tag `text.slice(start, end)` into `out` (same order;
 * undefined when absent), decoded and with tabs and line breaks read as spaces (as saxes gives
 * them). One pass over the tag, whatever the number of names.
 */
export function readAttributes(
  text: string,
  start: number,
  end: number,
  names: readonly string[],
  out: (string | undefined)[],
): void {
  out.fill(undefined);
  let at = start + 1;
  // Skip the element name.
  while (at < end && !isSpace(text.charCodeAt(at))) at += 1;
  while (at < end) {
    while (at < end && isSpace(text.charCodeAt(at))) at += 1;
    const nameStart = at;
    while (at < end) {
      const code = text.charCodeAt(at);
      if (code === 0x3d /* = */ || isSpace(code)) break;
      at += 1;
    }
    const nameEnd = at;
    while (at < end && isSpace(text.charCodeAt(at))) at += 1;
    if (text.charCodeAt(at) !== 0x3d) return;
    at += 1;
    while (at < end && isSpace(text.charCodeAt(at))) at += 1;
    const quote = text.charCodeAt(at);
    if (quote !== 0x22 && quote !== 0x27) return;
    const close = text.indexOf(quote === 0x22 ? '"' : "'", at + 1);
    if (close < 0 || close >= end) return;
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index] as string;
      if (nameEnd - nameStart === name.length && text.startsWith(name, nameStart)) {
        const value = text.slice(at + 1, close);
        out[index] =
          value.includes('&') || /[\t\n\r]/.test(value) ? decodeXmlText(value.replace(/[\t\n\r]/g, ' ')) : value;
        break;
      }
    }
    at = close + 1;
  }
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

export class XmlChunkScanner {
  private rest = '';
  /** Bytes of a character cut by the chunk's end, kept for the next chunk. */
  private carry: Buffer = Buffer.alloc(0);

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const cut = completeUtf8Length(bytes);
    this.carry = bytes.subarray(cut);
    this.scan(this.rest + bytes.toString('utf8', 0, cut), false);
  }

  end(): void {
    this.scan(this.rest + this.carry.toString('utf8'), true);
    this.rest = '';
    this.carry = Buffer.alloc(0);
  }

  private scan(text: string, final: boolean): void {
    const handler = this.handler;
    const length = text.length;
    let pos = 0;
    while (pos < length) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) {
        if (final) handler.text(decodeXmlText(text.slice(pos)));
        else break;
        pos = length;
        break;
      }
      const next = text.charCodeAt(lt + 1);
      let skipTo = -1;
      if (next === 0x21 /* ! */) {
        // Comment, CDATA or a declaration: skipped whole (exceljs reads no text from them).
        if (text.startsWith('<!--', lt)) skipTo = endOf(text, '-->', lt + 4);
        else if (text.startsWith('<![CDATA[', lt)) skipTo = endOf(text, ']]>', lt + 9);
        else skipTo = endOf(text, '>', lt + 2);
        if (skipTo < 0) break;
      } else if (next === 0x3f /* ? */) {
        skipTo = endOf(text, '?>', lt + 2);
        if (skipTo < 0) break;
      } else if (Number.isNaN(next)) {
        break;
      }
      if (lt > pos) handler.text(decodeXmlText(text.slice(pos, lt)));
      pos = lt;
      if (skipTo >= 0) {
        pos = skipTo;
        continue;
      }
      const gt = tagEnd(text, lt + 1);
      if (gt < 0) break;
      if (next === 0x2f /* / */) {
        let nameEnd = gt;
        while (nameEnd > lt + 2 && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd -= 1;
        handler.close(text.slice(lt + 2, nameEnd));
      } else {
        const selfClosing = text.charCodeAt(gt - 1) === 0x2f;
        let nameEnd = lt + 1;
        for (; nameEnd < gt; nameEnd += 1) {
          const code = text.charCodeAt(nameEnd);
          if (code === 0x2f || isSpace(code)) break;
        }
        const name = text.slice(lt + 1, nameEnd);
        handler.open(name, text, lt, selfClosing ? gt - 1 : gt);
        if (selfClosing) handler.close(name);
      }
      pos = gt + 1;
    }
    this.rest = pos < length ? text.slice(pos) : '';
  }
}

/** Index just past `marker` at or after `from`, or -1 when the chunk ends first. */
function endOf(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at < 0 ? -1 : at + marker.length;
}

/** Index of the `>` closing a tag, skipping any inside quoted attribute values; -1 if not in this text. */
function tagEnd(text: string, from: number): number {
  let gt = text.indexOf('>', from);
  while (gt >= 0) {
    let quotes = 0;
    let quote = 0;
    for (let at = from; at < gt; at += 1) {
      const code = text.charCodeAt(at);
      if (quote === 0 && (code === 0x22 || code === 0x27)) {
        quote = code;
        quotes += 1;
      } else if (code === quote) {
        quote = 0;
        quotes += 1;
      }
    }
    if (quotes % 2 === 0) return gt;
    gt = text.indexOf('>', gt + 1);
  }
  return -1;
}
