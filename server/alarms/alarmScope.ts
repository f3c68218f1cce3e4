import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ownerIds, ownerScopeOfUser, type OwnerScope } from '../tenancy/ownerScope';
import type { AlarmSubject } from './alarmRecords';

/**
 * What a user may see of the alarms: those whose subject (meter, department, sub-item, gateway or room) belongs
 * to the user's tree (server/tenancy). Admins see everything: `null` means no restriction.
 */
export interface AlarmVisibility {
  /** The owners whose subjects are visible. */
  owners: number[];
}

const SUBJECT_TABLES = { meter: 'meters', department: 'departments', subitem: 'subitems', gateway: 'gateways', room: 'rooms' } as const;

export function visibilityOf(scope: OwnerScope): AlarmVisibility | null {
  const owners = ownerIds(scope);
  return owners === null ? null : { owners };
}

/** The visibility of a user known by id (realtime rooms, counts); undefined: no restriction. */
export async function alarmVisibility(db: Kysely<Database>, userId: number | undefined): Promise<AlarmVisibility | null> {
  if (userId === undefined) return null;
  return visibilityOf(await ownerScopeOfUser(db, userId));
}

/** A where-clause restricting alarm_records to a visibility (call only when it is not null). */
export function visibleSubjects(visibility: AlarmVisibility) {
  return (eb: ExpressionBuilder<Database, 'alarm_records'>) => {
    // Nothing visible: a condition no row meets.
    if (visibility.owners.length === 0) return eb('alarm_records.id', '<', 0);
    const owned = (table: (typeof SUBJECT_TABLES)[keyof typeof SUBJECT_TABLES]) =>
      eb.selectFrom(table).select('id').where('owner_user_id', 'in', visibility.owners);
    const of = (type: keyof typeof SUBJECT_TABLES) =>
      eb.and([eb('alarm_records.subject_type', '=', type), eb('alarm_records.subject_id', 'in', owned(SUBJECT_TABLES[type]))]);
    return eb.or([of('meter'), of('department'), of('subitem'), of('gateway'), of('room')]);
  };
}

/** The owner of an alarm's subject; undefined when the subject no longer exists. */
export async function subjectOwner(db: Kysely<Database>, subject: Pick<AlarmSubject, 'type' | 'id'>): Promise<number | undefined> {
  const table = SUBJECT_TABLES[subject.type];
  const row = await db.selectFrom(table).select('owner_user_id').where('id', '=', subject.id).executeTakeFirst();
  return row ? Number(row.owner_user_id) : undefined;
}
