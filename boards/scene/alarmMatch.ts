import { OPEN_ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';

/**
 * Which meters are in alarm. The scene reads `alarms:open`, the wall's whole list of open records (the
 * app's AlarmStore, fed by the server's snapshot and changes), so a view mounted late still pulses every
 * meter whose alarm is open, acknowledged ones included; these helpers pick the meter alarms out of that list.
 */

export function isOpenMeterAlarm(record: AlarmRecord): boolean {
  return record.subject.type === 'meter' && OPEN_ALARM_STATES.includes(record.processingState);
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
