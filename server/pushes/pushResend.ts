import type { Kysely } from 'kysely';
import type { AlarmActionResult, PushChannel } from '@shared/schemas';
import type { Database } from '../db/schema';
import { addressList } from './pushContacts';
import { PushRecords, type PushRecordRow } from './pushRecords';
import { allowanceUsedUp, smsCommittedThisMonth } from './smsAllowance';

/** Same shape as the alarm actions: what changed, and why the others did not. */
export type ResendResult = AlarmActionResult;

/**
 * POST /api/push-records/resend: failed and skipped records go back to pending for one attempt more. A
 * record skipped for want of an address takes the recipient's current ones (one record each); an SMS
 * still counts against the recipient's monthly allowance. With `owners`, records of another tree's
 * tasks are "no such push record".
 */
export async function resendPushes(db: Kysely<Database>, ids: number[], now: number, timeZone: string, owners: number[] | null = null): Promise<ResendResult> {
  const records = new PushRecords(db);
  const result: ResendResult = { changed: [], skipped: [] };
  for (const id of [...new Set(ids)]) {
    const row = await records.get(id, owners);
    const reason = row ? await refusal(db, row, now, timeZone) : 'no such push record';
    if (reason || !row) {
      result.skipped.push({ id, reason: reason ?? 'no such push record' });
      continue;
    }
    let address = row.address;
    if (!address) {
      const addresses = await currentAddresses(db, row);
      if (addresses.length === 0) {
        result.skipped.push({ id, reason: row.channel === 'email' ? 'no push e-mail' : 'no push phone' });
        continue;
      }
      address = addresses[0]!;
      const { id: _id, ...copy } = row;
      await records.insert(
        addresses.slice(1).map((extra) => ({ ...copy, address: extra, state: 'pending', next_attempt_at: now, last_error: null, created_at: now })),
      );
    }
    await records.settle(id, { state: 'pending', address, next_attempt_at: now });
    result.changed.push(id);
  }
  return result;
}

async function refusal(db: Kysely<Database>, row: PushRecordRow, now: number, timeZone: string): Promise<string | null> {
  if (row.state === 'sent') return 'already sent';
  if (row.state === 'pending') return 'still pending';
  if (row.channel === 'sms' && row.recipient_id !== null) {
    const user = await db.selectFrom('users').select('sms_count').where('id', '=', row.recipient_id).executeTakeFirst();
    const allowance = user?.sms_count ?? 0;
    if ((await smsCommittedThisMonth(db, row.recipient_id, now, timeZone)) >= allowance) return allowanceUsedUp(allowance);
  }
  return null;
}

/** The recipient's push addresses now (WeChat: the task's recipients' phones as one mention list). */
async function currentAddresses(db: Kysely<Database>, row: PushRecordRow): Promise<string[]> {
  const channel = row.channel as PushChannel;
  let userIds = row.recipient_id === null ? [] : [row.recipient_id];
  if (channel === 'wechat' && row.task_id !== null) {
    userIds = (await db.selectFrom('push_task_recipients').select('user_id').where('task_id', '=', row.task_id).execute()).map((r) => r.user_id);
  }
  if (userIds.length === 0) return [];
  const users = await db.selectFrom('users').select(['push_emails', 'push_phones']).where('id', 'in', userIds).orderBy('id').execute();
  if (channel === 'email') return users.flatMap((u) => addressList(u.push_emails));
  const phones = [...new Set(users.flatMap((u) => addressList(u.push_phones)))];
  if (channel === 'wechat') return phones.length > 0 ? [phones.join(',')] : [];
  return phones;
}
