import { ALARM_STATES, OPEN_ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';

/** Newest raised first; the higher id first when raised in the same millisecond. */
export const newestFirst = (a: AlarmRecord, b: AlarmRecord): number => b.raisedAt - a.raisedAt || b.id - a.id;

/** alarms:new readings carry one record; a batch (reconnect catch-up) may carry several. Anything else is ignored. */
export function alarmRecordsOf(value: unknown): AlarmRecord[] {
  const looksLikeRecord = (item: unknown): item is AlarmRecord =>
    typeof item === 'object' && item !== null && typeof (item as AlarmRecord).id === 'number' && typeof (item as AlarmRecord).processingState === 'number' && typeof (item as AlarmRecord).raisedAt === 'number';
  if (Array.isArray(value)) return value.filter(looksLikeRecord);
  return looksLikeRecord(value) ? [value] : [];
}

/**
 * The open alarms after some records arrived: a record replaces the one with its id, a processed or
 * cleared record leaves, newest first, at most `max` kept (so weeks of alarms never grow the list).
 * `accept` only gates records not yet listed: a listed record that changes is updated or removed even
 * when it no longer matches.
 */
export function mergeAlarms(current: readonly AlarmRecord[], incoming: readonly AlarmRecord[], max: number, accept: (record: AlarmRecord) => boolean = () => true): AlarmRecord[] {
  const byId = new Map(current.map((record) => [record.id, record]));
  for (const record of incoming) {
    if (!OPEN_ALARM_STATES.includes(record.processingState)) byId.delete(record.id);
    else if (byId.has(record.id) || accept(record)) byId.set(record.id, record);
  }
  return [...byId.values()].sort(newestFirst).slice(0, Math.max(0, max));
}

export const isUnacknowledged = (record: AlarmRecord): boolean => record.processingState === ALARM_STATES.new;
