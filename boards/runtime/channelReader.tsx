import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ChannelReader, ChannelReading } from '../widgetDescriptor';

const NO_CHANNELS: ChannelReader = { read: () => undefined, watch: () => () => undefined };
const ChannelReaderContext = createContext<ChannelReader>(NO_CHANNELS);

/** The kiosk (and the editor's preview) provide the telemetry store here; widgets read through useChannel. */
export function ChannelReaderProvider({ reader, children }: { reader: ChannelReader; children: ReactNode }) {
  return <ChannelReaderContext.Provider value={reader}>{children}</ChannelReaderContext.Provider>;
}

/**
 * The newest reading of a channel the widget's descriptor declared (the host subscribes them while the
 * widget is mounted). Call it inside a mobx-react-lite `observer` component so a delta re-renders it.
 */
export function useChannel<T>(channel: string | undefined): ChannelReading<T> | undefined {
  const reader = useContext(ChannelReaderContext);
  return channel ? reader.read<T>(channel) : undefined;
}

/** Watches channels while the component is mounted (ref-counted by the reader); the list is compared by value. */
export function useWatchedChannels(channels: readonly string[]): void {
  const reader = useContext(ChannelReaderContext);
  const key = channels.join('|');
  useEffect(() => reader.watch(key ? key.split('|') : []), [reader, key]);
}

/** The reader itself, for a widget that must see every delta of a channel in a MobX reaction (alarms:new feeds). */
export function useChannelReader(): ChannelReader {
  return useContext(ChannelReaderContext);
}
