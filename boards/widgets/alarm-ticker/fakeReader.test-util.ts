import { action, observable } from 'mobx';
import type { ChannelReader, ChannelReading } from '../../widgetDescriptor';

/** A MobX-backed ChannelReader for widget tests: `push` applies one delta like the telemetry store. */
export function fakeReader() {
  const readings = observable.map<string, ChannelReading>({}, { deep: false });
  const watched: string[][] = [];
  const reader: ChannelReader = {
    read: <T>(channel: string) => readings.get(channel) as ChannelReading<T> | undefined,
    watch: (channels) => {
      watched.push([...channels]);
      return () => undefined;
    },
  };
  const push = action((channel: string, value: unknown, ts = Date.now()) => readings.set(channel, { value, ts, receivedAt: ts }));
  return { reader, push, watched };
}
