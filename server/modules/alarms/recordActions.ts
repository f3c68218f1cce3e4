import type { Kysely } from 'kysely';
import type { AlarmActionKind, AlarmActionResult } from '@shared/schemas';
import type { Database } from '../../db/schema';
import type { AlarmRecords } from '../../alarms/alarmRecords';
import { visibleSubjects, type AlarmVisibility } from '../../alarms/alarmScope';
import { logAlarmAction } from '../../alarms/alarmActionLog';

export type AlarmAction = 'acknowledge' | 'process';
const LOGGED = { acknowledge: 'acknowledged', process: 'processed' } as const satisfies Record<AlarmAction, AlarmActionKind>;

/** Why a record in a given state cannot take the action (undefined: it can). */
function refusal(action: AlarmAction, state: number): string | undefined {
  if (state === 3) return 'already processed';
  if (state === 4) return 'cleared by the system';
  if (action === 'acknowledge' && state === 2) return 'already acknowledged';
  return undefined;
}

/**
 * Acknowledge (1 → 2) or process (1 or 2 → 3) many records at once (alerts/batch), recording who, when
 * and the note (also in the action log, same transaction). Each update is conditional on the state it was read in, so two operators acting on the
 * same record at once cannot both change it.
 */
export async function actOnAlarms(
  db: Kysely<Database>,
  records: AlarmRecords,
  action: AlarmAction,
  body: { ids: number[]; note?: string | undefined },
  username: string,
  visibility: AlarmVisibility | null,
  now = Date.now(),
): Promise<AlarmActionResult> {
  const ids = [...new Set(body.ids)];
  let select = db.selectFrom('alarm_records').select(['id', 'processing_state']).where('id', 'in', ids);
  if (visibility) select = select.where(visibleSubjects(visibility));
  const found = new Map((await select.execute()).map((row) => [row.id, row.processing_state]));
  const result: AlarmActionResult = { changed: [], skipped: [] };
  const fields =
    action === 'acknowledge'
      ? { processing_state: 2, acknowledged_by: username, acknowledged_at: now }
      : { processing_state: 3, processed_by: username, processed_at: now };
  const note = body.note ? { note: body.note } : {};
  for (const id of ids) {
    const state = found.get(id);
    const reason = state === undefined ? 'no such alarm' : refusal(action, state);
    if (reason) {
      result.skipped.push({ id, reason });
      continue;
    }
    const changed = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('alarm_records')
        .set({ ...fields, ...note })
        .where('id', '=', id)
        .where('processing_state', '=', state!)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await logAlarmAction(trx, { recordId: id, action: LOGGED[action], actor: username, note: body.note ?? null, at: now });
      return true;
    });
    if (!changed) {
      result.skipped.push({ id, reason: 'changed by someone else meanwhile' });
      continue;
    }
    records.announce(await records.get(id));
    result.changed.push(id);
  }
  return result;
}
