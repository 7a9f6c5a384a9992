import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

const DOCS = path.resolve(import.meta.dirname, '../../../../../docs');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ template: 'empty' });
});
afterAll(() => ctx.close());

/** The calls of spec §7 by area (docs/spec-calls.json; a name ending in "/" is a whole controller). */
function specCalls(): string[] {
  const areas = JSON.parse(readFileSync(path.join(DOCS, 'spec-calls.json'), 'utf8')) as Record<string, string[]>;
  return Object.values(areas).flat();
}

/** The calls docs/spec-coverage.md lists as not served yet, each with its reason on the same line. */
function listedAsMissing(): Map<string, string> {
  const listed = new Map<string, string>();
  for (const line of readFileSync(path.join(DOCS, 'spec-coverage.md'), 'utf8').split('\n')) {
    const match = /^- `([^`]+)`\s*[:：]\s*(.+)$/.exec(line.trim());
    if (match?.[1] && match[2]) listed.set(match[1], match[2]);
  }
  return listed;
}

describe('spec §7 coverage', () => {
  it('serves every call of spec §7, or docs/spec-coverage.md says why not', () => {
    const urls = ctx.app.guardedRoutes.map((route) => route.url);
    const served = (name: string) =>
      name.endsWith('/') ? urls.some((url) => url.startsWith(name)) : urls.some((url) => url === name);
    const listed = listedAsMissing();
    const unexplained = specCalls().filter((name) => !served(name) && !listed.has(name));
    expect(unexplained).toEqual([]);
  });

  it('lists as missing only calls that are really not served', () => {
    const urls = ctx.app.guardedRoutes.map((route) => route.url);
    const served = (name: string) =>
      name.endsWith('/') ? urls.some((url) => url.startsWith(name)) : urls.some((url) => url === name);
    const stale = [...listedAsMissing().keys()].filter(served);
    expect(stale).toEqual([]);
  });
});
