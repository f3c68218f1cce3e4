import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { localPeriods } from '../metering/calendar';
import './templateRender'; // extends dayjs with utc and timezone

/** Epoch ms at which the calendar month containing `now` starts in `timeZone`. */
export function monthStart(now: number, timeZone: string): number {
  return dayjs.tz(`${localPeriods(now, timeZone).month}-01 00:00:00`, timeZone).valueOf();
}

/** SMS pushes sent to each user this calendar month (message/personInfo's "used"). */
export async function smsSentThisMonth(db: Kysely<Database>, userIds: number[], now: number, timeZone: string): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('push_records')
    .select((eb) => ['recipient_id', eb.fn.countAll<number>().as('n')])
    .where('channel', '=', 'sms')
    .where('state', '=', 'sent')
    .where('sent_at', '>=', monthStart(now, timeZone))
    .where('recipient_id', 'in', userIds)
    .groupBy('recipient_id')
    .execute();
  return new Map(rows.map((r) => [r.recipient_id as number, Number(r.n)]));
}

/**
 * What counts against a user's monthly allowance: SMS sent this month plus those still pending (they
 * will be sent), so a burst of alarms cannot queue past the allowance.
 */
export async function smsCommittedThisMonth(db: Kysely<Database>, userId: number, now: number, timeZone: string): Promise<number> {
  const sent = (await smsSentThisMonth(db, [userId], now, timeZone)).get(userId) ?? 0;
  const pending = await db
    .selectFrom('push_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel', '=', 'sms')
    .where('state', '=', 'pending')
    .where('recipient_id', '=', userId)
    .executeTakeFirstOrThrow();
  return sent + Number(pending.n);
}

export const allowanceUsedUp = (allowance: number): string => `monthly SMS allowance used up (${allowance})`;
