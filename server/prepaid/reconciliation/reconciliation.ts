import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import { inScope, ownerIds, type OwnerScope } from '../../tenancy/ownerScope';
import { addDays, localPeriods } from '../../metering/calendar';
import { runOncePerPeriod, watchLapsedPeriods } from '../../siteSettings/jobClaims';
import type { cashUpSchema, reconciliationQuerySchema, CashUpRow, ReconciliationDay, ReconciliationItem, ReconciliationKind } from '@shared/prepaid';
import { parseTradeBill, minorToYuan } from '../provider/paymentProvider';
import { localDayBounds } from '../payments/paymentRows';
import type { Payments } from '../payments/payments';

export const RECONCILIATION_JOB = 'prepaid-reconciliation';
/** WeChat publishes a day's bill after 10:00 the next day (Beijing time); the run waits for the local hour. */
export const BILL_READY_HOUR = 10;
export const RECONCILIATION_CHECK_MS = 10 * 60_000;

const itemOf = (row: Selectable<Database['reconciliation_items']>): ReconciliationItem => ({
  id: Number(row.id),
  day: row.day,
  kind: row.kind as ReconciliationKind,
  outTradeNo: row.out_trade_no,
  providerTxnId: row.provider_txn_id,
  paymentId: row.payment_id === null ? null : Number(row.payment_id),
  ledgerMinor: row.ledger_minor === null ? null : Number(row.ledger_minor),
  providerMinor: row.provider_minor === null ? null : Number(row.provider_minor),
  reason: row.reason,
  state: row.state as 'open' | 'resolved',
  resolution: row.resolution,
  resolvedBy: row.resolved_by,
  resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
});

const dayOf = (row: Selectable<Database['reconciliation_days']>): ReconciliationDay => ({
  day: row.day,
  state: row.state as 'done' | 'failed',
  providerCount: Number(row.provider_count),
  providerMinor: Number(row.provider_minor),
  ledgerCount: Number(row.ledger_count),
  ledgerMinor: Number(row.ledger_minor),
  differences: Number(row.differences),
  error: row.error,
  runAt: Number(row.run_at),
});

const cashUpOf = (row: Selectable<Database['cash_ups']>): CashUpRow => ({
  id: Number(row.id),
  operator: row.operator,
  day: row.day,
  declaredMinor: Number(row.declared_minor),
  ledgerMinor: Number(row.ledger_minor),
  differenceMinor: Number(row.declared_minor) - Number(row.ledger_minor),
  note: row.note,
  createdAt: Number(row.created_at),
});

/**
 * Reconciliation (/payment-statistics/reconciliation). Online: a local day's provider trade bill (CSV through the
 * adapter) against the wechat payments the ledger credited that day, matched by out_trade_no; each difference is an
 * item (missing_in_ledger, missing_at_provider, amount_mismatch) kept open until a person resolves it with a text
 * (resolved_by/at are the audit). Items are keyed (day, kind, out_trade_no), so a re-run adds only new differences.
 * Counter: an operator's cash-up of a day against the cash and transfer top-ups they took; a difference is a
 * cash_mismatch item. The daily run is claimed once per day across processes (job_claims).
 */
export class Reconciliation {
  private readonly db: Kysely<Database>;
  private readonly timeZone: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly processName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly app: FastifyInstance,
    private readonly payments: Payments,
  ) {
    this.db = app.storage.db;
    this.timeZone = app.serverConfig.timeZone;
  }

  private async fallbackOwner(): Promise<number> {
    const owner = await this.db.selectFrom('users').select('id').where('type', '=', 0).orderBy('id').executeTakeFirst();
    return owner ? Number(owner.id) : 1;
  }

  /** Runs (or re-runs) one day; a provider failure is stored on the day (state failed) and thrown. */
  async run(day: string, now = Date.now()): Promise<ReconciliationDay> {
    const { start, end } = localDayBounds(day, this.timeZone);
    const ledger = await this.db
      .selectFrom('payments')
      .select(['id', 'owner_user_id', 'out_trade_no', 'provider_txn_id', 'amount_minor'])
      .where('channel', '=', 'wechat')
      .where('state', '=', 'paid')
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end)
      .execute();
    let providerRows;
    try {
      providerRows = parseTradeBill(await (await this.payments.provider()).dailyBill(day)).filter((row) => row.tradeState === 'SUCCESS');
    } catch (error) {
      const message = (error as Error).message.slice(0, 300);
      await this.saveDay({
        day,
        state: 'failed',
        provider_count: 0,
        provider_minor: 0,
        ledger_count: ledger.length,
        ledger_minor: ledger.reduce((s, p) => s + Number(p.amount_minor), 0),
        differences: 0,
        error: message,
        run_at: now,
      });
      throw new AppError('PROVIDER_UNAVAILABLE', { message: `The provider's bill of ${day} could not be read: ${message}` });
    }
    const byNo = new Map(ledger.map((payment) => [payment.out_trade_no, payment]));
    const seen = new Set<string>();
    const items: Omit<Selectable<Database['reconciliation_items']>, 'id' | 'resolution' | 'resolved_by' | 'resolved_at'>[] = [];
    const fallback = await this.fallbackOwner();
    for (const row of providerRows) {
      seen.add(row.outTradeNo);
      const paid = byNo.get(row.outTradeNo);
      if (paid) {
        if (Number(paid.amount_minor) !== row.amountMinor)
          items.push({
            owner_user_id: paid.owner_user_id,
            day,
            kind: 'amount_mismatch',
            out_trade_no: row.outTradeNo,
            provider_txn_id: row.transactionId,
            payment_id: paid.id,
            ledger_minor: Number(paid.amount_minor),
            provider_minor: row.amountMinor,
            reason: `The ledger credited ${minorToYuan(Number(paid.amount_minor))}, the provider's bill says ${minorToYuan(row.amountMinor)}`,
            state: 'open',
            created_at: now,
          });
        continue;
      }
      const other = await this.db
        .selectFrom('payments')
        .select(['id', 'owner_user_id', 'state', 'amount_minor'])
        .where('out_trade_no', '=', row.outTradeNo)
        .executeTakeFirst();
      items.push({
        owner_user_id: other?.owner_user_id ?? fallback,
        day,
        kind: 'missing_in_ledger',
        out_trade_no: row.outTradeNo,
        provider_txn_id: row.transactionId,
        payment_id: other ? other.id : null,
        ledger_minor: null,
        provider_minor: row.amountMinor,
        reason: other
          ? `The provider was paid ${minorToYuan(row.amountMinor)} that day; the payment is ${other.state} here and nothing was credited that day`
          : `The provider was paid ${minorToYuan(row.amountMinor)} for an order this site has no payment for`,
        state: 'open',
        created_at: now,
      });
    }
    for (const paid of ledger) {
      if (seen.has(paid.out_trade_no)) continue;
      items.push({
        owner_user_id: paid.owner_user_id,
        day,
        kind: 'missing_at_provider',
        out_trade_no: paid.out_trade_no,
        provider_txn_id: paid.provider_txn_id,
        payment_id: paid.id,
        ledger_minor: Number(paid.amount_minor),
        provider_minor: null,
        reason: `The ledger credited ${minorToYuan(Number(paid.amount_minor))} that day; the provider's bill has no such payment`,
        state: 'open',
        created_at: now,
      });
    }
    for (const item of items) {
      await this.db
        .insertInto('reconciliation_items')
        .values(item)
        .onConflict((oc) => oc.columns(['day', 'kind', 'out_trade_no']).doNothing())
        .execute();
    }
    const saved = {
      day,
      state: 'done',
      provider_count: providerRows.length,
      provider_minor: providerRows.reduce((sum, row) => sum + row.amountMinor, 0),
      ledger_count: ledger.length,
      ledger_minor: ledger.reduce((sum, row) => sum + Number(row.amount_minor), 0),
      differences: items.length,
      error: '',
      run_at: now,
    };
    await this.saveDay(saved);
    return dayOf(saved);
  }

  private async saveDay(row: Selectable<Database['reconciliation_days']>): Promise<void> {
    const { day, ...rest } = row;
    await this.db
      .insertInto('reconciliation_days')
      .values(row)
      .onConflict((oc) => oc.column('day').doUpdateSet(rest))
      .execute();
  }

  async days(query: { page: number; size: number }): Promise<{ list: ReconciliationDay[]; total: number }> {
    const total = await this.db
      .selectFrom('reconciliation_days')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('reconciliation_days')
      .selectAll()
      .orderBy('day', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { list: rows.map(dayOf), total: Number(total.n) };
  }

  async items(scope: OwnerScope, query: z.infer<typeof reconciliationQuerySchema>): Promise<{ list: ReconciliationItem[]; total: number }> {
    let base = this.db.selectFrom('reconciliation_items');
    const owners = ownerIds(scope);
    if (owners) base = base.where('owner_user_id', 'in', owners);
    if (query.day) base = base.where('day', '=', query.day);
    if (query.state) base = base.where('state', '=', query.state);
    if (query.kind) base = base.where('kind', '=', query.kind);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { list: rows.map(itemOf), total: Number(total.n) };
  }

  /** Resolves an open item with how it was settled; who and when are kept. A resolved item stays resolved. */
  async resolve(scope: OwnerScope, id: number, resolution: string, operator: string, now = Date.now()): Promise<ReconciliationItem> {
    const row = await this.db.selectFrom('reconciliation_items').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !inScope(scope, row.owner_user_id)) throw new AppError('NOT_FOUND', { message: `Reconciliation item ${id} was not found` });
    if (row.state === 'resolved') throw new AppError('REVISION_CONFLICT', { message: `Item ${id} was already resolved by ${row.resolved_by ?? 'someone'}` });
    await this.db
      .updateTable('reconciliation_items')
      .set({ state: 'resolved', resolution, resolved_by: operator, resolved_at: now })
      .where('id', '=', id)
      .where('state', '=', 'open')
      .execute();
    return itemOf(await this.db.selectFrom('reconciliation_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  }

  async cashUps(scope: OwnerScope, query: { day?: string }): Promise<CashUpRow[]> {
    let base = this.db.selectFrom('cash_ups').selectAll();
    const owners = ownerIds(scope);
    if (owners) base = base.where('owner_user_id', 'in', owners);
    if (query.day) base = base.where('day', '=', query.day);
    return (await base.orderBy('day', 'desc').orderBy('operator').limit(500).execute()).map(cashUpOf);
  }

  /**
   * The caller's cash-up of a day: what they counted against the counter top-ups (cash and transfer) they took that
   * day, less their counter refunds that succeeded that day. Declaring again replaces the figure; a difference opens
   * (or updates) one cash_mismatch item per operator and day, and matching figures close nothing by themselves.
   */
  async declareCashUp(scope: OwnerScope, operator: string, body: z.infer<typeof cashUpSchema>, now = Date.now()): Promise<CashUpRow> {
    const { start, end } = localDayBounds(body.day, this.timeZone);
    const owners = ownerIds(scope);
    let topups = this.db
      .selectFrom('payments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('sum'))
      .where('channel', 'in', ['cash', 'transfer'])
      .where('state', '=', 'paid')
      .where('operator', '=', operator)
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end);
    if (owners) topups = topups.where('owner_user_id', 'in', owners);
    let refunds = this.db
      .selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refunds.amount_minor'), eb.lit(0)).as('sum'))
      .where('payments.channel', 'in', ['cash', 'transfer'])
      .where('refunds.state', '=', 'success')
      .where('refunds.operator', '=', operator)
      .where('refunds.done_at', '>=', start)
      .where('refunds.done_at', '<', end);
    if (owners) refunds = refunds.where('refunds.owner_user_id', 'in', owners);
    const ledgerMinor = Number((await topups.executeTakeFirstOrThrow()).sum) - Number((await refunds.executeTakeFirstOrThrow()).sum);
    await this.db
      .insertInto('cash_ups')
      .values({
        owner_user_id: scope.home,
        operator,
        day: body.day,
        declared_minor: body.declaredMinor,
        ledger_minor: ledgerMinor,
        note: body.note,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['operator', 'day']).doUpdateSet({ declared_minor: body.declaredMinor, ledger_minor: ledgerMinor, note: body.note, created_at: now }),
      )
      .execute();
    const key = `cash:${operator}`;
    if (body.declaredMinor !== ledgerMinor) {
      const reason = `${operator} declared ${minorToYuan(body.declaredMinor)} for ${body.day}; their counter top-ups in the ledger come to ${minorToYuan(ledgerMinor)}`;
      await this.db
        .insertInto('reconciliation_items')
        .values({
          owner_user_id: scope.home,
          day: body.day,
          kind: 'cash_mismatch',
          out_trade_no: key,
          provider_txn_id: null,
          payment_id: null,
          ledger_minor: ledgerMinor,
          provider_minor: body.declaredMinor,
          reason,
          state: 'open',
          created_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['day', 'kind', 'out_trade_no']).doUpdateSet({
            ledger_minor: ledgerMinor,
            provider_minor: body.declaredMinor,
            reason,
            state: 'open',
            resolution: '',
            resolved_by: null,
            resolved_at: null,
          }),
        )
        .execute();
    }
    return cashUpOf(await this.db.selectFrom('cash_ups').selectAll().where('operator', '=', operator).where('day', '=', body.day).executeTakeFirstOrThrow());
  }

  /** Yesterday's run, once per day across processes, after the provider's bill is out. */
  async runDaily(now = Date.now()): Promise<boolean> {
    const clock = localPeriods(now, this.timeZone);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: this.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
    if (hour < BILL_READY_HOUR) return false;
    const day = addDays(clock.day, -1);
    // A provider failure is stored on the day (state failed) and the day counts as done: a person re-runs it.
    const claimed = await runOncePerPeriod(
      this.db,
      RECONCILIATION_JOB,
      day,
      this.processName,
      () => this.run(day, now).catch((error) => this.app.log.warn({ err: error, day }, 'reconciliation failed')),
      now,
    );
    return claimed.ran;
  }

  /**
   * Checks a few seconds after start, then every `intervalMs`, and at once when yesterday's run claimed by a
   * process that died has lapsed (a select every few seconds), so another process finishes it within ~25 s.
   */
  start(intervalMs = RECONCILIATION_CHECK_MS, firstAfterMs = 5_000): void {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.runDaily()
        .catch((error) => this.app.log.warn({ err: error }, 'reconciliation check failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref?.();
    const first = setTimeout(tick, firstAfterMs);
    first.unref();
    const unwatch = watchLapsedPeriods(this.db, [RECONCILIATION_JOB], tick, (error) => this.app.log.warn({ err: error }, 'reconciliation check failed'));
    this.stopWatching = () => {
      clearTimeout(first);
      unwatch();
    };
  }

  private stopWatching: () => void = () => undefined;

  async stop(): Promise<void> {
    this.stopWatching();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
