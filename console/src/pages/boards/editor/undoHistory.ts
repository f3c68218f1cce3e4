/** How many steps back the editor keeps (the brief asks for at least 100). */
export const UNDO_LIMIT = 200;

/** Edits of the same field within this long count as one undo step (typing a title is one step, not ten). */
export const BURST_MS = 1200;

/**
 * Undo and redo over whole-document snapshots. Documents are immutable values (every edit builds a new
 * one, sharing the untouched parts), so a snapshot costs one reference. A burst key groups a run of edits
 * of one field into one step: the snapshot before the first edit is kept, later ones are not recorded.
 */
export class UndoHistory<T> {
  private past: T[] = [];
  private future: T[] = [];
  private burst: { key: string; at: number } | null = null;

  constructor(
    private readonly limit = UNDO_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  get depth(): number {
    return this.past.length;
  }

  /** Call before applying an edit, with the document as it is now. */
  record(before: T, burstKey?: string): void {
    const at = this.now();
    const sameBurst = burstKey !== undefined && this.burst?.key === burstKey && at - this.burst.at <= BURST_MS;
    this.burst = burstKey === undefined ? null : { key: burstKey, at };
    this.future = [];
    if (sameBurst) return;
    this.past.push(before);
    if (this.past.length > this.limit) this.past.splice(0, this.past.length - this.limit);
  }

  /** The document to go back to, given the current one (kept for redo); undefined when there is none. */
  undo(current: T): T | undefined {
    const previous = this.past.pop();
    if (previous === undefined) return undefined;
    this.future.push(current);
    this.burst = null;
    return previous;
  }

  redo(current: T): T | undefined {
    const next = this.future.pop();
    if (next === undefined) return undefined;
    this.past.push(current);
    this.burst = null;
    return next;
  }

  /** The next edit starts a new step even if it touches the same field (selection changed, a drag ended). */
  endBurst(): void {
    this.burst = null;
  }

  clear(): void {
    this.past = [];
    this.future = [];
    this.burst = null;
  }
}
