import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES, pageAt, pagesFor } from './console-pages';

describe('operator console pages', () => {
  it('shows a page only to the roles it serves; 管理员 sees every page', () => {
    expect(pagesFor(['admin'])).toEqual(CONSOLE_PAGES);
    expect(pagesFor([])).toEqual([]);
    for (const page of pagesFor(['finance'])) expect(page.roles).toContain('finance');
    expect(pagesFor(['finance']).some((page) => page.path === '/operator/audit')).toBe(false);
  });

  it('has unique paths under /operator', () => {
    const paths = CONSOLE_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/operator/')).toBe(true);
  });

  it('finds a page by its own path or a sub-path, never by a longer name that starts the same', () => {
    expect(pageAt('/operator/chat')?.path).toBe('/operator/chat');
    expect(pageAt('/operator/chat/12')?.path).toBe('/operator/chat');
    expect(pageAt('/operator/chat-knowledge')).toBeUndefined();
    for (const page of CONSOLE_PAGES) expect(pageAt(page.path)).toBe(page);
  });
});
