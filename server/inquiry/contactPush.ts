import type { Kysely } from 'kysely';
import type { ContactMessage } from '@shared/schemas/inquiry';
import type { PushChannel } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { ChannelSettingsStore } from '../pushes/channelSettings';
import { addressList } from '../pushes/pushContacts';
import { PushRecords, type NewPushRecord } from '../pushes/pushRecords';
import { allowanceUsedUp, smsCommittedThisMonth } from '../pushes/smsAllowance';
import { ADMIN_ROLE } from '../seed/roles';

/** The channel a contact message goes out on: the first one configured and switched on, e-mail first. */
const CHANNEL_ORDER: readonly PushChannel[] = ['email', 'wechat', 'sms'];
/** SMS and WeChat texts are short: the message is cut, the screen keeps all of it. */
const SHORT_TEXT = 300;

interface Admin {
  id: number;
  name: string;
  emails: string[];
  phones: string[];
  smsCount: number;
}

/** The enabled administrators (by role, spec §6) with their push addresses. */
async function administrators(db: Kysely<Database>): Promise<Admin[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.id', 'users.username', 'users.true_name', 'users.push_emails', 'users.push_phones', 'users.sms_count'])
    .where('roles.name', '=', ADMIN_ROLE)
    .where('users.status', '=', 1)
    .orderBy('users.id')
    .execute();
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => ({
      id: row.id,
      name: row.true_name || row.username,
      emails: addressList(row.push_emails),
      phones: addressList(row.push_phones),
      smsCount: row.sms_count,
    }));
}

/** The message as plain text, as every channel sends it. */
export function contactText(message: ContactMessage, sender: string): { subject: string; body: string } {
  return {
    subject: `Contact message: ${message.subject}`,
    body: `From ${message.name} <${message.email}> (user ${sender})\n\n${message.message}`,
  };
}

/**
 * Writes the push records that carry one contact message to the administrators, on the first channel
 * that is configured and enabled: e-mail one record per push e-mail of each administrator, SMS one per
 * push phone (within the monthly allowance), WeChat one group message mentioning their phones. An
 * administrator without an address for the channel gets a skipped record saying so, as alarm pushes
 * do. The delivery worker sends them (retries and provider calls included). No channel ready: none.
 */
export async function queueContactPushes(
  db: Kysely<Database>,
  settings: ChannelSettingsStore,
  message: ContactMessage,
  sender: string,
  timeZone: string,
  now = Date.now(),
): Promise<number> {
  let channel: PushChannel | undefined;
  for (const candidate of CHANNEL_ORDER) {
    if ((await settings.config(candidate))?.enabled) {
      channel = candidate;
      break;
    }
  }
  if (!channel) return 0;
  const admins = await administrators(db);
  if (admins.length === 0) return 0;
  const text = contactText(message, sender);
  const short = text.body.length > SHORT_TEXT ? `${text.body.slice(0, SHORT_TEXT - 1)}…` : text.body;
  const base = { task_id: null, alarm_id: null, alarm_repeat: 0, channel, attempts: 0, sent_at: null, created_at: now };
  const pending = { state: 'pending', next_attempt_at: now, last_error: null };
  const skipped = (reason: string) => ({ state: 'skipped', next_attempt_at: null, last_error: reason });
  const rows: NewPushRecord[] = [];

  if (channel === 'wechat') {
    const phones = [...new Set(admins.flatMap((admin) => admin.phones))];
    rows.push({
      ...base,
      ...(phones.length ? pending : skipped('no push phone')),
      recipient_id: admins.length === 1 ? admins[0]!.id : null,
      recipient_name: admins.map((admin) => admin.name).join(', '),
      address: phones.join(','),
      subject: text.subject,
      body: short,
    });
  } else {
    for (const admin of admins) {
      const own = { ...base, recipient_id: admin.id, recipient_name: admin.name, subject: text.subject, body: channel === 'email' ? text.body : short };
      const addresses = channel === 'email' ? admin.emails : admin.phones;
      if (addresses.length === 0) {
        rows.push({ ...own, ...skipped(channel === 'email' ? 'no push e-mail' : 'no push phone'), address: '' });
        continue;
      }
      let used = channel === 'sms' ? await smsCommittedThisMonth(db, admin.id, now, timeZone) : 0;
      for (const address of addresses) {
        if (channel === 'sms' && used >= admin.smsCount) {
          rows.push({ ...own, ...skipped(allowanceUsedUp(admin.smsCount)), address });
          continue;
        }
        used++;
        rows.push({ ...own, ...pending, address });
      }
    }
  }
  await new PushRecords(db).insert(rows);
  return rows.filter((row) => row.state === 'pending').length;
}
