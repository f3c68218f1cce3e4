import { action, computed, makeObservable, observable } from 'mobx';
import { ALARM_STATES, type AlarmRecord } from '../schemas/alarms';

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

/**
 * Counters of open alarms (processingState 1 or 2) and the latest raised or changed records.
 * The realtime binders (shared/realtime/alarmBinders) call setCounts and receiveAlarm; the
 * sidebar, the dashboard and the annunciation read them.
 */
export class AlarmStore {
  counts: AlarmCounts = { ...EMPTY_ALARM_COUNTS };
  /** Newest first, one entry per record id, at most RECENT_ALARMS_LIMIT. */
  recent: AlarmRecord[] = [];

  constructor() {
    makeObservable(this, {
      counts: observable.ref,
      recent: observable.ref,
      unacknowledged: computed,
      setCounts: action,
      receiveAlarm: action,
      reset: action,
    });
  }

  /** Recent alarms nobody has acknowledged yet: what flashes and sounds. */
  get unacknowledged(): AlarmRecord[] {
    return this.recent.filter((record) => record.processingState === ALARM_STATES.new);
  }

  setCounts(counts: AlarmCounts): void {
    this.counts = { ...counts };
  }

  /** A raised record goes on top; a change of a known one (acknowledged, processed) replaces it where it is. */
  receiveAlarm(record: AlarmRecord): void {
    const index = this.recent.findIndex((known) => known.id === record.id);
    if (index >= 0) {
      this.recent = this.recent.map((known, i) => (i === index ? record : known));
      return;
    }
    this.recent = [record, ...this.recent].sort((a, b) => b.id - a.id).slice(0, RECENT_ALARMS_LIMIT);
  }

  /** Logout: nothing of the previous user's alarms stays on screen. */
  reset(): void {
    this.counts = { ...EMPTY_ALARM_COUNTS };
    this.recent = [];
  }

  /** The badge number of a menu entry: its count, or 0 when the entry has none. */
  badgeFor(fullpath: string): number {
    const key = ALARM_BADGE_PATHS[fullpath];
    return key ? this.counts[key] : 0;
  }
}
