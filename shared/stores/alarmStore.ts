import { action, computed, makeObservable, observable } from 'mobx';
import { MAX_OPEN_ALARMS } from '../realtime/protocol';
import { ALARM_STATES, OPEN_ALARM_STATES, type AlarmRecord } from '../schemas/alarms';

/** The open-alarm summary (spec §3 alarm record, §7 POST /alarm-records/alarm-total-count). */
export interface AlarmCounts {
  total: number;
  deviceCount: number;
  errorCount: number;
  troubleCount: number;
  offlineCount: number;
}

export type AlarmCountKey = keyof AlarmCounts;

export const EMPTY_ALARM_COUNTS: Readonly<AlarmCounts> = Object.freeze({
  total: 0,
  deviceCount: 0,
  errorCount: 0,
  troubleCount: 0,
  offlineCount: 0,
});

/** Which count each alerts menu entry shows as its badge (spec §4 "alert badge counts in the menu"). */
export const ALARM_BADGE_PATHS: Readonly<Record<string, AlarmCountKey>> = Object.freeze({
  '/alerts': 'total',
  '/alerts/devices': 'deviceCount',
  '/alerts/error': 'errorCount',
  '/alerts/trouble': 'troubleCount',
  '/alerts/offline': 'offlineCount',
});

/** Recent alarms kept for annunciation; older ones are in the alarm lists. */
export const RECENT_ALARMS_LIMIT = 50;

/** Newest raised first; the higher id first when raised in the same millisecond. */
export const newestAlarmFirst = (a: AlarmRecord, b: AlarmRecord): number => b.raisedAt - a.raisedAt || b.id - a.id;

/** Open means processing state 1 (new) or 2 (acknowledged), spec §4: one meaning for badge, counters, ticker and 3D. */
export const isOpenAlarm = (record: AlarmRecord): boolean => OPEN_ALARM_STATES.includes(record.processingState);

export interface AlarmStoreOptions {
  now?: () => number;
  /** Open records kept at most (MAX_OPEN_ALARMS). */
  maxOpen?: number;
}

/**
 * The one alarm store of both bundles (design card: "a MobX store carries … the realtime alarm counters
 * for both"): the open-alarm counts, the open records and the latest raised or changed records. The
 * realtime binders (shared/realtime/alarmBinders) feed it from `alarms:counts`, `alarms:open` and
 * `alarms:new`; the console's badges and bell, and every alarm widget of a wall, read it.
 */
export class AlarmStore {
  counts: AlarmCounts = { ...EMPTY_ALARM_COUNTS };
  /** When the counts last arrived; null before the first (a counter then shows "no data", not 0). */
  countsReceivedAt: number | null = null;
  /** Newest first, one entry per record id, at most RECENT_ALARMS_LIMIT. */
  recent: AlarmRecord[] = [];
  /** The open records (states 1 and 2), newest raised first, at most maxOpen; acknowledged ones stay, marked by their state. */
  open: readonly AlarmRecord[] = [];
  /** When the open list last changed; null before the first `alarms:open` snapshot. */
  openReceivedAt: number | null = null;

  private readonly now: () => number;
  private readonly maxOpen: number;

  constructor(options: AlarmStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxOpen = options.maxOpen ?? MAX_OPEN_ALARMS;
    makeObservable(this, {
      counts: observable.ref,
      countsReceivedAt: observable,
      recent: observable.ref,
      open: observable.ref,
      openReceivedAt: observable,
      unacknowledged: computed,
      moreOpen: computed,
      setCounts: action,
      receiveAlarm: action,
      replaceOpen: action,
      receiveOpen: action,
      reset: action,
      forget: action,
    });
  }

  /** Recent alarms nobody has acknowledged yet: what flashes and sounds. */
  get unacknowledged(): AlarmRecord[] {
    return this.recent.filter((record) => record.processingState === ALARM_STATES.new);
  }

  /** Open records in scope beyond the list (it is capped): the "+N more" under a full list; 0 while it is complete. */
  get moreOpen(): number {
    return Math.max(0, this.counts.total - this.open.length);
  }

  setCounts(counts: AlarmCounts): void {
    this.counts = { ...counts };
    this.countsReceivedAt = this.now();
  }

  /**
   * A raised record goes on top of the recent list; a change of a known one (acknowledged, processed)
   * replaces it where it is. The open list takes it in (state 1 or 2) or lets it go (3 processed, 4 cleared).
   */
  receiveAlarm(record: AlarmRecord): void {
    this.receiveRecent(record);
    this.receiveOpen(record);
  }

  /** The `alarms:open` snapshot: the whole open list of the user's tree (on subscribe and after each reconnect). */
  replaceOpen(records: readonly AlarmRecord[]): void {
    this.open = records.filter(isOpenAlarm).sort(newestAlarmFirst).slice(0, this.maxOpen);
    this.openReceivedAt = this.now();
  }

  /** Logout: nothing of the previous user's alarms stays on screen. */
  reset(): void {
    this.counts = { ...EMPTY_ALARM_COUNTS };
    this.countsReceivedAt = null;
    this.recent = [];
    this.open = [];
    this.openReceivedAt = null;
  }

  /** One part back to "nothing received" (a wall's telemetry store unbinding that channel). */
  forget(part: 'open' | 'counts'): void {
    if (part === 'open') {
      this.open = [];
      this.openReceivedAt = null;
    } else {
      this.counts = { ...EMPTY_ALARM_COUNTS };
      this.countsReceivedAt = null;
    }
  }

  /** The badge number of a menu entry: its count, or 0 when the entry has none. */
  badgeFor(fullpath: string): number {
    const key = ALARM_BADGE_PATHS[fullpath];
    return key ? this.counts[key] : 0;
  }

  private receiveRecent(record: AlarmRecord): void {
    const index = this.recent.findIndex((known) => known.id === record.id);
    if (index >= 0) {
      this.recent = this.recent.map((known, i) => (i === index ? record : known));
      return;
    }
    this.recent = [record, ...this.recent].sort((a, b) => b.id - a.id).slice(0, RECENT_ALARMS_LIMIT);
  }

  /** A change on `alarms:open`: the open list only (the same record on `alarms:new` updates the recent list). */
  receiveOpen(record: AlarmRecord): void {
    const others = this.open.filter((known) => known.id !== record.id);
    if (!isOpenAlarm(record)) {
      if (others.length === this.open.length) return;
      this.open = others;
    } else {
      // Over the cap the oldest goes: the newest alarms are the ones a control room must see.
      this.open = [...others, record].sort(newestAlarmFirst).slice(0, this.maxOpen);
    }
    this.openReceivedAt = this.now();
  }
}
