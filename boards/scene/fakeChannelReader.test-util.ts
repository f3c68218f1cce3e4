import { action, observable } from 'mobx';
import type { ChannelReader, ChannelReading } from '../widgetDescriptor';

/** A ChannelReader for tests and harnesses: channels are pushed by hand, watches are counted. */
export class FakeChannelReader implements ChannelReader {
  private readonly readings = observable.map<string, ChannelReading>({}, { deep: false });
  readonly watchCounts = new Map<string, number>();

  read<T>(channel: string): ChannelReading<T> | undefined {
    return this.readings.get(channel) as ChannelReading<T> | undefined;
  }

  watch(channels: readonly string[]): () => void {
    for (const channel of channels) this.watchCounts.set(channel, (this.watchCounts.get(channel) ?? 0) + 1);
    return () => {
      for (const channel of channels) this.watchCounts.set(channel, (this.watchCounts.get(channel) ?? 1) - 1);
    };
  }

  /** Channels watched at least once right now. */
  watched(): string[] {
    return [...this.watchCounts]
      .filter(([, count]) => count > 0)
      .map(([channel]) => channel)
      .sort();
  }

  /** One delta batch: every value lands in one MobX action, like the kiosk's telemetry store. */
  readonly push = action((values: Record<string, unknown>, ts = Date.now()) => {
    for (const [channel, value] of Object.entries(values)) this.readings.set(channel, { value, ts, receivedAt: ts });
  });
}
