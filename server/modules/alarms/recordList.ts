import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AlarmRecordPage, alarmRecordQuerySchema, AlarmRepeatCount, AlarmState, repeatCountQuerySchema } from '@shared/schemas';
import type { Database } from '../../db/schema';
import { toAlarmRecord } from '../../alarms/alarmRecords';
import { visibleSubjects, type AlarmVisibility } from '../../alarms/alarmScope';

type RecordQuery = z.output<typeof alarmRecordQuerySchema>;

/** GET /alarm-records: newest first; with `afterId`, the ones after it oldest first (a client catching up). */
export async function listAlarmRecords(db: Kysely<Database>, query: RecordQuery, visibility: AlarmVisibility | null): Promise<AlarmRecordPage> {
  let select = db.selectFrom('alarm_records');
  if (visibility) select = select.where(visibleSubjects(visibility));
  if (query.kind) select = select.where('kind', '=', query.kind);
  if (query.processingState) select = select.where('processing_state', 'in', query.processingState);
  if (query.severity) select = select.where('severity', '=', query.severity);
  if (query.from !== undefined) select = select.where('raised_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('raised_at', '<=', query.to);
  if (query.afterId !== undefined) select = select.where('id', '>', query.afterId);
  if (query.meterId !== undefined) select = select.where('subject_type', '=', 'meter').where('subject_id', '=', query.meterId);
  if (query.departmentId !== undefined) {
    const departmentId = query.departmentId;
    // The department's own alarms and those of its meters.
    select = select.where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'department'), eb('subject_id', '=', departmentId)]),
        eb.and([eb('subject_type', '=', 'meter'), eb('subject_id', 'in', eb.selectFrom('meters').select('id').where('department_id', '=', departmentId))]),
      ]),
    );
  }
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[%_]/g, '')}%`;
    select = select.where((eb) => eb.or([eb('message', 'like', like), eb('subject_name', 'like', like), eb('subject_code', 'like', like)]));
  }
  const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select
    .selectAll()
    .orderBy('id', query.afterId !== undefined ? 'asc' : 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return { total: Number(counted.n), rows: rows.map(toAlarmRecord) };
}

/** POST /alarm-records/repeat-data-count: open (or given) records raised again, and how often. */
export async function repeatCount(
  db: Kysely<Database>,
  query: z.output<typeof repeatCountQuerySchema>,
  visibility: AlarmVisibility | null,
): Promise<AlarmRepeatCount> {
  let select = db
    .selectFrom('alarm_records')
    .select((eb) => [eb.fn.countAll<number>().as('records'), eb.fn.sum<number | null>('repeat_count').as('repeats')])
    .where('processing_state', 'in', query.processingState as AlarmState[])
    .where('repeat_count', '>', 0);
  if (query.kind) select = select.where('kind', '=', query.kind);
  if (visibility) select = select.where(visibleSubjects(visibility));
  const row = await select.executeTakeFirstOrThrow();
  return { records: Number(row.records), repeats: Number(row.repeats ?? 0) };
}
