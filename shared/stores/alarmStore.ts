import { action, makeObservable, observable } from 'mobx';

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

/**
 * Counters of open alarms (processingState 1 or 2). Whoever receives a new summary (the alarm
 * endpoint or a realtime event, later) calls setCounts; the sidebar and the dashboard read it.
 */
export class AlarmStore {
  counts: AlarmCounts = { ...EMPTY_ALARM_COUNTS };

  constructor() {
    makeObservable(this, { counts: observable.ref, setCounts: action });
  }

  setCounts(counts: AlarmCounts): void {
    this.counts = { ...counts };
  }

  /** The badge number of a menu entry: its count, or 0 when the entry has none. */
  badgeFor(fullpath: string): number {
    const key = ALARM_BADGE_PATHS[fullpath];
    return key ? this.counts[key] : 0;
  }
}
