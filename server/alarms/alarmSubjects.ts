import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlarmSubject } from './alarmRecords';

/** Code and display name of what an alarm is about, read when the alarm is raised (rarely). */
export async function alarmSubject(db: Kysely<Database>, type: AlarmSubject['type'], id: number): Promise<AlarmSubject> {
  if (type === 'meter') {
    const meter = await db.selectFrom('meters').select(['code', 'name']).where('id', '=', id).executeTakeFirst();
    return { type, id, code: meter?.code ?? null, name: meter?.name ?? `meter #${id}` };
  }
  if (type === 'gateway') {
    const gateway = await db.selectFrom('gateways').select(['sn', 'name']).where('id', '=', id).executeTakeFirst();
    return { type, id, code: gateway?.sn ?? null, name: gateway?.name ?? `gateway #${id}` };
  }
  const table = type === 'department' ? 'departments' : 'subitems';
  const row = await db.selectFrom(table).select(['code', 'name']).where('id', '=', id).executeTakeFirst();
  return { type, id, code: row?.code ?? null, name: row?.name ?? `${type} #${id}` };
}
