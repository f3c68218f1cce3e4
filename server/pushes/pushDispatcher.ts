import type { Kysely } from 'kysely';
import { ALARM_SEVERITIES, OPEN_ALARM_STATES, type AlarmRecord, type PushTask } from '@shared/schemas';
import type { Database } from '../db/schema';
import type { AlarmEvents } from '../alarms/alarmEvents';
import { departmentWithDescendants, subjectDepartments } from './departmentScope';
import { PushTasks } from './pushTasks';
import { subjectOwner } from '../alarms/alarmScope';
import { inScope, ownerScopeOfUser, type OwnerScope } from '../tenancy/ownerScope';
import { PushTemplates } from './pushTemplates';
import { PushRecords, type NewPushRecord } from './pushRecords';
import { placeholderValues, renderMessage, type RenderedMessage } from './templateRender';
import { addressList } from './pushContacts';
import { allowanceUsedUp, smsCommittedThisMonth } from './smsAllowance';

export interface DispatcherOptions {
  timeZone: string;
  /** New pending records exist: the delivery worker should look now. */
  onRecords: () => void;
  onError: (error: unknown) => void;
  now?: () => number;
}

type Cause = 'raised' | 'repeat';
interface Recipient {
  id: number;
  name: string;
  emails: string[];
  phones: string[];
  smsCount: number;
}

const rank = (severity: string) => ALARM_SEVERITIES.indexOf(severity as (typeof ALARM_SEVERITIES)[number]);

/**
 * Turns alarms into push records. Listens to the alarm events (`raised`; `changed` with a higher repeat
 * count for tasks pushing repeats), matches the enabled push tasks and writes one record per message:
 * e-mail one per push e-mail of each recipient, SMS one per push phone, WeChat one per task and alarm
 * mentioning the recipients' phones. Work runs one alarm at a time (the SMS allowance is counted
 * against records already written) and never throws into the alarm engine.
 */
export class PushDispatcher {
  private readonly tasks: PushTasks;
  private readonly templates: PushTemplates;
  private readonly records: PushRecords;
  private readonly now: () => number;
  private work: Promise<void> = Promise.resolve();
  private detach: (() => void) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: DispatcherOptions,
  ) {
    this.tasks = new PushTasks(db);
    this.templates = new PushTemplates(db);
    this.records = new PushRecords(db);
    this.now = options.now ?? Date.now;
  }

  attach(events: AlarmEvents): void {
    if (this.detach) return;
    const raised = (alarm: AlarmRecord) => this.enqueue(alarm, 'raised');
    // `changed` also follows acknowledgements and endings: only an open record with repeats may be a repeat.
    const changed = (alarm: AlarmRecord) => {
      if (alarm.repeatCount > 0 && OPEN_ALARM_STATES.includes(alarm.processingState)) this.enqueue(alarm, 'repeat');
    };
    events.on('raised', raised).on('changed', changed);
    this.detach = () => events.off('raised', raised).off('changed', changed);
  }

  /** Stops listening and waits for the alarms already taken. */
  async stop(): Promise<void> {
    this.detach?.();
    this.detach = null;
    await this.idle();
  }

  idle(): Promise<void> {
    return this.work;
  }

  private enqueue(alarm: AlarmRecord, cause: Cause): void {
    this.work = this.work
      .then(async () => {
        if ((await this.dispatch(alarm, cause)) > 0) this.options.onRecords();
      })
      .catch((error: unknown) => this.options.onError(error));
  }

  /** Writes the records for one alarm; returns how many. */
  async dispatch(alarm: AlarmRecord, cause: Cause): Promise<number> {
    const tasks = (await this.tasks.enabledFor(alarm.kind)).filter(
      (task) => rank(alarm.severity) >= rank(task.minSeverity) && (cause === 'raised' || task.onRepeat),
    );
    let departments: number[] | undefined;
    let written = 0;
    // A task pushes the alarms of its owner's tree only, whatever its department filter says.
    const owner = await subjectOwner(this.db, alarm.subject);
    const scopes = new Map<number, Promise<OwnerScope>>();
    const scopeOf = (userId: number) => scopes.get(userId) ?? scopes.set(userId, ownerScopeOfUser(this.db, userId)).get(userId)!;
    for (const task of tasks) {
      if (!inScope(await scopeOf(task.ownerUserId), owner)) continue;
      if (task.departmentId !== null) {
        departments ??= await subjectDepartments(this.db, alarm.subject);
        const tree = await departmentWithDescendants(this.db, task.departmentId);
        if (!departments.some((id) => tree.has(id))) continue;
      }
      if (cause === 'repeat' && (await this.records.pushedRepeat(task.id, alarm.id, alarm.repeatCount))) continue;
      const template = await this.templates.resolve(task.templateId, alarm.kind, task.channel);
      const rows = await this.recordsFor(task, alarm, template, await this.recipients(task.recipientIds));
      // Written per task, so the next task's SMS allowance check sees these.
      await this.records.insert(rows);
      written += rows.length;
    }
    return written;
  }

  private async recipients(ids: number[]): Promise<Recipient[]> {
    if (ids.length === 0) return [];
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'true_name', 'push_emails', 'push_phones', 'sms_count'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return users.map((u) => ({
      id: u.id,
      name: u.true_name || u.username,
      emails: addressList(u.push_emails),
      phones: addressList(u.push_phones),
      smsCount: u.sms_count,
    }));
  }

  private async recordsFor(task: PushTask, alarm: AlarmRecord, template: RenderedMessage, recipients: Recipient[]): Promise<NewPushRecord[]> {
    const now = this.now();
    const render = (name: string) => renderMessage(task.channel, template, placeholderValues(alarm, name, this.options.timeZone));
    const base = { task_id: task.id, alarm_id: alarm.id, alarm_repeat: alarm.repeatCount, channel: task.channel, attempts: 0, sent_at: null, created_at: now };
    const pending = { state: 'pending', next_attempt_at: now, last_error: null };
    const skipped = (reason: string) => ({ state: 'skipped', next_attempt_at: null, last_error: reason });

    if (task.channel === 'wechat') {
      // One group message per task and alarm; the recipients with a push phone are mentioned.
      const mentioned = recipients.filter((r) => r.phones.length > 0);
      const names = (mentioned.length > 0 ? mentioned : recipients).map((r) => r.name).join(', ');
      const phones = [...new Set(mentioned.flatMap((r) => r.phones))];
      const state = phones.length > 0 ? pending : skipped('no push phone');
      return [
        {
          ...base,
          ...state,
          recipient_id: recipients.length === 1 ? recipients[0]!.id : null,
          recipient_name: names,
          address: phones.join(','),
          ...render(names),
        },
      ];
    }

    const rows: NewPushRecord[] = [];
    for (const recipient of recipients) {
      const message = render(recipient.name);
      const own = { ...base, recipient_id: recipient.id, recipient_name: recipient.name, ...message };
      const addresses = task.channel === 'email' ? recipient.emails : recipient.phones;
      if (addresses.length === 0) {
        rows.push({ ...own, ...skipped(task.channel === 'email' ? 'no push e-mail' : 'no push phone'), address: '' });
        continue;
      }
      let used = task.channel === 'sms' ? await smsCommittedThisMonth(this.db, recipient.id, now, this.options.timeZone) : 0;
      for (const address of addresses) {
        if (task.channel === 'sms' && used >= recipient.smsCount) {
          rows.push({ ...own, ...skipped(allowanceUsedUp(recipient.smsCount)), address });
          continue;
        }
        used++;
        rows.push({ ...own, ...pending, address });
      }
    }
    return rows;
  }
}
