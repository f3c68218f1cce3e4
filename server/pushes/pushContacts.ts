import type { Kysely } from 'kysely';
import type { PushContacts } from '@shared/schemas';
import type { Database } from '../db/schema';
import { smsSentThisMonth } from './smsAllowance';

/** A user's push addresses as stored (JSON text arrays; a broken value reads as none). */
export function addressList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length > 0) : [];
  } catch {
    return [];
  }
}

/** message/personInfo: the users' push e-mails, phones, SMS allowance and what they used this month. */
export async function listPushContacts(db: Kysely<Database>, userIds: number[] | null, now: number, timeZone: string): Promise<PushContacts[]> {
  let select = db.selectFrom('users').select(['id', 'username', 'true_name', 'push_emails', 'push_phones', 'sms_count']);
  if (userIds) select = select.where('id', 'in', userIds.length ? userIds : [-1]);
  const users = await select.orderBy('id').execute();
  const used = await smsSentThisMonth(
    db,
    users.map((u) => u.id),
    now,
    timeZone,
  );
  return users.map((u) => ({
    userId: u.id,
    username: u.username,
    trueName: u.true_name,
    pushEmails: addressList(u.push_emails),
    pushPhones: addressList(u.push_phones),
    smsCount: u.sms_count,
    smsUsedThisMonth: used.get(u.id) ?? 0,
  }));
}
