import { action, makeObservable, observable, runInAction, type ObservableMap } from 'mobx';
import { METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import type { ChannelSource } from '@shared/realtime/realtimeClient';
import { ALARM_EVENTS_CHANNEL } from '@shared/schemas/alarms';
import type { ChannelReader, ChannelReading } from '../widgetDescriptor';
import { Clock } from './clock';
import { OpenAlarmLedger } from './openAlarmLedger';

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
}

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
 * `alarms:open` (OPEN_ALARMS_CHANNEL) is derived here, not served: while watched, the store listens to
 * `alarms:new` (the same source subscription as any direct watcher) and keeps one ledger of the open
 * records by id, so a widget mounted later reads every open record received so far, not only those
 * arriving after it. Its reading is the whole list, newest first, rebuilt at most once a frame.
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
  private readonly openAlarms = new OpenAlarmLedger();
  /** When the newest alarms:new payload not yet in the alarms:open reading arrived; null when none waits. */
  private openAlarmsReceivedAt: number | null = null;
  private disposed = false;

  constructor(private readonly options: TelemetryStoreOptions) {
    this.now = options.now ?? Date.now;
    this.scheduleFrame = options.scheduleFrame ?? animationFrameScheduler;
    this.clock = new Clock(this.now, options.clockTickMs ?? 1000);
    this.connection = observable({ connected: false, since: this.now(), attempt: 0 });
    makeObservable<TelemetryStore, 'flush'>(this, { lastDataAt: observable, setConnected: action, noteReconnectAttempt: action, flush: action });
  }

  read<T>(channel: string): ChannelReading<T> | undefined {
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
    // Emptied first: a derived channel's stop releases alarms:new, which must not be stopped twice.
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
      created.stop =
        channel === OPEN_ALARMS_CHANNEL
          ? this.deriveOpenAlarms(created)
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
   * alarms:open: a listener on alarms:new folds each record into the ledger and asks for a frame. The
   * returned stop leaves alarms:new (unsubscribed with its last user) and forgets the ledger, so a later
   * watcher starts from the server's fresh snapshot.
   */
  private deriveOpenAlarms(entry: ChannelEntry): () => void {
    const stopListening = this.listen(ALARM_EVENTS_CHANNEL, (data) => {
      if (this.entries.get(OPEN_ALARMS_CHANNEL) !== entry) return;
      this.openAlarms.receive(data);
      this.openAlarmsReceivedAt = this.now();
      this.cancelFrame ??= this.scheduleFrame(() => this.flush());
    });
    return () => {
      stopListening();
      this.openAlarms.clear();
      this.openAlarmsReceivedAt = null;
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
    const openAt = this.openAlarmsReceivedAt;
    if (openAt !== null && this.entries.has(OPEN_ALARMS_CHANNEL)) {
      // One new array per frame however many records arrived (a 500-record replay is one reading).
      this.readings.set(OPEN_ALARMS_CHANNEL, { value: this.openAlarms.list(), ts: openAt, receivedAt: openAt });
      newest = Math.max(newest ?? 0, openAt);
    }
    this.openAlarmsReceivedAt = null;
    this.lastDataAt = newest;
  }
}
