/** CPU figures of the product's processes, read from /proc (Linux). */
import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process so far. */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / TICKS_PER_SECOND;
}

/**
 * CPU seconds so far of `root` and of every process whose parent chain leads to it (the embedded
 * database, Chromium), or only of those whose name starts with `named`, by process id.
 */
export async function treeCpu(root: number, named?: string): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(entry), Number(fields[1]));
    names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
  }
  const seconds = new Map<number, number>();
  for (const [pid, name] of names) {
    if (named !== undefined && !name.startsWith(named)) continue;
    let up: number | undefined = pid;
    while (up !== undefined && up > 1 && up !== root) up = parents.get(up);
    if (up === root) seconds.set(pid, await cpuSecondsOf(pid));
  }
  return seconds;
}

/**
 * CPU seconds used between two `treeCpu` samples by the processes alive at the second. One that
 * ended in between (a database connection closed as idle) is left out rather than subtracted; one
 * that started and ended in between is missed: the figure is indicative.
 */
export function cpuUsedSince(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/**
 * Waits until the product has settled after its start: a just-started server launches Chromium,
 * loads its import thread and runs its first queue maintenance for a few seconds, and a figure
 * taken then measures that too. Settled: under a tenth of a core over a second, for the server and
 * everything it started. Answers the seconds waited (at most `limitSeconds`).
 */
export async function waitUntilSettled(root: number, limitSeconds = 30): Promise<number> {
  const start = performance.now();
  let before = await treeCpu(root);
  while ((performance.now() - start) / 1000 < limitSeconds) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await treeCpu(root);
    if (cpuUsedSince(before, now) < 0.1) break;
    before = now;
  }
  return (performance.now() - start) / 1000;
}
