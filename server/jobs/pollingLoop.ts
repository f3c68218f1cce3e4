/**
 * A pass of work that runs on a timer and on demand, never two at once: asking while a pass runs makes one more
 * pass after it (work that arrived meanwhile is not missed). The report runner, the report delivery worker, the
 * import worker and the comparison sweep each drive one; their passes claim rows (or a lease) in the database, so any
 * number of processes may poll.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private halted = false;

  /** `pollMs` 0: only when nudged. `pass` reports its own errors (a rejection is swallowed so the loop lives on). */
  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollMs: number,
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    if (this.timer || this.halted) return;
    if (this.pollMs > 0) {
      this.timer = setInterval(() => this.nudge(), this.pollMs);
      this.timer.unref();
    }
    this.nudge();
  }

  nudge(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no pass is in progress. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No more passes; the one in progress finishes (or is told to stop by its owner before `idle`). */
  halt(): void {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.pass().catch(() => undefined);
    } while (this.again && !this.halted);
  }
}
