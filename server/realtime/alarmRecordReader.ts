import type { Kysely } from 'kysely';
import { ALARM_STATES, OPEN_ALARM_STATES } from '@shared/schemas/alarms';
import type { Database } from '../db/schema';
import { toAlarmRecord } from '../alarms/alarmRecords';
import { alarmVisibility, subjectOwner, visibleSubjects, type AlarmVisibility } from '../alarms/alarmScope';
import type { AlarmRecordReader } from './alarmSource';

/** A user's tree is reused this long, so a burst of alarms costs one lookup per user. */
const VISIBILITY_TTL_MS = 5_000;

/** The reconnect catch-up of `alarms:new` and the `alarms:open` snapshot, restricted like the alarm lists (server/alarms/alarmScope). */
export function alarmRecordReader(db: Kysely<Database>, now: () => number = Date.now): AlarmRecordReader {
  const cached = new Map<number, { at: number; visibility: Promise<AlarmVisibility | null> }>();
  const visibilityOf = (userId: number) => {
    const hit = cached.get(userId);
    if (hit && now() - hit.at < VISIBILITY_TTL_MS) return hit.visibility;
    const visibility = alarmVisibility(db, userId);
    cached.set(userId, { at: now(), visibility });
    return visibility;
  };
  return {
    async after(afterId, userId, limit) {
      const visibility = await alarmVisibility(db, userId ?? undefined);
      let select = db.selectFrom('alarm_records').selectAll().where('id', '>', afterId).orderBy('id', 'desc').limit(limit);
      if (visibility) select = select.where(visibleSubjects(visibility));
      return (await select.execute()).reverse().map(toAlarmRecord);
    },
    async unacknowledged(userId, limit) {
      const visibility = await alarmVisibility(db, userId ?? undefined);
      let select = db.selectFrom('alarm_records').selectAll().where('processing_state', '=', ALARM_STATES.new).orderBy('id', 'desc').limit(limit);
      if (visibility) select = select.where(visibleSubjects(visibility));
      return (await select.execute()).reverse().map(toAlarmRecord);
    },
    async open(userId, limit) {
      const visibility = await alarmVisibility(db, userId ?? undefined);
      let select = db
        .selectFrom('alarm_records')
        .selectAll()
        .where('processing_state', 'in', [...OPEN_ALARM_STATES])
        .orderBy('raised_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (visibility) select = select.where(visibleSubjects(visibility));
      return (await select.execute()).map(toAlarmRecord);
    },
    async newestId() {
      const row = await db
        .selectFrom('alarm_records')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },
    async visibleTo(record, userId) {
      const visibility = await visibilityOf(userId);
      if (!visibility) return true;
      const owner = await subjectOwner(db, record.subject);
      return owner !== undefined && visibility.owners.includes(owner);
    },
  };
}
