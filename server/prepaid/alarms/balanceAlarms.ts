import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AlarmSeverity } from '@shared/schemas';
import { BALANCE_ALARM_KIND, type BalanceLevel } from '@shared/prepaid';
import type { AlarmRecords } from '../../alarms/alarmRecords';
import type { BalanceChanged, PrepaidEvents } from '../prepaidEvents';
import { moneyText, NOTICE_OF_LEVEL, renderNotice, type BalanceNotice, type NoticeLanguage } from './balanceTemplates';

const SEVERITY: Record<Exclude<BalanceLevel, 0>, AlarmSeverity> = { 1: 'medium', 2: 'high', 3: 'critical' };
const LEVEL_WORDS: Record<Exclude<BalanceLevel, 0>, string> = { 1: 'under level 1', 2: 'under level 2', 3: 'in arrears' };

export interface BalanceAlarmOptions {
  db: Kysely<Database>;
  records: AlarmRecords;
  events: PrepaidEvents;
  clock?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Balance alarms (kind `balance`, subject the room) follow an account's level: a new level 1, 2 or arrears
 * clears the open record of the previous level and raises one at the new level (severity medium, high,
 * critical), so each level change is one alarm the operators' push tasks see; back to normal clears it.
 * The open record's id is kept on the account (balance_alarm_id), changed by a conditional update so two
 * processes never both raise. The member gets one SMS and one e-mail per level change (and per cut-off and
 * restore), in the site's default language, through the push records the delivery worker sends.
 */
export class BalanceAlarms {
  private unsubscribe: (() => void) | null = null;
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly clock: () => number;

  constructor(private readonly options: BalanceAlarmOptions) {
    this.clock = options.clock ?? Date.now;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.options.events.onBalance((change) => {
      if (change.level === change.previousLevel) return;
      this.track(this.serial(change.accountId, () => this.onLevel(change)));
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.idle();
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** The supply of an account was cut or restored (acked): tell the member. */
  supplyChanged(accountId: number, notice: 'cut' | 'restore'): void {
    this.track(this.serial(accountId, () => this.notifyMember(accountId, notice)));
  }

  private track(work: Promise<unknown>): void {
    const guarded = work.catch((error: unknown) => this.options.onError?.(error));
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
  }

  private serial<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(accountId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.chains.set(accountId, settled);
    void settled.then(() => {
      if (this.chains.get(accountId) === settled) this.chains.delete(accountId);
    });
    return next;
  }

  /** Brings the account's balance alarm to its current level (read again: events may arrive late). */
  async onLevel(change: Pick<BalanceChanged, 'accountId'>): Promise<void> {
    const { db, records } = this.options;
    const now = this.clock();
    const account = await this.accountOf(change.accountId);
    if (!account) return;
    const level = Number(account.balance_level) as BalanceLevel;
    const openId = account.balance_alarm_id;
    const open =
      openId === null
        ? undefined
        : await db.selectFrom('alarm_records').select(['id', 'processing_state', 'severity']).where('id', '=', openId).executeTakeFirst();
    const openStill = open && (open.processing_state === 1 || open.processing_state === 2);
    if (level === 0) {
      if (openId === null) return;
      const claimed = await db
        .updateTable('prepaid_accounts')
        .set({ balance_alarm_id: null })
        .where('id', '=', account.id)
        .where('balance_alarm_id', '=', openId)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1 && openStill) await records.clear(openId, now);
      return;
    }
    if (openStill && open.severity === SEVERITY[level]) return; // already at this level
    const room = `${account.room_code}${account.building || account.number ? ` (${[account.building, account.floor, account.number].filter(Boolean).join(' ')})` : ''}`;
    const threshold = level === 1 ? account.alarm1_minor : level === 2 ? account.alarm2_minor : -account.credit_limit_minor;
    // The previous level's record is cleared first (raise would otherwise count a repeat on it).
    if (openStill) await records.clear(openId as number, now);
    const raised = await records.raise({
      kind: BALANCE_ALARM_KIND,
      severity: SEVERITY[level],
      subject: { type: 'room', id: account.room_id, code: account.room_code, name: room },
      ruleId: 0,
      metric: 'balance',
      value: Number(account.balance_minor) / 100,
      limit: threshold / 100,
      message: `Balance ${moneyText(Number(account.balance_minor), account.currency)} ${LEVEL_WORDS[level]} (${moneyText(threshold, account.currency)})`,
      at: now,
    });
    const swapped = await db
      .updateTable('prepaid_accounts')
      .set({ balance_alarm_id: raised.id })
      .where('id', '=', account.id)
      .where((eb) => (openId === null ? eb('balance_alarm_id', 'is', null) : eb('balance_alarm_id', '=', openId)))
      .executeTakeFirst();
    if (Number(swapped.numUpdatedRows) !== 1) return;
    await this.notifyMember(account.id, NOTICE_OF_LEVEL[level]);
  }

  private accountOf(accountId: number) {
    return this.options.db
      .selectFrom('prepaid_accounts')
      .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
      .leftJoin('members', 'members.id', 'prepaid_accounts.member_id')
      .select([
        'prepaid_accounts.id',
        'prepaid_accounts.room_id',
        'prepaid_accounts.balance_level',
        'prepaid_accounts.balance_minor',
        'prepaid_accounts.balance_alarm_id',
        'prepaid_accounts.alarm1_minor',
        'prepaid_accounts.alarm2_minor',
        'prepaid_accounts.credit_limit_minor',
        'prepaid_accounts.currency',
        'rooms.code as room_code',
        'rooms.building',
        'rooms.floor',
        'rooms.number',
        'members.name as member_name',
        'members.phone as member_phone',
        'members.email as member_email',
      ])
      .where('prepaid_accounts.id', '=', accountId)
      .executeTakeFirst();
  }

  /** One SMS (member phone) and one e-mail (member e-mail), each only when the member has that address. */
  private async notifyMember(accountId: number, notice: BalanceNotice): Promise<void> {
    const { db } = this.options;
    const account = await this.accountOf(accountId);
    if (!account || !account.member_name) return;
    const site = await db.selectFrom('site_settings').select('default_language').where('id', '=', 1).executeTakeFirst();
    const language: NoticeLanguage = site?.default_language === 'zh' || site?.default_language === 'es' ? site.default_language : 'en';
    const threshold = notice === 'level1' ? account.alarm1_minor : notice === 'level2' ? account.alarm2_minor : -account.credit_limit_minor;
    const text = renderNotice(language, notice, {
      room: account.room_code,
      balance: moneyText(Number(account.balance_minor), account.currency),
      threshold: moneyText(threshold, account.currency),
    });
    const now = this.clock();
    const targets = [
      { channel: 'sms', address: account.member_phone ?? '' },
      { channel: 'email', address: account.member_email ?? '' },
    ].filter((target) => target.address !== '');
    for (const target of targets) {
      await db
        .insertInto('push_records')
        .values({
          task_id: null,
          alarm_id: account.balance_alarm_id,
          channel: target.channel,
          recipient_id: null,
          recipient_name: account.member_name,
          address: target.address,
          subject: text.subject,
          body: text.body,
          state: 'pending',
          next_attempt_at: now,
          last_error: null,
          sent_at: null,
          created_at: now,
        })
        .execute();
    }
  }
}
