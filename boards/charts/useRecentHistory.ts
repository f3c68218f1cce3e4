import { meterRecentChannel, type MeterRecentData } from '@shared/board/channels';
import { useChannelReader, useWatchedChannels } from '../runtime/channelReader';
import type { RingBuffer } from './ringBuffer';

/** The history answer each buffer has already folded in: a buffer merges each answer once, not on every render. */
const mergedAnswer = new WeakMap<RingBuffer, MeterRecentData>();

/**
 * Starts each meter's ring buffer with its stored series over the window: watches
 * `meter:<id>:recent:<metric>:<windowS>` while mounted (one subscription per meter, metric and window,
 * shared by every widget that asks the same) and merges each answer into the buffer once. The server
 * answers again after a reconnection, so the gap the wall was away is filled the same way.
 * Call it inside the widget's observer, before reading the buffers.
 */
export function useRecentHistory(buffers: ReadonlyMap<number, RingBuffer>, metric: string, windowMs: number): void {
  const reader = useChannelReader();
  const windowS = Math.max(1, Math.round(windowMs / 1000));
  const channels = [...buffers.keys()].map((meterId) => meterRecentChannel(meterId, metric, windowS));
  useWatchedChannels(channels);
  let index = 0;
  for (const buffer of buffers.values()) {
    const answer = reader.read<MeterRecentData>(channels[index++]!)?.value;
    if (answer && mergedAnswer.get(buffer) !== answer) {
      buffer.merge(answer.points);
      mergedAnswer.set(buffer, answer);
    }
  }
}
