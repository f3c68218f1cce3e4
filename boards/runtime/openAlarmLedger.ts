import { OPEN_ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';

/** Open records a wall keeps at most: a storm of alarms cannot grow its memory over weeks. */
export const MAX_OPEN_ALARMS = 200;

/** Newest raised first; the higher id first when raised in the same millisecond. */
export const newestAlarmFirst = (a: AlarmRecord, b: AlarmRecord): number => b.raisedAt - a.raisedAt || b.id - a.id;

const isRecord = (item: unknown): item is AlarmRecord =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as AlarmRecord).id === 'number' &&
  typeof (item as AlarmRecord).processingState === 'number' &&
  typeof (item as AlarmRecord).raisedAt === 'number' &&
  typeof (item as AlarmRecord).subject === 'object';

/**
 * The open alarm records by id, fed with `alarms:new` payloads (one record, or a batch): a record in
 * state 1 or 2 is added or replaces its id, one in state 3 or 4 removes it. Over `max`, the oldest
 * (raisedAt, then id) goes. Plain, not observable: the telemetry store publishes `list()` once a frame.
 */
export class OpenAlarmLedger {
  private readonly byId = new Map<number, AlarmRecord>();

  constructor(private readonly max: number = MAX_OPEN_ALARMS) {}

  receive(payload: unknown): void {
    for (const record of Array.isArray(payload) ? payload : [payload]) {
      if (!isRecord(record)) continue;
      if (!OPEN_ALARM_STATES.includes(record.processingState)) {
        this.byId.delete(record.id);
        continue;
      }
      this.byId.set(record.id, record);
      if (this.byId.size > this.max) this.dropOldest();
    }
  }

  /** A new array, newest first. */
  list(): AlarmRecord[] {
    return [...this.byId.values()].sort(newestAlarmFirst);
  }

  get size(): number {
    return this.byId.size;
  }

  clear(): void {
    this.byId.clear();
  }

  private dropOldest(): void {
    let oldest: AlarmRecord | undefined;
    for (const record of this.byId.values()) if (!oldest || newestAlarmFirst(record, oldest) > 0) oldest = record;
    if (oldest) this.byId.delete(oldest.id);
  }
}

const NO_ALARMS: readonly AlarmRecord[] = Object.freeze([]);

/** The records of an `alarms:open` reading; one shared empty list before any (memoised views stay put). */
export function openAlarmsOf(value: unknown): readonly AlarmRecord[] {
  return Array.isArray(value) ? (value as AlarmRecord[]) : NO_ALARMS;
}
