import type { ChannelListener, ChannelSource } from '@shared/realtime/realtimeClient';

/** A ChannelSource that records subscriptions and lets a test push payloads. */
export class FakeChannelSource implements ChannelSource {
  readonly listeners = new Map<string, Set<ChannelListener<never>>>();
  subscribeCount = 0;
  unsubscribeCount = 0;

  subscribe<T>(channel: string, onData: ChannelListener<T>): () => void {
    this.subscribeCount += 1;
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(onData as ChannelListener<never>);
    return () => {
      this.unsubscribeCount += 1;
      set.delete(onData as ChannelListener<never>);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }

  push(channel: string, data: unknown): void {
    for (const listener of this.listeners.get(channel) ?? []) (listener as ChannelListener)(data);
  }

  get channels(): string[] {
    return [...this.listeners.keys()].sort();
  }
}

/** A frame scheduler a test runs by hand: `frames.run()` is one animation frame. */
export class ManualFrames {
  private queue: (() => void)[] = [];
  scheduled = 0;

  readonly schedule = (callback: () => void): (() => void) => {
    this.scheduled += 1;
    this.queue.push(callback);
    return () => {
      this.queue = this.queue.filter((queued) => queued !== callback);
    };
  };

  run(): void {
    const due = this.queue;
    this.queue = [];
    for (const callback of due) callback();
  }

  get pending(): number {
    return this.queue.length;
  }
}
