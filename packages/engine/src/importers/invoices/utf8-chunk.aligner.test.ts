import { describe, expect, it } from 'vitest';
import { alignUtf8Chunks, completeUtf8Length } from './utf8-chunk.aligner.js';

describe('UTF-8 chunk alignment', () => {
  it('finds the end of the last whole character', () => {
    const bytes = Buffer.from('发票𠮷', 'utf8'); // 3 + 3 + 4 bytes
    expect(completeUtf8Length(bytes)).toBe(10);
    expect(completeUtf8Length(bytes.subarray(0, 9))).toBe(6);
    expect(completeUtf8Length(bytes.subarray(0, 4))).toBe(3);
    expect(completeUtf8Length(Buffer.from('abc'))).toBe(3);
  });

  it('re-cuts chunks so each decodes on its own', async () => {
    const text = '销方名称：示例星河科技有限公司 𠮷 ok';
    const bytes = Buffer.from(text, 'utf8');
    async function* pieces() {
      for (let start = 0; start < bytes.length; start += 4) yield bytes.subarray(start, start + 4);
    }
    const decoded: string[] = [];
    for await (const chunk of alignUtf8Chunks(pieces()))
      decoded.push(new TextDecoder('utf-8', { fatal: true }).decode(chunk));
    expect(decoded.join('')).toBe(text);
  });
});
