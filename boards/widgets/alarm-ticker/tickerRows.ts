import { ALARM_KINDS, ALARM_SEVERITIES, ALARM_STATES, type AlarmKind, type AlarmRecord, type AlarmSeverity } from '@shared/schemas/alarms';

/** The colour of each severity on a wall, readable on the dark and the light theme. */
export const SEVERITY_COLOURS: Readonly<Record<AlarmSeverity, string>> = {
  low: '#8c9bab',
  medium: '#f0b429',
  high: '#ff7a45',
  critical: '#ff4d4f',
};

export interface TickerFilter {
  kinds: readonly AlarmKind[];
  minSeverity: AlarmSeverity;
}

/** Whether the ticker shows (and sounds for) this record. */
export function matchesTicker(record: AlarmRecord, filter: TickerFilter): boolean {
  return filter.kinds.includes(record.kind) && ALARM_SEVERITIES.indexOf(record.severity) >= ALARM_SEVERITIES.indexOf(filter.minSeverity);
}

/** The rows shown: the open list's order (newest first), filtered, at most maxRows. */
export function tickerRows(records: readonly AlarmRecord[], filter: TickerFilter, maxRows: number): AlarmRecord[] {
  const rows: AlarmRecord[] = [];
  for (const record of records) {
    if (rows.length >= maxRows) break;
    if (matchesTicker(record, filter)) rows.push(record);
  }
  return rows;
}

/** What the annunciator watches: the ticker's records nobody has acknowledged yet. */
export function unacknowledgedOf(records: readonly AlarmRecord[], filter: TickerFilter): AlarmRecord[] {
  return records.filter((record) => record.processingState === ALARM_STATES.new && matchesTicker(record, filter));
}

/**
 * How many open alarms the ticker does not show ("+N more"): the matching records past maxRows, plus,
 * when the filter lets every alarm through, the open ones beyond the capped list (`openTotal`, from
 * alarms:counts, the same count the counters and the console badge show).
 */
export function hiddenCount(records: readonly AlarmRecord[], filter: TickerFilter, shown: number, openTotal: number | null): number {
  const matching = records.reduce((sum, record) => sum + (matchesTicker(record, filter) ? 1 : 0), 0);
  const everything = ALARM_KINDS.every((kind) => filter.kinds.includes(kind)) && filter.minSeverity === ALARM_SEVERITIES[0];
  const beyondList = everything && openTotal !== null ? Math.max(0, openTotal - records.length) : 0;
  return Math.max(0, matching - shown) + beyondList;
}
