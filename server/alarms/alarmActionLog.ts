import type { Kysely } from 'kysely';
import type { AlarmActionKind } from '@shared/schemas';
import type { Database } from '../db/schema';

export interface AlarmActionWrite {
  recordId: number;
  action: AlarmActionKind;
  /** Username of the person; null for the system (raised, repeated, ended, cleared). */
  actor?: string | null;
  note?: string | null;
  at: number;
}

/**
 * One line in the alarm logbook. Called with the transaction that changes the record, so the log
 * never shows a change that did not happen, nor misses one that did.
 */
export async function logAlarmAction(db: Kysely<Database>, entry: AlarmActionWrite): Promise<void> {
  await db
    .insertInto('alarm_actions')
    .values({ record_id: entry.recordId, action: entry.action, actor: entry.actor ?? null, note: entry.note ?? null, at: entry.at })
    .execute();
}
