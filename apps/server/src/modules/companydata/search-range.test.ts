import { describe, expect, it } from 'vitest';
import { prefixEnd } from './builtin.provider.js';

describe('the byte-order range of names starting with a search', () => {
  it('ends just after every name that starts with the prefix', () => {
    expect(prefixEnd('苏州华夏')).toBe('苏州华夐');
    expect(prefixEnd('slkj')).toBe('slkk');
    const names = ['苏州华夏', '苏州华夏科技有限公司', '苏州华夏\u{10FFFF}', '苏州华夐', '苏州华'];
    const inRange = names.filter(
      (name) => name >= '苏州华夏' && Buffer.compare(Buffer.from(name), Buffer.from(prefixEnd('苏州华夏'))) < 0,
    );
    expect(inRange).toEqual(['苏州华夏', '苏州华夏科技有限公司', '苏州华夏\u{10FFFF}']);
  });

  it('skips the surrogate block and keeps characters outside the basic plane whole', () => {
    expect(prefixEnd('a\uD7FF')).toBe('a\uE000');
    expect(prefixEnd('𠀀')).toBe('𠀁');
  });
});
