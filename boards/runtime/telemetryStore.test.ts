import { autorun, reaction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmRecord } from '@shared/annunciation/alarmRecord.test-util';
import type { AlarmRecord } from '@shared/schemas/alarms';
import { AlarmStore } from '@shared/stores/alarmStore';
import { FakeChannelSource, ManualFrames } from './fakeChannelSource.test-util';
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

  describe('alarms:open and alarms:counts, read from the AlarmStore', () => {
    const open = () => store.read<AlarmRecord[]>('alarms:open');
    const counts = (total: number) => ({ total, deviceCount: total, errorCount: 0, troubleCount: 0, offlineCount: 0 });

    it('binds its own store while watched: a widget that watches later reads the same full list as the first', () => {
      const ticker = store.watch(['alarms:open']);
      expect(source.channels).toEqual(['alarms:open']);
      expect(open()).toBeUndefined();
      source.push('alarms:open', [raised(2, 5, { processingState: 2 }), raised(1, 0)]);
      const scene = store.watch(['alarms:open', 'meters:directory']);
      expect(ids(open())).toEqual([2, 1]);
      now = 1_004_000;
      source.push('alarms:open', raised(3, 5));
      source.push('alarms:open', raised(4, 1));
      // Newest raised first; the higher id first when raised together. Acknowledged (2) stays listed.
      expect(ids(open())).toEqual([3, 2, 4, 1]);
      expect(open()).toMatchObject({ ts: 1_004_000, receivedAt: 1_004_000 });
      // alarms:open once for both widgets, and the directory.
      expect(source.subscribeCount).toBe(2);
      ticker();
      expect(ids(open())).toEqual([3, 2, 4, 1]);
      scene();
    });

    it('lets processed and cleared records leave, and takes the newest state of a record', () => {
      store.watch(['alarms:open']);
      source.push('alarms:open', [raised(3, 2), raised(2, 1), raised(1, 0)]);
      source.push('alarms:open', raised(2, 1, { processingState: 2, acknowledgedBy: 'op' }));
      source.push('alarms:open', raised(1, 0, { processingState: 3 }));
      source.push('alarms:open', raised(3, 2, { processingState: 4 }));
      source.push('alarms:open', raised(9, 9, { processingState: 3 }));
      expect(ids(open())).toEqual([2]);
      expect(open()?.value[0]?.acknowledgedBy).toBe('op');
      expect(store.alarms.open).toBe(open()?.value);
    });

    it('forgets the list when the last watcher leaves and unsubscribes; the next watcher starts from the snapshot', () => {
      const stop = store.watch(['alarms:open']);
      source.push('alarms:open', [raised(1, 0)]);
      stop();
      expect(open()).toBeUndefined();
      expect(source.channels).toEqual([]);
      expect(store.channelCount).toBe(0);
      store.watch(['alarms:open']);
      expect(open()).toBeUndefined();
      source.push('alarms:open', [raised(5, 3)]);
      expect(ids(open())).toEqual([5]);
    });

    it('keeps the same reading object until the list changes (memoised views stay put)', () => {
      store.watch(['alarms:open', 'alarms:counts']);
      source.push('alarms:open', [raised(1, 0)]);
      const seen: unknown[] = [];
      const stop = reaction(
        () => open(),
        (reading) => seen.push(reading),
      );
      source.push('alarms:counts', counts(1));
      expect(seen).toEqual([]);
      source.push('alarms:open', raised(2, 1));
      expect(seen).toHaveLength(1);
      stop();
    });

    it('reads the counts from the same store: no reading before the first, then the counts', () => {
      store.watch(['alarms:counts']);
      expect(store.read('alarms:counts')).toBeUndefined();
      source.push('alarms:counts', counts(3));
      expect(store.read('alarms:counts')).toEqual({ value: counts(3), ts: 1_000_000, receivedAt: 1_000_000 });
      expect(store.alarms.counts.total).toBe(3);
    });

    it("with the app's store, never binds it itself: the app keeps it bound, across boards", () => {
      const alarms = new AlarmStore({ now: () => now });
      const wall = new TelemetryStore({ source, now: () => now, scheduleFrame: frames.schedule, alarms });
      const stop = wall.watch(['alarms:open', 'alarms:counts']);
      expect(source.channels).toEqual([]);
      alarms.replaceOpen([raised(1, 0, { processingState: 2 })]);
      alarms.setCounts(counts(1));
      expect(ids(wall.read<AlarmRecord[]>('alarms:open'))).toEqual([1]);
      expect(wall.read<{ total: number }>('alarms:counts')?.value.total).toBe(1);
      stop();
      wall.dispose();
      // The app's store outlives a board's telemetry store.
      expect(alarms.open).toHaveLength(1);
    });

    it('leaves alarms:new to whoever watches it directly, per record', () => {
      store.watch(['alarms:open', 'alarms:new']);
      expect(source.channels).toEqual(['alarms:new', 'alarms:open']);
      source.push('alarms:new', raised(7, 0));
      expect(store.read<AlarmRecord>('alarms:new')?.value.id).toBe(7);
    });

    it('stops its alarm channels once on dispose', () => {
      store.watch(['alarms:open', 'alarms:counts']);
      store.dispose();
      expect(source.unsubscribeCount).toBe(2);
      source.push('alarms:open', [raised(1, 0)]);
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
