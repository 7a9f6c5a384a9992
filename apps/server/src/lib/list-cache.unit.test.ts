import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagMatches, negotiateEncoding } from './json-body.js';
import { ListCache } from './list-cache.js';

const JSON_TEXT = JSON.stringify({ code: 0, msg: 'success', data: { list: [{ name: '测试有限公司' }] } });

function listening(lifeMs = 60_000, maxBytes?: number) {
  const cache = new ListCache(lifeMs, maxBytes);
  cache.setListening(true);
  return cache;
}

describe('ListCache', () => {
  it('keeps an answer per group and key, and drops a group’s answers on its notice only', () => {
    const cache = listening();
    cache.store(1, 'k', JSON_TEXT, cache.version(1));
    cache.store(2, 'k', JSON_TEXT, cache.version(2));
    expect(cache.get(1, 'k')?.identity.toString()).toBe(JSON_TEXT);
    expect(cache.get(1, 'other')).toBeNull();
    cache.invalidate('l:1');
    expect(cache.get(1, 'k')).toBeNull();
    expect(cache.get(2, 'k')).not.toBeNull();
    // The session cache's payloads are not the lists' business; a TRUNCATE's are.
    cache.invalidate('u:2');
    cache.invalidate('g:2');
    expect(cache.get(2, 'k')).not.toBeNull();
    cache.invalidate('l:*');
    expect(cache.get(2, 'k')).toBeNull();
    cache.store(2, 'k', JSON_TEXT, cache.version(2));
    cache.invalidate('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that began before an invalidation of its group, nor while the listener is down', () => {
    const cache = listening();
    const since = cache.version(1);
    const other = cache.version(2);
    cache.invalidate('l:1');
    const body = cache.store(1, 'k', JSON_TEXT, since);
    // The reader still gets its answer; it is only not kept.
    expect(body.identity.toString()).toBe(JSON_TEXT);
    expect(cache.get(1, 'k')).toBeNull();
    cache.store(2, 'k', JSON_TEXT, other);
    expect(cache.get(2, 'k')).not.toBeNull();
    const beforeClear = cache.version(2);
    cache.clear();
    cache.store(2, 'k', JSON_TEXT, beforeClear);
    expect(cache.get(2, 'k')).toBeNull();

    cache.setListening(false);
    cache.store(1, 'k', JSON_TEXT, cache.version(1));
    expect(cache.get(1, 'k')).toBeNull();
    expect(new ListCache(0).enabled).toBe(false);
  });

  it('ends an entry after its life and stays within its memory bound, counting the compressed forms', async () => {
    const short = listening(20);
    short.store(1, 'k', JSON_TEXT, short.version(1));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(short.get(1, 'k')).toBeNull();

    const big = 'x'.repeat(4000);
    const bounded = listening(60_000, 10_000);
    bounded.store(1, 'a', big, bounded.version(1));
    bounded.store(1, 'b', big, bounded.version(1));
    const gzip = bounded.get(1, 'b')?.encoded('gzip');
    expect(gunzipSync(gzip as Buffer).toString()).toBe(big);
    bounded.store(1, 'c', big, bounded.version(1));
    // a (oldest) went to make room; b and c (and b's gzip form) fit.
    expect(bounded.get(1, 'a')).toBeNull();
    expect(bounded.get(1, 'b')).not.toBeNull();
    expect(bounded.get(1, 'c')).not.toBeNull();
    // The same form is made once.
    expect(bounded.get(1, 'b')?.encoded('gzip')).toBe(gzip);
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, honours weights and refusals, and sends as is when nothing fits', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding(['gzip', 'br;q=0.1'])).toBe('gzip');
    expect(negotiateEncoding('GZIP')).toBe('gzip');
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists, and takes *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
