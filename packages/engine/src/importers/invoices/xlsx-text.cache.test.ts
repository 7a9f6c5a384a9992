/** The cell-text cache answers exactly the decoder's text, also when thousands of texts share its slots. */
import { describe, expect, it } from 'vitest';
import { CellTextCache } from './xlsx-text.cache.js';
import { decodeText, HAS_AMP, NON_ASCII } from './xml-bytes.scanner.js';

describe('cell text cache', () => {
  it('gives the decoded text of every span, the same string again for the same bytes', () => {
    const cache = new CellTextCache();
    // 10 000 texts over 4 096 slots: many share a slot; each must still come back as itself.
    const texts = Array.from({ length: 10_000 }, (_, index) => (index % 3 === 0 ? `示例公司${index}` : `9144${index}`));
    const spans = texts.map((text, index) => {
      const bytes = Buffer.from(`<v>${text}</v>`, 'utf8');
      return { bytes, start: 3, end: bytes.length - 4, flags: index % 3 === 0 ? NON_ASCII : 0 };
    });
    for (let round = 0; round < 3; round += 1) {
      for (const [index, span] of spans.entries()) {
        expect(cache.text(span.bytes, span.start, span.end, span.flags)).toBe(texts[index]);
      }
    }
    const again = Buffer.from('xx数电发票（普通发票）', 'utf8');
    const first = cache.text(again, 2, again.length, NON_ASCII);
    expect(cache.text(Buffer.from(again), 2, again.length, NON_ASCII)).toBe(first);
    // Entities are decoded, not cached by their raw bytes.
    const entity = Buffer.from('a&amp;b', 'latin1');
    expect(cache.text(entity, 0, entity.length, HAS_AMP)).toBe(decodeText(entity, 0, entity.length, HAS_AMP));
    expect(cache.text(entity, 0, entity.length, HAS_AMP)).toBe('a&b');
  });
});
