import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AlarmActionKind, AlarmActionPage, alarmActionQuerySchema, AlarmKind, AlarmSeverity } from '@shared/schemas';
import type { Database } from '../../db/schema';
import { visibleSubjects, type AlarmVisibility } from '../../alarms/alarmScope';

type ActionQuery = z.output<typeof alarmActionQuerySchema>;

/**
 * GET /alarm-actions: the logbook, newest first, each line with its record's kind, severity, subject and
 * message. A user sees the actions of the records it may see (the same visibility as the records list).
 */
export async function listAlarmActions(db: Kysely<Database>, query: ActionQuery, visibility: AlarmVisibility | null): Promise<AlarmActionPage> {
  let select = db.selectFrom('alarm_actions').innerJoin('alarm_records', 'alarm_records.id', 'alarm_actions.record_id');
  if (visibility) select = select.where(visibleSubjects(visibility));
  if (query.action) select = select.where('alarm_actions.action', '=', query.action);
  if (query.kind) select = select.where('alarm_records.kind', '=', query.kind);
  if (query.recordId !== undefined) select = select.where('alarm_actions.record_id', '=', query.recordId);
  // A username, matched exactly: "who did what" in the logbook.
  if (query.actor) select = select.where('alarm_actions.actor', '=', query.actor);
  if (query.from !== undefined) select = select.where('alarm_actions.at', '>=', query.from);
  if (query.to !== undefined) select = select.where('alarm_actions.at', '<=', query.to);
  const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select
    .select([
      'alarm_actions.id',
      'alarm_actions.record_id',
      'alarm_actions.action',
      'alarm_actions.actor',
      'alarm_actions.note',
      'alarm_actions.at',
      'alarm_records.kind',
      'alarm_records.severity',
      'alarm_records.subject_name',
      'alarm_records.message',
    ])
    .orderBy('alarm_actions.at', 'desc')
    .orderBy('alarm_actions.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return {
    total: Number(counted.n),
    rows: rows.map((row) => ({
      id: row.id,
      recordId: row.record_id,
      action: row.action as AlarmActionKind,
      actor: row.actor,
      note: row.note,
      at: Number(row.at),
      kind: row.kind as AlarmKind,
      severity: row.severity as AlarmSeverity,
      subjectName: row.subject_name,
      message: row.message,
    })),
  };
}
