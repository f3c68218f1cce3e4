import { OPEN_ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';

/**
 * Which meters are in alarm. `alarms:new` delivers one record at a time (raised, acknowledged,
 * processed, cleared): the scene folds them into a ledger of the OPEN meter alarms by record id, so a
 * record that gets processed or cleared leaves the ledger and its meter stops pulsing.
 */

/** Open alarm records kept at most (the oldest go first): a storm of alarms cannot grow a wall's memory. */
export const MAX_OPEN_ALARMS = 500;

export function isOpenMeterAlarm(record: AlarmRecord): boolean {
  return record.subject.type === 'meter' && OPEN_ALARM_STATES.includes(record.processingState);
}

/** The ledger after one record: added or replaced while open, removed once closed. Returns the same map when nothing changed. */
export function foldAlarm(ledger: ReadonlyMap<number, AlarmRecord>, record: AlarmRecord): ReadonlyMap<number, AlarmRecord> {
  const known = ledger.get(record.id);
  if (!isOpenMeterAlarm(record)) {
    if (!known) return ledger;
    const next = new Map(ledger);
    next.delete(record.id);
    return next;
  }
  if (known === record) return ledger;
  const next = new Map(ledger);
  next.set(record.id, record);
  if (next.size > MAX_OPEN_ALARMS) {
    const oldest = [...next.keys()].sort((a, b) => a - b).slice(0, next.size - MAX_OPEN_ALARMS);
    for (const id of oldest) next.delete(id);
  }
  return next;
}

/** Accepts what the channel holds: one record, a batch of records, or nothing. */
export function alarmRecordsOf(value: unknown): AlarmRecord[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter((item): item is AlarmRecord => typeof item === 'object' && item !== null && typeof (item as AlarmRecord).id === 'number' && typeof (item as AlarmRecord).subject === 'object');
}

/** Ids of the meters (among `meterIds` when given) that have at least one open alarm. */
export function metersInAlarm(records: Iterable<AlarmRecord>, meterIds?: ReadonlySet<number>): Set<number> {
  const inAlarm = new Set<number>();
  for (const record of records) {
    if (isOpenMeterAlarm(record) && (!meterIds || meterIds.has(record.subject.id))) inAlarm.add(record.subject.id);
  }
  return inAlarm;
}

/** The open meter alarms to list in the overlay: unacknowledged first, then newest first; only meters in the scene. */
export function overlayAlarms(records: Iterable<AlarmRecord>, meterIds: ReadonlySet<number>): AlarmRecord[] {
  return [...records]
    .filter((record) => isOpenMeterAlarm(record) && meterIds.has(record.subject.id))
    .sort((a, b) => a.processingState - b.processingState || b.raisedAt - a.raisedAt || b.id - a.id);
}
