import type { Kysely } from 'kysely';
import { pushTaskSchema, type AlarmKind, type PushChannel } from '@shared/schemas';
import type { Database } from '../db/schema';
import { addressList } from './pushContacts';
import { PushTasks } from './pushTasks';
import { PushTemplates } from './pushTemplates';
import type { OwnerScope } from '../tenancy/ownerScope';

export const DEMO_PUSH_TASK = 'Alarms to the administrator (e-mail)';

/** What each alarm kind is about, as the templates' first words say it. */
const KIND_TITLES: Record<AlarmKind, string> = {
  device: 'Threshold exceeded',
  error: 'Implausible reading',
  trouble: 'Gateway silent',
  offline: 'Meter offline',
  balance: 'Low balance',
};
const KIND_ADVICE: Record<AlarmKind, string> = {
  device: 'Check the load on site; the alarm ends by itself once the value is back under the limit.',
  error: 'The reading waits in Base data › Review: accept it or leave it out.',
  trouble: 'Check the gateway’s power and network; its meters report again when it is back.',
  offline: 'Check the meter’s wiring and its gateway; the alarm clears when readings return.',
  balance: 'The room’s balance is low or in arrears; the alarm clears when a top-up brings it back above level 1.',
};
const CHANNEL_NAMES: Record<PushChannel, string> = { email: 'e-mail', sms: 'SMS', wechat: 'WeChat' };

function templateText(kind: AlarmKind, channel: PushChannel): { subject: string; body: string } {
  const title = KIND_TITLES[kind];
  if (channel === 'email')
    return {
      subject: `[{{severity}}] ${title}: {{subject}}`,
      body: [
        'Hello {{recipient}},',
        '',
        `${title} on {{subject}} ({{subjectCode}}): {{message}}`,
        '',
        `Severity: {{severity}}`,
        'Raised at: {{raisedAt}}',
        'Alarm #{{alarmId}}',
        '',
        KIND_ADVICE[kind],
      ].join('\n'),
    };
  if (channel === 'sms') return { subject: '', body: `${title}: {{subject}}, {{message}} ({{raisedAt}})` };
  return { subject: '', body: `[{{severity}}] ${title} on {{subject}}: {{message}} ({{raisedAt}}, alarm #{{alarmId}})` };
}

/**
 * One template per alarm kind and channel, each made the kind's default for its channel where no default
 * is set yet (an administrator's choice is kept). Through PushTemplates, so placeholders are checked.
 */
export async function createDemoTemplates(db: Kysely<Database>, ownerUserId: number): Promise<number> {
  const templates = new PushTemplates(db);
  const { defaults } = await templates.defaults();
  const chosen: { kind: AlarmKind; channel: PushChannel; templateId: number }[] = [];
  for (const { kind, channel, templateId } of defaults) {
    const made = await templates.create({ name: `${KIND_TITLES[kind]} (${CHANNEL_NAMES[channel]})`, channel, ...templateText(kind, channel) }, ownerUserId);
    if (templateId === null) chosen.push({ kind, channel, templateId: made.id });
  }
  await templates.saveDefaults({ defaults: chosen });
  return defaults.length;
}

/**
 * One e-mail task to the administrator for alarms of medium severity and up, left disabled: the e-mail
 * channel has no SMTP server until someone sets it (Messaging › E-mail & test send; the console says so beside
 * the task). The administrator's push e-mail is its account e-mail when it has none.
 */
export async function createDemoPushTask(db: Kysely<Database>, owner: OwnerScope, adminId: number): Promise<number> {
  const admin = await db.selectFrom('users').select(['email', 'push_emails']).where('id', '=', adminId).executeTakeFirstOrThrow();
  if (addressList(admin.push_emails).length === 0 && admin.email)
    await db
      .updateTable('users')
      .set({ push_emails: JSON.stringify([admin.email]) })
      .where('id', '=', adminId)
      .execute();
  const body = pushTaskSchema.parse({
    name: DEMO_PUSH_TASK,
    enabled: false,
    channel: 'email',
    kinds: ['device', 'error', 'trouble', 'offline'],
    minSeverity: 'medium',
    recipientIds: [adminId],
  });
  return (await new PushTasks(db).create(body, owner)).id;
}
