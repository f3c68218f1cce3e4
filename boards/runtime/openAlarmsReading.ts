import type { AlarmRecord } from '@shared/schemas/alarms';

/**
 * The open-alarm list itself lives in the shared AlarmStore (shared/stores/alarmStore.ts: one meaning of
 * "open" for the console and the walls); this file only reads an `alarms:open` reading for a widget.
 */
const NO_ALARMS: readonly AlarmRecord[] = Object.freeze([]);

/** The records of an `alarms:open` reading; one shared empty list before any (memoised views stay put). */
export function openAlarmsOf(value: unknown): readonly AlarmRecord[] {
  return Array.isArray(value) ? (value as AlarmRecord[]) : NO_ALARMS;
}
