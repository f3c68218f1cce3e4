type MetersListener = (meterIds: ReadonlySet<number>) => void;

/**
 * Which meters a committed ingest batch touched. Ingest (or whoever commits readings) calls
 * `notify`; the meter channels listen. Kept apart so the hub does not depend on the ingest internals.
 */
export class LatestValuesFeed {
  private readonly listeners = new Set<MetersListener>();

  notify(meterIds: Iterable<number>): void {
    if (this.listeners.size === 0) return;
    const touched = new Set(meterIds);
    if (touched.size === 0) return;
    for (const listener of this.listeners) listener(touched);
  }

  listen(listener: MetersListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
