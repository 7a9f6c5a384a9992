/**
 * A minimal XML tokenizer for the sheet and shared-string parts of an xlsx, fed inflated bytes
 * chunk by chunk and working on the bytes themselves: the markup of those parts is ASCII, so tags
 * are found and named without decoding anything, and a text node is handed over as a byte span
 * that the handler decodes only if it keeps it (most of a worksheet is tags, and most of its text
 * is numbers read straight from the bytes). Decoding follows saxes (exceljs's parser): the five
 * named entities and character references, CR/CRLF read as LF; CDATA, comments and processing
 * instructions are skipped (exceljs never reads CDATA text). It does not check that the document
 * is well formed; what the handlers need from each tag they read themselves. An undefined entity
 * or a bare `&` in any text fails the read, as it fails saxes.
 */

/** Text flags: what a span holds besides plain ASCII (set while the scanner looks for `<`). */
export const HAS_AMP = 1;
export const HAS_CR = 2;
export const NON_ASCII = 4;

/** The tag names the handlers act on; any other name is OTHER. */
export enum Tag {
  OTHER = 0,
  SHEET_DATA = 1,
  ROW = 2,
  C = 3,
  F = 4,
  V = 5,
  IS = 6,
  T = 7,
  R = 8,
  SI = 9,
}

export interface XmlByteHandler {
  /** The tag is `bytes[start, end)`: from `<` to before its `>` (or `/>`); read attributes with readAttributeSpans. */
  open(tag: Tag, bytes: Buffer, start: number, end: number): void;
  close(tag: Tag): void;
  /** A text node `bytes[start, end)`, not decoded; `flags` says what decodeText has to do. */
  text(bytes: Buffer, start: number, end: number, flags: number): void;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** Thrown for text no XML parser would take (an undefined entity). */
export class XmlSyntaxError extends Error {}

/** Entities and line ends of already decoded text, as saxes reads them. */
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
 * Node's own decoders behind Buffer#toString, called directly: toString's argument checks cost more
 * than decoding the few bytes of a cell (the same functions, so the same text, U+FFFD for bad UTF-8).
 */
interface RawDecoders {
  utf8Slice(start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
}

/** The text of a span as saxes gives it. */
export function decodeText(bytes: Buffer, start: number, end: number, flags: number): string {
  const raw =
    flags & NON_ASCII
      ? (bytes as unknown as RawDecoders).utf8Slice(start, end)
      : (bytes as unknown as RawDecoders).latin1Slice(start, end);
  return flags & (HAS_AMP | HAS_CR) ? decodeXmlText(raw) : raw;
}

/**
 * Spans of the attributes `names` of the tag `bytes[start, end)`: for name i, its value is
 * `bytes[spans[2i], spans[2i+1])`, or spans[2i] is -1 when absent. A later duplicate wins; a
 * malformed attribute ends the reading (what was read stays). One pass, whatever the number of names.
 */
export function readAttributeSpans(
  bytes: Buffer,
  start: number,
  end: number,
  names: readonly Buffer[],
  spans: Int32Array,
): void {
  spans.fill(-1);
  let at = start + 1;
  // Skip the element name.
  while (at < end && !isSpace(bytes[at] as number)) at += 1;
  while (at < end) {
    while (at < end && isSpace(bytes[at] as number)) at += 1;
    const nameStart = at;
    while (at < end) {
      const code = bytes[at] as number;
      if (code === 0x3d /* = */ || isSpace(code)) break;
      at += 1;
    }
    const nameEnd = at;
    while (at < end && isSpace(bytes[at] as number)) at += 1;
    if (bytes[at] !== 0x3d) return;
    at += 1;
    while (at < end && isSpace(bytes[at] as number)) at += 1;
    const quote = bytes[at];
    if (quote !== 0x22 && quote !== 0x27) return;
    let close = at + 1;
    while (close < end && bytes[close] !== quote) close += 1;
    if (close >= end) return;
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index] as Buffer;
      if (nameEnd - nameStart === name.length && sameBytes(bytes, nameStart, name)) {
        spans[2 * index] = at + 1;
        spans[2 * index + 1] = close;
        break;
      }
    }
    at = close + 1;
  }
}

/** An attribute value as saxes gives it: entities decoded, tabs and line breaks read as spaces. */
export function attributeText(bytes: Buffer, start: number, end: number): string {
  let special = false;
  let ascii = true;
  for (let at = start; at < end; at += 1) {
    const code = bytes[at] as number;
    if (code > 0x7f) ascii = false;
    else if (code === 0x26 || code === 0x09 || code === 0x0a || code === 0x0d) special = true;
  }
  const value = ascii ? bytes.toString('latin1', start, end) : bytes.toString('utf8', start, end);
  return special ? decodeXmlText(value.replace(/[\t\n\r]/g, ' ')) : value;
}

function sameBytes(bytes: Buffer, at: number, name: Buffer): boolean {
  for (let index = 0; index < name.length; index += 1) if (bytes[at + index] !== name[index]) return false;
  return true;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

const TAG_NAMES: [Tag, Buffer][] = (
  [
    [Tag.SHEET_DATA, 'sheetData'],
    [Tag.ROW, 'row'],
    [Tag.C, 'c'],
    [Tag.F, 'f'],
    [Tag.V, 'v'],
    [Tag.IS, 'is'],
    [Tag.T, 't'],
    [Tag.R, 'r'],
    [Tag.SI, 'si'],
  ] as const
).map(([tag, name]) => [tag, Buffer.from(name, 'latin1')]);

function tagOf(bytes: Buffer, start: number, end: number): Tag {
  const length = end - start;
  if (length === 1) {
    switch (bytes[start]) {
      case 0x63 /* c */:
        return Tag.C;
      case 0x76 /* v */:
        return Tag.V;
      case 0x66 /* f */:
        return Tag.F;
      case 0x74 /* t */:
        return Tag.T;
      case 0x72 /* r */:
        return Tag.R;
      default:
        return Tag.OTHER;
    }
  }
  for (const [tag, name] of TAG_NAMES) if (name.length === length && sameBytes(bytes, start, name)) return tag;
  return Tag.OTHER;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const COMMENT = Buffer.from('<!--', 'latin1');
const CDATA = Buffer.from('<![CDATA[', 'latin1');

export class XmlByteScanner {
  /** Bytes after the last complete token, kept for the next chunk. */
  private rest: Buffer | null = null;

  constructor(private readonly handler: XmlByteHandler) {}

  write(chunk: Buffer): void {
    const bytes = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    const pos = this.scan(bytes, false);
    this.rest = pos < bytes.length ? bytes.subarray(pos) : null;
  }

  end(): void {
    if (this.rest) this.scan(this.rest, true);
    this.rest = null;
  }

  /** Hands over every complete token of `bytes`; answers where the incomplete rest begins. */
  private scan(bytes: Buffer, final: boolean): number {
    const handler = this.handler;
    const length = bytes.length;
    let pos = 0;
    while (pos < length) {
      let lt = pos;
      let flags = 0;
      for (; lt < length; lt += 1) {
        const code = bytes[lt] as number;
        if (code === LT) break;
        if (code > 0x7f) flags |= NON_ASCII;
        else if (code === 0x26) flags |= HAS_AMP;
        else if (code === 0x0d) flags |= HAS_CR;
      }
      if (lt === length) {
        if (!final) return pos;
        this.text(bytes, pos, length, flags);
        return length;
      }
      // A `<` at the very end waits for the next chunk (at the end of the document it and the text before it are dropped).
      if (lt + 1 >= length) return final ? length : pos;
      const next = bytes[lt + 1] as number;
      let skipTo = -1;
      if (next === 0x21 /* ! */) {
        // Comment, CDATA or a declaration: skipped whole (exceljs reads no text from them).
        if (lt + CDATA.length > length && !final) return pos;
        if (sameBytes(bytes, lt, COMMENT)) skipTo = endOf(bytes, '-->', lt + 4);
        else if (lt + CDATA.length <= length && sameBytes(bytes, lt, CDATA)) skipTo = endOf(bytes, ']]>', lt + 9);
        else skipTo = endOf(bytes, '>', lt + 2);
        if (skipTo < 0) return final ? length : this.textThen(bytes, pos, lt, flags);
      } else if (next === 0x3f /* ? */) {
        skipTo = endOf(bytes, '?>', lt + 2);
        if (skipTo < 0) return final ? length : this.textThen(bytes, pos, lt, flags);
      }
      if (skipTo >= 0) {
        if (lt > pos) this.text(bytes, pos, lt, flags);
        pos = skipTo;
        continue;
      }
      // The `>` closing the tag, skipping any inside quoted attribute values.
      let gt = lt + 1;
      let quote = 0;
      for (; gt < length; gt += 1) {
        const code = bytes[gt] as number;
        if (quote === 0) {
          if (code === GT) break;
          if (code === 0x22 || code === 0x27) quote = code;
        } else if (code === quote) {
          quote = 0;
        }
      }
      if (gt === length) {
        const rest = this.textThen(bytes, pos, lt, flags);
        return final ? length : rest;
      }
      if (lt > pos) this.text(bytes, pos, lt, flags);
      if (next === SLASH) {
        let nameEnd = gt;
        while (nameEnd > lt + 2 && isSpace(bytes[nameEnd - 1] as number)) nameEnd -= 1;
        handler.close(tagOf(bytes, lt + 2, nameEnd));
      } else {
        const selfClosing = bytes[gt - 1] === SLASH;
        let nameEnd = lt + 1;
        for (; nameEnd < gt; nameEnd += 1) {
          const code = bytes[nameEnd] as number;
          if (code === SLASH || isSpace(code)) break;
        }
        const tag = tagOf(bytes, lt + 1, nameEnd);
        handler.open(tag, bytes, lt, selfClosing ? gt - 1 : gt);
        if (selfClosing) handler.close(tag);
      }
      pos = gt + 1;
    }
    return pos;
  }

  /** The text before an incomplete token is handed over now; the token waits for the next chunk. */
  private textThen(bytes: Buffer, pos: number, lt: number, flags: number): number {
    if (lt > pos) this.text(bytes, pos, lt, flags);
    return lt;
  }

  private text(bytes: Buffer, start: number, end: number, flags: number): void {
    if (start >= end) return;
    // A bad entity fails the read even where no handler reads the text (saxes refuses it anywhere).
    if (flags & HAS_AMP) decodeText(bytes, start, end, flags);
    this.handler.text(bytes, start, end, flags);
  }
}

/** Index just past `marker` at or after `from`, or -1 when the bytes end first. */
function endOf(bytes: Buffer, marker: string, from: number): number {
  const at = bytes.indexOf(marker, from, 'latin1');
  return at < 0 ? -1 : at + marker.length;
}
