import type { ResolvedReading } from './readingWriter';

/** What one committed batch of a payload announces: its new readings, and whether implausible steps were quarantined. */
export interface CommittedReadings {
  readings: ResolvedReading[];
  /** True when implausible steps were quarantined since the last announcement (listeners look at the quarantine table only then). */
  quarantined: boolean;
}

type CommittedListener = (committed: CommittedReadings) => unknown;

/**
 * The fan-out after commit: latest values, the alarm engine and whatever else consumes readings
 * (forwarding, tariffs, prepaid) subscribe here instead of being chained by hand. Listeners run in
 * subscription order and are not awaited; a throwing or rejecting listener is reported and never stops
 * the others or the ingest answer.
 */
export class IngestEvents {
  private readonly listeners: CommittedListener[] = [];

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  /** Subscribe to committed readings; the answer unsubscribes. */
  onCommitted(listener: CommittedListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  emitCommitted(committed: CommittedReadings): void {
    for (const listener of [...this.listeners]) {
      try {
        const result = listener(committed);
        if (result instanceof Promise) result.catch(this.onListenerError);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.length;
  }
}
