import { action, makeObservable, observable } from 'mobx';

/**
 * One coarse observable "now" for the whole wall: staleness and the connection banner depend on time
 * passing without any data, and one 1 s timer is cheaper than a timer per widget.
 */
export class Clock {
  now: number;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly read: () => number = Date.now,
    tickMs = 1000,
  ) {
    this.now = read();
    makeObservable<Clock, 'tick'>(this, { now: observable, tick: action });
    this.timer = setInterval(() => this.tick(), tickMs);
  }

  private tick(): void {
    this.now = this.read();
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}
