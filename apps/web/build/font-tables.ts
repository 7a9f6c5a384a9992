/**
 * The few font-file facts the subset build and its check need: which code points a font maps
 * (its cmap table), and the CSS unicode-range that lists a set of code points exactly.
 */

/** The code points an OpenType/TrueType font (uncompressed sfnt) maps to a glyph. */
export function mappedCodePoints(font: Uint8Array): Set<number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tag = (offset: number) => String.fromCharCode(...font.subarray(offset, offset + 4));
  let cmap = -1;
  for (let index = 0; index < view.getUint16(4); index++) {
    const record = 12 + 16 * index;
    if (tag(record) === 'cmap') cmap = view.getUint32(record + 8);
  }
  if (cmap < 0) throw new Error('the font has no cmap table');
  const points = new Set<number>();
  for (let index = 0; index < view.getUint16(cmap + 2); index++) {
    const table = cmap + view.getUint32(cmap + 4 + 8 * index + 4);
    const format = view.getUint16(table);
    if (format === 4) {
      // Segments of consecutive code points; glyph 0 (.notdef) means "not mapped".
      const segments = view.getUint16(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const rangeOffsets = deltas + 2 * segments;
      for (let segment = 0; segment < segments; segment++) {
        const end = view.getUint16(ends + 2 * segment);
        const start = view.getUint16(starts + 2 * segment);
        const delta = view.getInt16(deltas + 2 * segment);
        const rangeOffset = view.getUint16(rangeOffsets + 2 * segment);
        for (let point = start; point <= end && point !== 0xffff; point++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (point + delta) & 0xffff;
          else {
            const at = rangeOffsets + 2 * segment + rangeOffset + 2 * (point - start);
            const raw = view.getUint16(at);
            glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (glyph !== 0) points.add(point);
        }
      }
    } else if (format === 12) {
      for (let group = 0; group < view.getUint32(table + 12); group++) {
        const start = view.getUint32(table + 16 + 12 * group);
        const end = view.getUint32(table + 20 + 12 * group);
        const glyph = view.getUint32(table + 24 + 12 * group);
        for (let point = start; point <= end; point++) if (glyph + (point - start) !== 0) points.add(point);
      }
    }
  }
  return points;
}

/** `U+20-7E,U+4E00,…`: runs of consecutive code points as ranges, in ascending order. */
export function unicodeRange(points: Iterable<number>): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (point: number) => point.toString(16).toUpperCase();
  for (let index = 0; index < sorted.length; ) {
    const start = sorted[index] as number;
    let end = start;
    while (sorted[index + 1] === end + 1) {
      end++;
      index++;
    }
    index++;
    parts.push(end === start ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
  }
  return parts.join(',');
}

/** The code points a unicode-range descriptor covers (the inverse of `unicodeRange`). */
export function parseUnicodeRange(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match) throw new Error(`not a unicode-range part: ${part}`);
    const start = Number.parseInt(match[1] as string, 16);
    const end = match[2] ? Number.parseInt(match[2], 16) : start;
    for (let point = start; point <= end; point++) points.add(point);
  }
  return points;
}
