import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginNavigation } from '../lib/navigation';
import { CHUNK_RETRY_KEY, clearChunkRetry, lazyWithRetry } from './lazy-route';

const assign = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  assign.mockReset();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => vi.restoreAllMocks());

describe('chunk-load retry (spec §4)', () => {
  it('a failed chunk reloads the target address once', async () => {
    beginNavigation('/home?tab=1');
    const load = lazyWithRetry(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    void load();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/home?tab=1'));
    expect(sessionStorage.getItem(CHUNK_RETRY_KEY)).toBe('/home?tab=1');
  });

  it('a second failure for the same address reaches the error page', async () => {
    beginNavigation('/home');
    sessionStorage.setItem(CHUNK_RETRY_KEY, '/home');
    const load = lazyWithRetry(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RETRY_KEY)).toBeNull();
  });

  it('a good load passes the module through; a finished navigation allows a later retry', async () => {
    const load = lazyWithRetry(() => Promise.resolve({ Component: 'page' }));
    await expect(load()).resolves.toEqual({ Component: 'page' });
    sessionStorage.setItem(CHUNK_RETRY_KEY, '/home');
    clearChunkRetry();
    expect(sessionStorage.getItem(CHUNK_RETRY_KEY)).toBeNull();
  });
});
