import { action, computed, makeObservable, observable, runInAction, type IComputedValue, type ObservableMap } from 'mobx';
import { METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { bindAlarmCounts, bindOpenAlarms } from '@shared/realtime/alarmBinders';
import type { ChannelSource } from '@shared/realtime/realtimeClient';
import { ALARM_COUNTS_CHANNEL, ALARM_EVENTS_CHANNEL } from '@shared/schemas/alarms';
import { AlarmStore } from '@shared/stores/alarmStore';
import type { ChannelReader, ChannelReading } from '../widgetDescriptor';
import { Clock } from './clock';

/** Schedules one callback (the next animation frame in a browser); returns its cancel. */
export type FrameScheduler = (callback: () => void) => () => void;

export const animationFrameScheduler: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(callback, 16);
  return () => clearTimeout(handle);
};

export interface ConnectionState {
  connected: boolean;
  /** When the socket last connected or dropped (the page's start before the first connection). */
  since: number;
  /** Reconnect attempts since the last connection (0 while connected). */
  attempt: number;
}

export interface TelemetryStoreOptions {
  source: ChannelSource;
  now?: () => number;
  scheduleFrame?: FrameScheduler;
  /** How often the shared clock ticks (staleness, banner). */
  clockTickMs?: number;
  /**
   * The app's alarm store, kept on its channels by its owner (the kiosk app, the console session): the
   * alarm widgets read it. Without one the telemetry store keeps its own, bound while a widget watches.
   */
  alarms?: AlarmStore;
}

/** Channels answered from the AlarmStore, not from this store's own subscriptions: one meaning of "open alarm". */
export const ALARM_STORE_CHANNELS: ReadonlySet<string> = new Set([OPEN_ALARMS_CHANNEL, ALARM_COUNTS_CHANNEL]);

const METER_LATEST = /^meter:\d+:latest$/;

/**
 * Channels whose every payload is a separate event (alarms:new: each record, and up to 500 replayed
 * after a reconnect). They skip the frame batching so a reaction on read() sees each one; coalescing
 * them would lose all but the last record of a frame. Widgets read OPEN_ALARMS_CHANNEL instead.
 */
export const EVENT_CHANNELS: ReadonlySet<string> = new Set([ALARM_EVENTS_CHANNEL]);

/** When a payload was measured or computed: the reading's own time where the channel carries one. */
export function readingTime(channel: string, data: unknown, receivedAt: number): number {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const stamp = METER_LATEST.test(channel) ? record.ts : channel.startsWith('energy:') || channel === METER_DIRECTORY_CHANNEL ? record.computedAt : undefined;
  return typeof stamp === 'number' && Number.isFinite(stamp) ? stamp : receivedAt;
}

interface ChannelEntry {
  watchers: number;
  listeners: Set<(data: unknown) => void>;
  stop: () => void;
}

/**
 * The wall's ChannelReader over one realtime connection. Channels are subscribed once however many
 * widgets watch them; deltas are buffered and applied once per animation frame in one MobX action, so
 * 50 widgets at 1 Hz cost one reaction pass per frame; a channel nobody watches any more is dropped with
 * its reading, so nothing accumulates over weeks.
 *
 * `alarms:open` and `alarms:counts` are read from the shared AlarmStore (shared/stores), the same store
 * the console's badges read: the open list (states 1 and 2, acknowledged ones kept) and the counts of the
 * caller's tree, so counter, ticker, mimic and 3D scene can never disagree on what is open.
 */
export class TelemetryStore implements ChannelReader {
  readonly connection: ConnectionState;
  /** When the newest applied reading arrived (the banner's "showing data from"); null before any. */
  lastDataAt: number | null = null;
  readonly clock: Clock;

  private readonly readings: ObservableMap<string, ChannelReading> = observable.map({}, { deep: false });
  private readonly entries = new Map<string, ChannelEntry>();
  private readonly pending = new Map<string, ChannelReading>();
  private cancelFrame: (() => void) | null = null;
  private readonly now: () => number;
  private readonly scheduleFrame: FrameScheduler;
  /** The open list and counts widgets read (see ALARM_STORE_CHANNELS). */
  readonly alarms: AlarmStore;
  /** True when this store made `alarms` itself and so binds it while watched; false when its owner keeps it bound. */
  private readonly ownsAlarms: boolean;
  private readonly alarmReadings: ReadonlyMap<string, IComputedValue<ChannelReading | undefined>>;
  private disposed = false;

  constructor(private readonly options: TelemetryStoreOptions) {
    this.now = options.now ?? Date.now;
    this.scheduleFrame = options.scheduleFrame ?? animationFrameScheduler;
    this.clock = new Clock(this.now, options.clockTickMs ?? 1000);
    this.connection = observable({ connected: false, since: this.now(), attempt: 0 });
    this.ownsAlarms = !options.alarms;
    const alarms = options.alarms ?? new AlarmStore({ now: this.now });
    this.alarms = alarms;
    // Computed: the same reading object until the store changes, so memoised views (the 3D scene) stay put.
    this.alarmReadings = new Map([
      [OPEN_ALARMS_CHANNEL, computed(() => storeReading(alarms.open, alarms.openReceivedAt))],
      [ALARM_COUNTS_CHANNEL, computed(() => storeReading(alarms.counts, alarms.countsReceivedAt))],
    ]);
    makeObservable<TelemetryStore, 'flush'>(this, { lastDataAt: observable, setConnected: action, noteReconnectAttempt: action, flush: action });
  }

  read<T>(channel: string): ChannelReading<T> | undefined {
    const fromAlarms = this.alarmReadings.get(channel);
    if (fromAlarms) return fromAlarms.get() as ChannelReading<T> | undefined;
    return this.readings.get(channel) as ChannelReading<T> | undefined;
  }

  watch(channels: readonly string[]): () => void {
    const unique = [...new Set(channels)];
    for (const channel of unique) this.entry(channel).watchers += 1;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      for (const channel of unique) {
        const entry = this.entries.get(channel);
        if (!entry) continue;
        entry.watchers -= 1;
        this.release(channel, entry);
      }
    };
  }

  /** Every payload of a channel as it arrives, unbatched: for events (board saved, display commands). */
  listen<T>(channel: string, listener: (data: T) => void): () => void {
    const entry = this.entry(channel);
    const wrapped = (data: unknown) => listener(data as T);
    entry.listeners.add(wrapped);
    return () => {
      if (!entry.listeners.delete(wrapped)) return;
      this.release(channel, entry);
    };
  }

  /** Channels subscribed right now (the bench checks this does not grow). */
  get channelCount(): number {
    return this.entries.size;
  }

  setConnected(connected: boolean): void {
    if (this.connection.connected === connected) return;
    this.connection.connected = connected;
    this.connection.since = this.now();
    if (connected) this.connection.attempt = 0;
  }

  noteReconnectAttempt(attempt: number): void {
    this.connection.attempt = attempt;
  }

  dispose(): void {
    this.disposed = true;
    this.cancelFrame?.();
    this.cancelFrame = null;
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const entry of entries) entry.stop();
    this.pending.clear();
    runInAction(() => this.readings.clear());
    this.clock.dispose();
  }

  private entry(channel: string): ChannelEntry {
    let entry = this.entries.get(channel);
    if (!entry) {
      const created: ChannelEntry = { watchers: 0, listeners: new Set(), stop: () => undefined };
      this.entries.set(channel, created);
      created.stop = ALARM_STORE_CHANNELS.has(channel)
        ? this.bindAlarmChannel(channel)
        : this.options.source.subscribe(channel, (data) => this.receive(channel, created, data));
      entry = created;
    }
    return entry;
  }

  private release(channel: string, entry: ChannelEntry): void {
    if (entry.watchers > 0 || entry.listeners.size > 0 || this.entries.get(channel) !== entry) return;
    this.entries.delete(channel);
    entry.stop();
    this.pending.delete(channel);
    if (this.readings.has(channel)) runInAction(() => this.readings.delete(channel));
  }

  private receive(channel: string, entry: ChannelEntry, data: unknown): void {
    if (this.disposed || this.entries.get(channel) !== entry) return;
    for (const listener of entry.listeners) listener(data);
    if (entry.watchers === 0) return;
    const receivedAt = this.now();
    const reading = { value: data, ts: readingTime(channel, data, receivedAt), receivedAt };
    if (EVENT_CHANNELS.has(channel)) {
      runInAction(() => {
        this.readings.set(channel, reading);
        this.lastDataAt = receivedAt;
      });
      return;
    }
    this.pending.set(channel, reading);
    this.cancelFrame ??= this.scheduleFrame(() => this.flush());
  }

  /**
   * An alarm channel read from the AlarmStore. An owned store is bound while watched and forgets that part
   * when the last watcher leaves (the next subscription starts from the server's fresh snapshot); a store
   * given by the app is kept bound by the app, so a playlist moving between boards never drops the list.
   */
  private bindAlarmChannel(channel: string): () => void {
    if (!this.ownsAlarms) return () => undefined;
    const { source } = this.options;
    const alarms = this.alarms;
    if (channel === OPEN_ALARMS_CHANNEL) {
      const unbind = bindOpenAlarms(source, alarms);
      return () => {
        unbind();
        alarms.forget('open');
      };
    }
    const unbind = bindAlarmCounts(source, alarms);
    return () => {
      unbind();
      alarms.forget('counts');
    };
  }

  private flush(): void {
    this.cancelFrame = null;
    let newest = this.lastDataAt;
    for (const [channel, reading] of this.pending) {
      if (!this.entries.has(channel)) continue;
      this.readings.set(channel, reading);
      newest = Math.max(newest ?? 0, reading.receivedAt);
    }
    this.pending.clear();
    this.lastDataAt = newest;
  }
}

/** A reading of the alarm store's part; none before its first arrival (a counter shows "no data", not 0). */
function storeReading(value: unknown, receivedAt: number | null): ChannelReading | undefined {
  return receivedAt === null ? undefined : { value, ts: receivedAt, receivedAt };
}
