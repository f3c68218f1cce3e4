// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meterRecentChannel, type MeterRecentData } from '@shared/board/channels';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import { ChannelReaderProvider, useChannel } from '../runtime/channelReader';
import { FakeChannelSource, ManualFrames } from '../runtime/fakeChannelSource.test-util';
import { TelemetryStore } from '../runtime/telemetryStore';
import { meterValue } from './meterValue';
import { RingBuffer } from './ringBuffer';
import { useRecentHistory } from './useRecentHistory';
import { useRingBuffers } from './useRingBuffers';

const minute = 60_000;
const WINDOW_MS = 10 * minute;
const RECENT = meterRecentChannel(7, 'kw', 600);
const LATEST = 'meter:7:latest';
let renders = 0;

/** A live window of meter 7 as the trend and the sparkline keep it: the buffer's points as text. */
const Window = observer(function Window({ id }: { id: string; tick?: number }) {
  renders += 1;
  const buffers = useRingBuffers([7], 50, 0, 'kw');
  useRecentHistory(buffers, 'kw', WINDOW_MS);
  const live = meterValue(useChannel<MeterLatestValues>(LATEST), 'kw');
  if (live) buffers.get(7)!.push(live.ts, live.value);
  return (
    <span data-testid={id} data-version={buffers.get(7)!.version}>
      {buffers
        .get(7)!
        .points()
        .map(([ts, value]) => `${ts / minute}:${value}`)
        .join(' ')}
    </span>
  );
});

const answer = (points: [number, number][]): MeterRecentData => ({ meterId: 7, metric: 'kw', from: 0, to: 0, bucketMs: 0, points });

describe('useRecentHistory', () => {
  let source: FakeChannelSource;
  let frames: ManualFrames;
  let store: TelemetryStore;

  beforeEach(() => {
    source = new FakeChannelSource();
    frames = new ManualFrames();
    store = new TelemetryStore({ source, now: () => 0, scheduleFrame: frames.schedule });
    store.setConnected(true);
    renders = 0;
  });
  afterEach(() => {
    cleanup();
    store.dispose();
  });

  const deliver = (channel: string, data: unknown) =>
    act(() => {
      source.push(channel, data);
      frames.run();
    });
  const shown = (id: string) => screen.getByTestId(id).textContent;

  it('fills the window from one shared answer, continues live, and fills a reconnection gap', () => {
    render(
      <ChannelReaderProvider reader={store}>
        <Window id="trend" />
        <Window id="sparkline" />
      </ChannelReaderProvider>,
    );
    // Watched by the widgets themselves: one subscription for both (the live channel is not watched in this test).
    expect(source.channels).toEqual([RECENT]);
    expect(source.subscribeCount).toBe(1);

    deliver(
      RECENT,
      answer([
        [1 * minute, 10],
        [2 * minute, 20],
        [3 * minute, 30],
      ]),
    );
    expect(shown('trend')).toBe('1:10 2:20 3:30');
    expect(shown('sparkline')).toBe('1:10 2:20 3:30');

    store.watch([LATEST]);
    deliver(LATEST, { meterId: 7, ts: 3 * minute, values: { kw: 30 } });
    deliver(LATEST, { meterId: 7, ts: 4 * minute, values: { kw: 40 } });
    expect(shown('trend')).toBe('1:10 2:20 3:30 4:40');

    // Back after a drop: the live value at 8 minutes came first, then the window again with 5–7 in it.
    deliver(LATEST, { meterId: 7, ts: 8 * minute, values: { kw: 80 } });
    deliver(
      RECENT,
      answer([
        [2 * minute, 20],
        [3 * minute, 30],
        [4 * minute, 40],
        [5 * minute, 50],
        [6 * minute, 60],
        [7 * minute, 70],
      ]),
    );
    expect(shown('trend')).toBe('1:10 2:20 3:30 4:40 5:50 6:60 7:70 8:80');
    expect(shown('sparkline')).toBe('1:10 2:20 3:30 4:40 5:50 6:60 7:70 8:80');
  });

  it('merges an answer once, not again on every render', () => {
    const tree = (tick: number) => (
      <ChannelReaderProvider reader={store}>
        <Window id="trend" tick={tick} />
      </ChannelReaderProvider>
    );
    const merges = vi.spyOn(RingBuffer.prototype, 'merge');
    const { rerender } = render(tree(1));
    deliver(RECENT, answer([[1 * minute, 10]]));
    expect(merges).toHaveBeenCalledTimes(1);
    const version = screen.getByTestId('trend').dataset.version;
    const after = renders;
    rerender(tree(2));
    expect(renders).toBe(after + 1);
    expect(screen.getByTestId('trend').dataset.version).toBe(version);
    expect(merges).toHaveBeenCalledTimes(1);
    expect(shown('trend')).toBe('1:10');
    merges.mockRestore();
  });
});
