import { autorun, reaction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import type { AlarmRecord } from '@shared/schemas/alarms';
import { FakeChannelSource, ManualFrames } from './fakeChannelSource.test-util';
import { MAX_OPEN_ALARMS } from './openAlarmLedger';
import { readingTime, TelemetryStore } from './telemetryStore';

const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
/** A record raised `minutes` after 08:00, open unless overridden. */
const raised = (id: number, minutes: number, overrides: Partial<AlarmRecord> = {}) => alarmRecord(id, { raisedAt: T0 + minutes * 60_000, ...overrides });
const ids = (reading: { value: readonly { id: number }[] } | undefined) => reading?.value.map((record) => record.id);

describe('telemetry store', () => {
  let source: FakeChannelSource;
  let frames: ManualFrames;
  let store: TelemetryStore;
  let now = 1_000_000;

  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
    source = new FakeChannelSource();
    frames = new ManualFrames();
    store = new TelemetryStore({ source, now: () => now, scheduleFrame: frames.schedule });
  });
  afterEach(() => {
    store.dispose();
    vi.useRealTimers();
  });

  it('subscribes a channel once however many widgets watch it, and drops it after the last', () => {
    const first = store.watch(['meter:1:latest', 'alarms:counts']);
    const second = store.watch(['meter:1:latest']);
    expect(source.subscribeCount).toBe(2);
    expect(store.channelCount).toBe(2);
    first();
    first();
    expect(source.channels).toEqual(['meter:1:latest']);
    source.push('meter:1:latest', { meterId: 1, ts: 5, values: { p: 3 } });
    frames.run();
    expect(store.read('meter:1:latest')?.value).toEqual({ meterId: 1, ts: 5, values: { p: 3 } });
    second();
    expect(source.channels).toEqual([]);
    expect(store.channelCount).toBe(0);
    expect(store.read('meter:1:latest')).toBeUndefined();
  });

  it('applies deltas once per frame in one action, newest value per channel', () => {
    store.watch(['meter:1:latest', 'meter:2:latest']);
    let runs = 0;
    autorun(() => {
      store.read('meter:1:latest');
      store.read('meter:2:latest');
      runs += 1;
    });
    for (let second = 0; second < 5; second += 1) {
      source.push('meter:1:latest', { meterId: 1, ts: 100 + second, values: {} });
      source.push('meter:2:latest', { meterId: 2, ts: 200 + second, values: {} });
    }
    expect(frames.scheduled).toBe(1);
    expect(store.read('meter:1:latest')).toBeUndefined();
    frames.run();
    expect(runs).toBe(2);
    expect(store.read('meter:1:latest')).toEqual({ value: { meterId: 1, ts: 104, values: {} }, ts: 104, receivedAt: 1_000_000 });
    expect(store.read('meter:2:latest')?.ts).toBe(204);
    expect(store.lastDataAt).toBe(1_000_000);
  });

  it('re-renders only the readers of the channel that changed', () => {
    store.watch(['meter:1:latest', 'meter:2:latest']);
    let firstRuns = 0;
    autorun(() => {
      store.read('meter:1:latest');
      firstRuns += 1;
    });
    source.push('meter:2:latest', { meterId: 2, ts: 1, values: {} });
    frames.run();
    expect(firstRuns).toBe(1);
  });

  it('hands every alarms:new record to a reaction, unbatched, so a replay loses none', () => {
    store.watch(['alarms:new']);
    const seen: unknown[] = [];
    const stop = reaction(
      () => store.read<{ id: number }>('alarms:new'),
      (reading) => seen.push(reading?.value.id),
    );
    for (const id of [101, 102, 103]) source.push('alarms:new', { id });
    expect(seen).toEqual([101, 102, 103]);
    expect(frames.scheduled).toBe(0);
    stop();
  });

  describe('alarms:open, derived from alarms:new', () => {
    const open = () => store.read<AlarmRecord[]>('alarms:open');

    it('gives a widget that watches later the same full list as the first', () => {
      const ticker = store.watch(['alarms:open']);
      expect(source.channels).toEqual(['alarms:new']);
      source.push('alarms:new', raised(1, 0));
      source.push('alarms:new', raised(2, 5, { processingState: 2 }));
      frames.run();
      const scene = store.watch(['alarms:open', 'meters:directory']);
      expect(ids(open())).toEqual([2, 1]);
      now = 1_004_000;
      source.push('alarms:new', raised(3, 5));
      source.push('alarms:new', raised(4, 1));
      frames.run();
      // Newest raised first; the higher id first when raised together.
      expect(ids(open())).toEqual([3, 2, 4, 1]);
      expect(open()).toMatchObject({ ts: 1_004_000, receivedAt: 1_004_000 });
      expect(store.lastDataAt).toBe(1_004_000);
      expect(source.subscribeCount).toBe(2);
      ticker();
      expect(ids(open())).toEqual([3, 2, 4, 1]);
      scene();
    });

    it('lets processed and cleared records leave, and takes the newest state of a record', () => {
      store.watch(['alarms:open']);
      source.push('alarms:new', [raised(1, 0), raised(2, 1), raised(3, 2)]);
      source.push('alarms:new', raised(2, 1, { processingState: 2, acknowledgedBy: 'op' }));
      source.push('alarms:new', raised(1, 0, { processingState: 3 }));
      source.push('alarms:new', raised(3, 2, { processingState: 4 }));
      source.push('alarms:new', raised(9, 9, { processingState: 3 }));
      source.push('alarms:new', { total: 4 });
      frames.run();
      expect(ids(open())).toEqual([2]);
      expect(open()?.value[0]?.acknowledgedBy).toBe('op');
    });

    it(`keeps at most ${MAX_OPEN_ALARMS} open records, dropping the oldest raised`, () => {
      store.watch(['alarms:open']);
      // Ids arrive out of raise order: the oldest by raisedAt go, not the lowest ids.
      for (let id = 1; id <= MAX_OPEN_ALARMS + 3; id++) source.push('alarms:new', raised(id, id <= 3 ? 1000 + id : id));
      source.push('alarms:new', raised(900, 3.5));
      frames.run();
      const list = ids(open())!;
      expect(list).toHaveLength(MAX_OPEN_ALARMS);
      expect(list.slice(0, 3)).toEqual([3, 2, 1]);
      expect(list.at(-1)).toBe(7);
      expect(list).not.toContain(900);
    });

    it('forgets the list when the last watcher leaves, and unsubscribes alarms:new', () => {
      const stop = store.watch(['alarms:open']);
      source.push('alarms:new', raised(1, 0));
      frames.run();
      stop();
      expect(open()).toBeUndefined();
      expect(source.channels).toEqual([]);
      expect(store.channelCount).toBe(0);
      store.watch(['alarms:open']);
      expect(open()).toBeUndefined();
      source.push('alarms:new', raised(5, 3));
      frames.run();
      expect(ids(open())).toEqual([5]);
    });

    it('applies a replay of 500 records in one frame as one reading', () => {
      store.watch(['alarms:open']);
      const readings: number[] = [];
      const stop = reaction(
        () => open(),
        (reading) => readings.push(reading?.value.length ?? -1),
      );
      for (let id = 1; id <= 500; id++) source.push('alarms:new', raised(id, id, { processingState: id % 5 === 0 ? 3 : 1 }));
      expect(frames.scheduled).toBe(1);
      expect(open()).toBeUndefined();
      frames.run();
      expect(readings).toEqual([MAX_OPEN_ALARMS]);
      expect(open()?.value[0]?.id).toBe(499);
      stop();
    });

    it('shares alarms:new with a direct watcher and counts both', () => {
      const direct = store.watch(['alarms:new']);
      const derived = store.watch(['alarms:open', 'alarms:new']);
      expect(source.subscribeCount).toBe(1);
      source.push('alarms:new', raised(7, 0));
      expect(store.read<AlarmRecord>('alarms:new')?.value.id).toBe(7);
      frames.run();
      expect(ids(open())).toEqual([7]);
      direct();
      derived();
      expect(source.channels).toEqual([]);
      expect(source.unsubscribeCount).toBe(1);
      const again = store.watch(['alarms:open']);
      const plain = store.watch(['alarms:new']);
      again();
      expect(source.channels).toEqual(['alarms:new']);
      plain();
      expect(source.unsubscribeCount).toBe(2);
    });

    it('stops alarms:new once on dispose', () => {
      store.watch(['alarms:open']);
      store.dispose();
      expect(source.unsubscribeCount).toBe(1);
      source.push('alarms:new', raised(1, 0));
      expect(frames.pending).toBe(0);
    });
  });

  it('drops readings of a channel unwatched before the frame', () => {
    const stop = store.watch(['meter:3:latest']);
    source.push('meter:3:latest', { meterId: 3, ts: 1, values: {} });
    stop();
    frames.run();
    expect(store.read('meter:3:latest')).toBeUndefined();
    expect(store.lastDataAt).toBeNull();
  });

  it('hands events to listeners at once, without keeping a reading', () => {
    const seen: unknown[] = [];
    const stop = store.listen('board:7', (data) => seen.push(data));
    source.push('board:7', { id: 7, revision: 3, updatedAt: 1 });
    expect(seen).toEqual([{ id: 7, revision: 3, updatedAt: 1 }]);
    expect(frames.pending).toBe(0);
    expect(store.channelCount).toBe(1);
    stop();
    expect(store.channelCount).toBe(0);
  });

  it('takes each reading time from the data where the channel carries one', () => {
    expect(readingTime('meter:9:latest', { ts: 42 }, 99)).toBe(42);
    expect(readingTime('energy:summary', { computedAt: 43 }, 99)).toBe(43);
    expect(readingTime('meters:directory', { computedAt: 44, meters: [] }, 99)).toBe(44);
    expect(readingTime('alarms:counts', { total: 1 }, 99)).toBe(99);
    expect(readingTime('meter:9:latest', null, 99)).toBe(99);
  });

  it('tracks the connection: since when, and the reconnect attempts', () => {
    expect(store.connection).toMatchObject({ connected: false, since: 1_000_000, attempt: 0 });
    now = 1_002_000;
    store.setConnected(true);
    expect(store.connection).toMatchObject({ connected: true, since: 1_002_000 });
    now = 1_005_000;
    store.setConnected(false);
    store.noteReconnectAttempt(3);
    expect(store.connection).toEqual({ connected: false, since: 1_005_000, attempt: 3 });
    store.setConnected(true);
    expect(store.connection.attempt).toBe(0);
  });

  it('ticks its clock every second', () => {
    now = 1_003_000;
    vi.advanceTimersByTime(1000);
    expect(store.clock.now).toBe(1_003_000);
  });

  it('unsubscribes everything on dispose', () => {
    store.watch(['a', 'b']);
    store.listen('c', () => undefined);
    store.dispose();
    expect(source.channels).toEqual([]);
  });
});
