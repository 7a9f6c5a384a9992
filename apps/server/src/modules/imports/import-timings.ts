/**
 * Where an import's wall time went, by stage (milliseconds). Logged with "import finished" and
 * printed by bench/import-db.ts (issue 21): stages can overlap — `writes` is the database's share
 * of the batches, which runs while the next batch is read, and `read` is the reading loop's own
 * time (parse, normalise, and whatever write-side JavaScript the event loop ran meanwhile).
 */
export class ImportTimings {
  private readonly stages: Record<string, number> = {};
  /** Counts worth logging beside the times (batches stored each way, a second run). */
  readonly counts: Record<string, number> = {};

  count(name: string, by = 1): void {
    this.counts[name] = (this.counts[name] ?? 0) + by;
  }

  add(stage: string, ms: number): void {
    this.stages[stage] = (this.stages[stage] ?? 0) + ms;
  }

  async time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.add(stage, performance.now() - start);
    }
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.stages).map(([stage, ms]) => [stage, Math.round(ms)]));
  }
}
