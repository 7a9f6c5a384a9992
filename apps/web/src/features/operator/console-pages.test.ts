import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES, pagesFor } from './console-pages';

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
});
