import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PrepaidAccountsTable, SupplyCommandsTable } from '../../db/prepaidSchema';
import {
  BALANCE_LEVELS,
  COMMAND_ACK_TIMEOUT_MS,
  COMMAND_RETRY_DELAYS_MS,
  commandTopic,
  type CommandAction,
  type CommandCause,
  type SupplyAction,
  type SupplyActionResult,
  type SupplyState,
} from '@shared/prepaid';
import { localPeriods } from '../../metering/calendar';
import { currentRoomMeters } from '../roomMeters';
import type { BalanceChanged, PrepaidEvents } from '../prepaidEvents';
import { dayTypeOf, noCutReason } from './noCutWindow';

type AccountRow = Selectable<PrepaidAccountsTable>;
type CommandRow = Selectable<SupplyCommandsTable>;

/** Where commands go: the embedded broker or the external client (server/mqtt), attached when MQTT starts. */
export interface CommandLink {
  publish(topic: string, payload: string): Promise<void>;
}

/** What a gateway publishes on gateways/{sn}/commands/ack. */
export interface CommandAck {
  commandId: string;
  ok: boolean;
  message?: string;
}

export interface SupplyOptions {
  db: Kysely<Database>;
  timeZone: string;
  events: PrepaidEvents;
  clock?: () => number;
  onError?: (error: unknown) => void;
  /** No ack within this after the first send → resend (default COMMAND_ACK_TIMEOUT_MS). */
  ackTimeoutMs?: number;
  /** The wait after each resend; when used up the command is `unknown` (default COMMAND_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  /** The policy sweep (a no-cut window may have ended): default one minute. */
  sweepMs?: number;
  /** How often due sends and resends are looked for: default one second. */
  tickMs?: number;
  /** An account's supply became cut or on (every command of its latest action acked): the member is told. */
  onSupplyChanged?: (accountId: number, state: 'cut' | 'on') => void;
}

const OPERATOR_SYSTEM = 'system';
const CUT_STATES: readonly string[] = ['cut', 'cutting', 'unknown'];
const OPEN_COMMAND_STATES = ['pending', 'sent'] as const;

/** Account event names written here (account_events.what). */
export const SUPPLY_EVENTS = {
  cut: 'supply_cut',
  restore: 'supply_restore',
  cutBlocked: 'supply_cut_blocked',
  keepOn: 'keep_supply_on',
  keepOff: 'keep_supply_off',
  acked: 'supply_command_acked',
  failed: 'supply_command_failed',
  unknown: 'supply_command_unknown',
} as const;

/**
 * Supply control: decides cut-offs and restores from balance changes (app.prepaid.events) and a minute sweep,
 * writes each command (supply_commands) with its account event, publishes it on gateways/{sn}/commands, resends
 * without an ack and gives up as `unknown`; acks from gateways/{sn}/commands/ack settle the command and the
 * account's supply_state. Safe with several processes: a decision is claimed by a conditional update of the
 * account's supply_state, each send attempt by a conditional update of the command (state, attempts), so one
 * process sends each attempt.
 */
export class SupplyControl {
  private link: CommandLink | null = null;
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly ackTimeoutMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly onError: (error: unknown) => void;
  /** one evaluation at a time per account in this process */
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly pending = new Set<Promise<unknown>>();
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private ticking = false;
  /** published commands' send times, for the announce → publish measurement */
  readonly published: { commandId: string; action: CommandAction; at: number }[] = [];

  constructor(private readonly options: SupplyOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.ackTimeoutMs = options.ackTimeoutMs ?? COMMAND_ACK_TIMEOUT_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? COMMAND_RETRY_DELAYS_MS;
    this.onError = options.onError ?? (() => undefined);
  }

  /** MQTT is up (or down: null): commands are published through it; pending ones go out at once. */
  connect(link: CommandLink | null): void {
    this.link = link;
    if (link) this.track(this.sendDue());
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.options.events.onBalance((change) => this.track(this.onBalance(change)));
    this.timers.push(setInterval(() => this.track(this.sweep()), this.options.sweepMs ?? 60_000));
    this.timers.push(
      setInterval(() => {
        if (this.ticking) return;
        this.ticking = true;
        this.track(this.sendDue().finally(() => (this.ticking = false)));
      }, this.options.tickMs ?? 1_000),
    );
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.idle();
  }

  /** Resolves when every evaluation, send and ack started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(work: Promise<T>): void {
    const guarded = work.catch(this.onError);
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
  }

  /** Runs `work` after the account's previous evaluation in this process. */
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

  async onBalance(change: BalanceChanged): Promise<void> {
    // Why a due cut-off waits is logged when the level changes, not on every hourly charge after it.
    await this.evaluate(change.accountId, change.cause === 'topup' ? 'topup' : 'balance', change.level !== change.previousLevel || change.cause === 'settings');
  }

  /**
   * The cut-off rule for one account, now: a prepaid account in arrears (level 3), keep-supply off, outside its
   * no-cut windows, with supply on → cut (cause balance). Supply cut by the balance (not by an operator) and the
   * balance out of arrears, or keep-supply turned on → restore. `explain`: write why a due cut-off waits
   * (after a balance change, not on every sweep).
   */
  evaluate(accountId: number, restoreCause: CommandCause, explain: boolean): Promise<void> {
    return this.serial(accountId, async () => {
      const now = this.clock();
      const account = await this.db.selectFrom('prepaid_accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
      if (!account || account.state !== 'open') return;
      const level = Number(account.balance_level);
      const state = account.supply_state as SupplyState;
      if (account.billing_mode === 'prepaid' && level === BALANCE_LEVELS.arrears && state === 'on') {
        if (account.keep_supply) {
          if (explain) await this.logEvent(account, SUPPLY_EVENTS.cutBlocked, { reason: 'Keep-supply is on' }, OPERATOR_SYSTEM, now);
          return;
        }
        const why = noCutReason(account, now, this.options.timeZone, await dayTypeOf(this.db, localPeriods(now, this.options.timeZone).day));
        if (why !== null) {
          if (explain) await this.logEvent(account, SUPPLY_EVENTS.cutBlocked, { reason: why }, OPERATOR_SYSTEM, now);
          return;
        }
        await this.issue(account, 'cut', 'balance', '', OPERATOR_SYSTEM, now);
        return;
      }
      if (CUT_STATES.includes(state) && (level < BALANCE_LEVELS.arrears || account.keep_supply || account.billing_mode !== 'prepaid')) {
        const last = await this.lastCommand(accountId);
        if (last && last.action === 'cut' && last.cause === 'balance') await this.issue(account, 'restore', restoreCause, '', OPERATOR_SYSTEM, now);
      }
    });
  }

  /** The minute sweep: accounts whose due cut-off or restore waits (a window ended, a missed event), then due sends. */
  async sweep(): Promise<void> {
    const rows = await this.db
      .selectFrom('prepaid_accounts')
      .select('id')
      .where('state', '=', 'open')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('balance_level', '=', BALANCE_LEVELS.arrears),
            eb('supply_state', '=', 'on'),
            eb('keep_supply', '=', 0),
            eb('billing_mode', '=', 'prepaid'),
          ]),
          eb.and([eb('supply_state', 'in', [...CUT_STATES]), eb.or([eb('balance_level', '<', BALANCE_LEVELS.arrears), eb('keep_supply', '=', 1)])]),
        ]),
      )
      .execute();
    for (const row of rows) await this.evaluate(row.id, 'balance', false);
    await this.sendDue();
  }

  private lastCommand(accountId: number, db: Kysely<Database> = this.db): Promise<CommandRow | undefined> {
    return db
      .selectFrom('supply_commands')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('state', '!=', 'superseded')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * Writes the commands of one action (one per current meter with a gateway), the account's new supply_state
   * and its event, in one transaction claimed by the state the decision was made on. Older open commands of the
   * same meters are superseded. Answers the command ids, or why nothing was sent.
   */
  async issue(
    account: AccountRow,
    action: CommandAction,
    cause: CommandCause,
    reason: string,
    operator: string,
    now: number,
  ): Promise<{ commandIds: string[]; message: string }> {
    const meters = (await currentRoomMeters(this.db, account.room_id, now)).filter((meter) => meter.gatewaySn);
    if (meters.length === 0) return { commandIds: [], message: 'No meter of this room has a gateway' };
    const target: SupplyState = action === 'cut' ? 'cutting' : 'restoring';
    const commandIds = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('prepaid_accounts')
        .set({ supply_state: target, updated_at: now })
        .where('id', '=', account.id)
        .where('supply_state', '=', account.supply_state)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      await trx
        .updateTable('supply_commands')
        .set({ state: 'superseded', next_attempt_at: null })
        .where('account_id', '=', account.id)
        .where('state', 'in', [...OPEN_COMMAND_STATES, 'unknown'])
        .execute();
      const ids: string[] = [];
      for (const meter of meters) {
        const commandId = randomUUID();
        ids.push(commandId);
        await trx
          .insertInto('supply_commands')
          .values({
            owner_user_id: account.owner_user_id,
            command_id: commandId,
            account_id: account.id,
            meter_id: meter.meterId,
            meter_code: meter.meterCode,
            gateway_sn: meter.gatewaySn as string,
            action,
            state: 'pending',
            attempts: 0,
            next_attempt_at: now,
            cause,
            reason,
            operator,
            created_at: now,
          })
          .execute();
      }
      await this.logEvent(
        account,
        action === 'cut' ? SUPPLY_EVENTS.cut : SUPPLY_EVENTS.restore,
        { cause, reason, commandIds: ids, meters: meters.map((meter) => meter.meterCode), balanceMinor: Number(account.balance_minor) },
        operator,
        now,
        trx,
      );
      return ids;
    });
    if (commandIds === null) return { commandIds: [], message: 'The supply state changed meanwhile; try again' };
    await this.sendDue(commandIds);
    return { commandIds, message: action === 'cut' ? 'Cut-off sent' : 'Restore sent' };
  }

  /**
   * Sends what is due: pending commands, and sent ones whose ack did not come in time (resent, or `unknown` once
   * the retries are used up). `only`: just these command ids (right after issuing). Each attempt is claimed by a
   * conditional update so two processes never both send it.
   */
  async sendDue(only?: string[]): Promise<void> {
    const now = this.clock();
    let query = this.db
      .selectFrom('supply_commands')
      .selectAll()
      .where('state', 'in', [...OPEN_COMMAND_STATES])
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(500);
    if (only) query = query.where('command_id', 'in', only);
    for (const command of await query.execute()) {
      const attempts = Number(command.attempts);
      if (command.state === 'sent' && attempts > this.retryDelaysMs.length) {
        await this.giveUp(command, now);
        continue;
      }
      if (!this.link) continue; // MQTT off: the command waits (pending) until a link is connected
      const wait = attempts === 0 ? this.ackTimeoutMs : (this.retryDelaysMs[attempts - 1] as number);
      const claimed = await this.db
        .updateTable('supply_commands')
        .set({ state: 'sent', attempts: attempts + 1, sent_at: now, next_attempt_at: now + wait })
        .where('id', '=', command.id)
        .where('state', '=', command.state)
        .where('attempts', '=', attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const payload = JSON.stringify({
        commandId: command.command_id,
        meter: command.meter_code,
        action: command.action,
        issuedAt: Number(command.created_at),
      });
      try {
        await this.link.publish(commandTopic(command.gateway_sn), payload);
        this.published.push({ commandId: command.command_id, action: command.action as CommandAction, at: this.clock() });
        if (this.published.length > 1000) this.published.splice(0, this.published.length - 1000);
      } catch (error) {
        // Not published: the next attempt follows as if no ack came.
        this.onError(error);
      }
    }
  }

  private async giveUp(command: CommandRow, now: number): Promise<void> {
    const changed = await this.db
      .updateTable('supply_commands')
      .set({ state: 'unknown', next_attempt_at: null, result: `No ack after ${command.attempts} attempts` })
      .where('id', '=', command.id)
      .where('state', '=', 'sent')
      .where('attempts', '=', command.attempts)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return;
    await this.settleAccount(command, SUPPLY_EVENTS.unknown, { commandId: command.command_id, meter: command.meter_code, attempts: command.attempts }, now);
  }

  /** An ack from gateway `sn` (its own commands only): settles the command and, with it, the account's supply state. */
  async handleAck(sn: string, payload: Buffer | string): Promise<boolean> {
    let ack: CommandAck;
    try {
      const parsed = JSON.parse(payload.toString()) as Partial<CommandAck>;
      if (typeof parsed.commandId !== 'string' || typeof parsed.ok !== 'boolean') return false;
      ack = { commandId: parsed.commandId, ok: parsed.ok, ...(typeof parsed.message === 'string' ? { message: parsed.message.slice(0, 200) } : {}) };
    } catch {
      return false;
    }
    const command = await this.db
      .selectFrom('supply_commands')
      .selectAll()
      .where('command_id', '=', ack.commandId)
      .where('gateway_sn', '=', sn)
      .executeTakeFirst();
    if (!command) return false;
    const now = this.clock();
    const state = ack.ok ? 'acked' : 'failed';
    // A late ack after `unknown` still tells what the meter did; a superseded command's ack is only recorded.
    const settles = command.state === 'pending' || command.state === 'sent' || command.state === 'unknown';
    const changed = await this.db
      .updateTable('supply_commands')
      .set({ ...(settles ? { state, next_attempt_at: null } : {}), acked_at: now, result: ack.message ?? (ack.ok ? 'ok' : 'refused') })
      .where('id', '=', command.id)
      .where('state', '=', command.state)
      .executeTakeFirst();
    if (!settles || Number(changed.numUpdatedRows) !== 1) return true;
    await this.settleAccount(
      command,
      ack.ok ? SUPPLY_EVENTS.acked : SUPPLY_EVENTS.failed,
      { commandId: command.command_id, meter: command.meter_code, action: command.action, ...(ack.message ? { message: ack.message } : {}) },
      now,
    );
    return true;
  }

  /**
   * The account's supply_state from its latest action (the commands issued with the newest one): all acked →
   * cut / on; any failed or unknown → unknown; else still cutting / restoring. Logged with the command's outcome.
   */
  private async settleAccount(command: CommandRow, what: string, detail: Record<string, unknown>, now: number): Promise<void> {
    {
      const last = await this.lastCommand(command.account_id);
      const account = await this.db.selectFrom('prepaid_accounts').selectAll().where('id', '=', command.account_id).executeTakeFirst();
      if (!account) return;
      await this.logEvent(account, what, detail, OPERATOR_SYSTEM, now);
      if (!last || last.created_at !== command.created_at || last.action !== command.action) return;
      const batch = await this.db
        .selectFrom('supply_commands')
        .select('state')
        .where('account_id', '=', command.account_id)
        .where('created_at', '=', command.created_at)
        .where('action', '=', command.action)
        .where('state', '!=', 'superseded')
        .execute();
      const states = batch.map((row) => row.state);
      const next: SupplyState = states.every((s) => s === 'acked')
        ? command.action === 'cut'
          ? 'cut'
          : 'on'
        : states.some((s) => s === 'failed' || s === 'unknown')
          ? 'unknown'
          : command.action === 'cut'
            ? 'cutting'
            : 'restoring';
      if (next !== account.supply_state) {
        await this.db.updateTable('prepaid_accounts').set({ supply_state: next, updated_at: now }).where('id', '=', account.id).execute();
        if (next === 'cut' || next === 'on') this.options.onSupplyChanged?.(account.id, next);
      }
    }
  }

  /**
   * By hand, for many accounts (already checked to be in the caller's tree): cut, restore, keep-supply on or off,
   * with a reason. A cut by hand is not held back by a no-cut window (a person decided) but is by keep-supply,
   * and is never restored by a top-up; keep-supply on restores a room cut for its balance.
   */
  async manual(accountIds: readonly number[], action: SupplyAction, reason: string, operator: string): Promise<SupplyActionResult[]> {
    const results: SupplyActionResult[] = [];
    for (const accountId of accountIds) {
      results.push(await this.serial(accountId, () => this.manualOne(accountId, action, reason, operator)));
      if (action === 'keepOn' || action === 'keepOff') await this.evaluate(accountId, 'balance', true);
    }
    return results;
  }

  private async manualOne(accountId: number, action: SupplyAction, reason: string, operator: string): Promise<SupplyActionResult> {
    const now = this.clock();
    const no = (message: string): SupplyActionResult => ({ accountId, ok: false, message, commandIds: [] });
    const account = await this.db.selectFrom('prepaid_accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
    if (!account) return no(`Account ${accountId} was not found`);
    if (account.state !== 'open') return no('The account is closed');
    const state = account.supply_state as SupplyState;
    if (action === 'keepOn' || action === 'keepOff') {
      const keep = action === 'keepOn' ? 1 : 0;
      if (Number(account.keep_supply) === keep) return no(keep ? 'Keep-supply is already on' : 'Keep-supply is already off');
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('prepaid_accounts').set({ keep_supply: keep, updated_at: now }).where('id', '=', accountId).execute();
        await this.logEvent(account, keep ? SUPPLY_EVENTS.keepOn : SUPPLY_EVENTS.keepOff, { reason }, operator, now, trx);
      });
      return { accountId, ok: true, message: keep ? 'Keep-supply is on' : 'Keep-supply is off', commandIds: [] };
    }
    // A cut or restore on its way is not decided again (by another operator, on another process): that would publish a
    // second command and supersede the first. One that failed or got no ack (state `unknown`) may be sent again.
    if (action === 'cut') {
      if (account.keep_supply) return no('Keep-supply is on');
      if (state === 'cut' || state === 'cutting') return no('Supply is already cut');
    } else if (state === 'on' || state === 'restoring') return no('Supply is already on');
    const outcome = await this.issue(account, action, 'operator', reason, operator, now);
    return { accountId, ok: outcome.commandIds.length > 0, message: outcome.message, commandIds: outcome.commandIds };
  }

  private async logEvent(
    account: Pick<AccountRow, 'id' | 'owner_user_id'>,
    what: string,
    detail: Record<string, unknown>,
    operator: string,
    at: number,
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<void> {
    await db
      .insertInto('account_events')
      .values({ owner_user_id: account.owner_user_id, account_id: account.id, at, what, detail: JSON.stringify(detail), operator })
      .execute();
  }
}
