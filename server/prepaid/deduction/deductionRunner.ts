import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { DbKind } from '../../db/connect';
import type { Database } from '../../db/schema';
import { localPeriods } from '../../metering/calendar';
import { runOncePerPeriod, watchLapsedPeriods } from '../../siteSettings/jobClaims';
import type { TariffBook } from '../../tariffs/tariffBook';
import { postEntries, postEntriesMany, type EntryWrite, type Posting, type PostResult } from '../ledger';
import type { BalanceCause } from '../prepaidEvents';
import { roomMeterSpans, type RoomMeterSpan } from '../roomMeters';
import { adjustKey, energyCharges, HOUR_MS, hourEntries, itemsOfHour, type ChargeItem, type HourStarts } from './hourCharges';

export interface DeductionOptions {
  db: Kysely<Database>;
  dbKind: DbKind;
  timeZone: string;
  /** the tariff book in force (app.tariffs.book) */
  book: () => Promise<TariffBook>;
  /** after commit: app.prepaid.events.announce */
  announce: (result: PostResult, cause: BalanceCause, at: number) => void;
  /** SQLite: the raw connection, whose file names the process-wide writer turn */
  sqlite?: SqliteDatabase.Database | undefined;
  onError?: (error: unknown) => void;
  /** an hour is charged once it ended this long ago, so its last readings have landed (2 minutes) */
  graceMs?: number;
  /** account-hours per transaction (200) */
  batchSize?: number;
  /** how many charged hours back the adjust pass looks (48) */
  adjustHours?: number;
  /** tests: called inside the transaction after each account-hour is charged (throw to simulate a crash) */
  afterAccountHour?: (accountId: number, hourStart: number) => void;
}

/** What one run did (POST /api/prepaid/deductions/run answers it). */
export interface DeductionRun {
  /** accounts charged for at least one hour */
  accounts: number;
  /** account-hours charged now (an hour another process charged first is not counted) */
  hours: number;
  /** ledger entries posted: charges, fees and adjustments */
  entries: number;
  /** adjustment entries among them */
  adjustments: number;
  ms: number;
}

const ACCOUNT_CHUNK = 500;
const ID_CHUNK = 500;
/** the widest span of hours read at once for a chunk of accounts (a long catch-up goes window by window) */
const WINDOW_MS = 24 * HOUR_MS;
export const ADJUST_JOB = 'prepaid-adjust';

interface OpenAccount {
  id: number;
  ownerUserId: number;
  roomId: number;
  chargedUntil: number;
  /** the first hour this run still has to look at */
  next: number;
}

interface HourWork {
  accountId: number;
  ownerUserId: number;
  hourStart: number;
  energyMilli: number;
  amountMinor: number;
  entries: EntryWrite[];
}

interface AdjustWork {
  accountId: number;
  hourStart: number;
  n: number;
  energyMilli: number;
  /** change of the hour's charged amount (positive: more charged) */
  amountMinor: number;
  entries: EntryWrite[];
}

/** One SQLite file has one writer: runners of several apps in one process (tests, benches) take turns before taking it. */
const sqliteTurns = new Map<string, Promise<unknown>>();

/**
 * The hourly deduction. Each run charges every open account's hours from `charged_until` up to the last complete
 * local hour (its end at least `graceMs` ago), never before the hour the account was opened in, then (once per
 * local hour, claimed across processes) re-prices the last `adjustHours` charged hours and posts the differences
 * late readings made as `adjustment` entries.
 *
 * Exactly once per room-hour: the hour's `deduction_hours` row (primary key account + hour) is inserted in the
 * same transaction as that hour's ledger entries and the move of `charged_until`. A second process (or a rerun
 * after a crash) inserting the same row gets nothing back (ON CONFLICT DO NOTHING … RETURNING) and posts
 * nothing for it; a crash rolls the whole batch back, so the next run charges it again, once. The ledger's
 * idempotency keys (`charge:…`, `fee:…`, `adjust:…`) are a second guard.
 */
export class DeductionRunner {
  readonly processName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly graceMs: number;
  private readonly batchSize: number;
  private readonly adjustHours: number;

  constructor(private readonly options: DeductionOptions) {
    this.graceMs = options.graceMs ?? 120_000;
    this.batchSize = options.batchSize ?? 200;
    this.adjustHours = options.adjustHours ?? 48;
  }

  /** Charges what is due at `now`, then adjusts (once per local hour across processes, or when `adjust` says so). */
  async runDue(now = Date.now(), adjust?: boolean): Promise<DeductionRun> {
    const started = performance.now();
    const book = await this.options.book();
    const run: DeductionRun = { accounts: 0, hours: 0, entries: 0, adjustments: 0, ms: 0 };
    await this.charge(now, book, run);
    const hourKey = String(localPeriods(now, this.options.timeZone).hourStart);
    if (adjust === true) await this.adjust(now, book, run);
    else if (adjust === undefined) await runOncePerPeriod(this.options.db, ADJUST_JOB, hourKey, this.processName, () => this.adjust(now, book, run), now);
    run.ms = Math.round(performance.now() - started);
    return run;
  }

  /** Runs every `everyMs` (one run at a time); the first run a few seconds after start. */
  start(everyMs = 60_000, firstAfterMs = 5_000): void {
    if (this.timer) return;
    const tick = () => {
      this.running ??= this.runDue()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.running = null;
        });
    };
    const first = setTimeout(tick, firstAfterMs);
    first.unref();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
    // An hour's adjust pass whose process died mid-way is taken over within seconds, not at the next minute's run.
    const unwatch = watchLapsedPeriods(this.options.db, [ADJUST_JOB], tick, (error) => this.options.onError?.(error));
    this.stopFirst = () => {
      clearTimeout(first);
      unwatch();
    };
  }

  private stopFirst: () => void = () => undefined;

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopFirst();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  // ---- charging ----

  private async charge(now: number, book: TariffBook, run: DeductionRun): Promise<void> {
    const { db, timeZone } = this.options;
    const until = localPeriods(now - this.graceMs, timeZone).hourStart;
    const rows = await db
      .selectFrom('prepaid_accounts')
      .select(['id', 'owner_user_id', 'room_id', 'charged_until', 'opened_at'])
      .where('state', '=', 'open')
      .where('charged_until', '<', until)
      .orderBy('id')
      .execute();
    const charged = new Set<number>();
    for (let i = 0; i < rows.length; i += ACCOUNT_CHUNK) {
      const accounts: OpenAccount[] = rows.slice(i, i + ACCOUNT_CHUNK).map((row) => {
        const chargedUntil = Number(row.charged_until);
        const openedHour = localPeriods(Number(row.opened_at), timeZone).hourStart;
        return { id: row.id, ownerUserId: row.owner_user_id, roomId: row.room_id, chargedUntil, next: Math.max(chargedUntil, openedHour) };
      });
      const items = await this.itemsOf(accounts.map((a) => a.id));
      for (;;) {
        const pending = accounts.filter((account) => account.next < until);
        if (pending.length === 0) break;
        const from = Math.min(...pending.map((account) => account.next));
        const to = Math.min(until, from + WINDOW_MS);
        const inWindow = pending.filter((account) => account.next < to);
        const { spans, intervals } = await this.energyOf(
          inWindow.map((a) => a.roomId),
          from,
          to,
        );
        const work: HourWork[] = [];
        for (const account of inWindow) {
          const accountItems = items.get(account.id) ?? [];
          const roomSpans = spans.get(account.roomId) ?? [];
          for (let hour = account.next; hour < to; hour += HOUR_MS) {
            const hourItems = itemsOfHour(accountItems, hour);
            const charges = energyCharges(hour, hourItems, roomSpans, intervals, book);
            const entries = hourEntries(account.id, hour, hourItems, charges, this.startsOf(hour));
            work.push({
              accountId: account.id,
              ownerUserId: account.ownerUserId,
              hourStart: hour,
              energyMilli: charges.reduce((sum, charge) => sum + charge.energyMilli, 0),
              amountMinor: -entries.reduce((sum, entry) => sum + entry.amountMinor, 0),
              entries,
            });
          }
          account.next = to;
        }
        for (let b = 0; b < work.length; b += this.batchSize) await this.commitHours(work.slice(b, b + this.batchSize), now, run, charged);
      }
    }
    run.accounts = charged.size;
  }

  private async commitHours(batch: HourWork[], now: number, run: DeductionRun, charged: Set<number>): Promise<void> {
    const { dbKind } = this.options;
    const results: PostResult[] = [];
    let hours = 0;
    let entries = 0;
    await this.inTransaction(async (trx) => {
      results.length = 0;
      hours = 0;
      entries = 0;
      // The claim comes first: on SQLite the transaction's first statement takes the write lock.
      const claimed = new Set<string>();
      for (let i = 0; i < batch.length; i += ID_CHUNK) {
        const rows = await trx
          .insertInto('deduction_hours')
          .values(
            batch.slice(i, i + ID_CHUNK).map((work) => ({
              account_id: work.accountId,
              hour_start: work.hourStart,
              owner_user_id: work.ownerUserId,
              energy_milli: work.energyMilli,
              amount_minor: work.amountMinor,
              adjustments: 0,
              charged_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['account_id', 'hour_start']).doNothing())
          .returning(['account_id', 'hour_start'])
          .execute();
        for (const row of rows) claimed.add(`${row.account_id}:${Number(row.hour_start)}`);
      }
      const advance = new Map<number, number>();
      const postings: Posting[] = [];
      for (const work of batch) {
        advance.set(work.accountId, Math.max(advance.get(work.accountId) ?? 0, work.hourStart + HOUR_MS));
        if (!claimed.has(`${work.accountId}:${work.hourStart}`)) continue;
        hours++;
        charged.add(work.accountId);
        if (work.entries.length > 0) postings.push({ accountId: work.accountId, entries: work.entries });
        this.options.afterAccountHour?.(work.accountId, work.hourStart);
      }
      // All the batch's entries in a few multi-row statements (one statement set per account was the run's cost).
      for (const result of await postEntriesMany(trx, dbKind, postings, now)) {
        entries += result.posted;
        results.push(result);
      }
      const byTarget = new Map<number, number[]>();
      for (const [accountId, target] of advance) byTarget.set(target, [...(byTarget.get(target) ?? []), accountId]);
      for (const [target, ids] of byTarget) {
        for (let i = 0; i < ids.length; i += ID_CHUNK) {
          await trx
            .updateTable('prepaid_accounts')
            .set({ charged_until: target })
            .where('id', 'in', ids.slice(i, i + ID_CHUNK))
            .where('charged_until', '<', target)
            .execute();
        }
      }
    });
    run.hours += hours;
    run.entries += entries;
    for (const result of results) this.options.announce(result, 'charge', now);
  }

  // ---- adjusting ----

  /** Re-prices the last `adjustHours` charged hours of every open account and posts the differences. */
  private async adjust(now: number, book: TariffBook, run: DeductionRun): Promise<void> {
    const { db } = this.options;
    const rows = await db.selectFrom('prepaid_accounts').select(['id', 'room_id', 'charged_until']).where('state', '=', 'open').orderBy('id').execute();
    for (let i = 0; i < rows.length; i += ACCOUNT_CHUNK) {
      const accounts = rows.slice(i, i + ACCOUNT_CHUNK);
      const ids = accounts.map((a) => a.id);
      const items = await this.itemsOf(ids, true);
      const withEnergy = accounts.filter((a) => items.get(a.id)?.length);
      if (withEnergy.length === 0) continue;
      const to = Math.max(...withEnergy.map((a) => Number(a.charged_until)));
      const from = Math.min(...withEnergy.map((a) => Number(a.charged_until))) - this.adjustHours * HOUR_MS;
      const energyIds = withEnergy.map((a) => a.id);
      const hourRows = await db
        .selectFrom('deduction_hours')
        .select(['account_id', 'hour_start', 'adjustments'])
        .where('account_id', 'in', energyIds)
        .where('hour_start', '>=', from)
        .where('hour_start', '<', to)
        .execute();
      if (hourRows.length === 0) continue;
      /** account:hour → item:band → what is posted for it (charges and earlier adjustments) */
      const posted = new Map<string, Map<string, { amount: number; energy: number }>>();
      const postedRows = await db
        .selectFrom('ledger_entries')
        .select((eb) => [
          'account_id',
          'hour_start',
          'item_id',
          'band',
          eb.fn.sum<number>('amount_minor').as('amount'),
          eb.fn.sum<number>('energy_milli').as('energy'),
        ])
        .where('account_id', 'in', energyIds)
        .where('hour_start', '>=', from)
        .where('hour_start', '<', to)
        .where('kind', 'in', ['charge', 'adjustment'])
        .where('band', 'is not', null)
        .groupBy(['account_id', 'hour_start', 'item_id', 'band'])
        .execute();
      for (const row of postedRows) {
        const key = `${row.account_id}:${Number(row.hour_start)}`;
        let hour = posted.get(key);
        if (!hour) posted.set(key, (hour = new Map()));
        hour.set(`${row.item_id}:${row.band}`, { amount: Number(row.amount), energy: Number(row.energy ?? 0) });
      }
      const byAccount = new Map(withEnergy.map((a) => [a.id, a]));
      const { spans, intervals } = await this.energyOf(
        withEnergy.map((a) => a.room_id),
        from,
        to,
      );
      const work: AdjustWork[] = [];
      for (const hourRow of hourRows) {
        const account = byAccount.get(hourRow.account_id)!;
        const hour = Number(hourRow.hour_start);
        if (hour < Number(account.charged_until) - this.adjustHours * HOUR_MS) continue;
        const hourItems = itemsOfHour(items.get(account.id) ?? [], hour);
        const expected = energyCharges(hour, hourItems, spans.get(account.room_id) ?? [], intervals, book);
        const keys = new Map<string, { itemId: number; band: string; amount: number; energy: number }>();
        for (const charge of expected)
          keys.set(`${charge.itemId}:${charge.band}`, { itemId: charge.itemId, band: charge.band, amount: -charge.amountMinor, energy: charge.energyMilli });
        const had = posted.get(`${account.id}:${hour}`) ?? new Map<string, { amount: number; energy: number }>();
        // A band charged before but with no energy now (a reading taken back) is adjusted to zero; an item no longer active is left alone.
        const active = new Set(hourItems.map((item) => item.id));
        for (const key of had.keys()) {
          const [itemText = '', band = ''] = key.split(':');
          const itemId = Number(itemText);
          if (active.has(itemId) && !keys.has(key)) keys.set(key, { itemId, band, amount: 0, energy: 0 });
        }
        const n = Number(hourRow.adjustments) + 1;
        const entries: EntryWrite[] = [];
        let energy = 0;
        let amount = 0;
        for (const [key, want] of keys) {
          const have = had.get(key) ?? { amount: 0, energy: 0 };
          const dAmount = want.amount - have.amount;
          const dEnergy = want.energy - have.energy;
          if (dAmount === 0 && dEnergy === 0) continue;
          energy += dEnergy;
          amount -= dAmount;
          entries.push({
            kind: 'adjustment',
            amountMinor: dAmount,
            idemKey: adjustKey(account.id, hour, want.itemId, want.band, n),
            operator: 'system',
            reason: 'Late or corrected readings',
            hourStart: hour,
            itemId: want.itemId,
            band: want.band,
            energyMilli: dEnergy,
          });
        }
        if (entries.length > 0) work.push({ accountId: account.id, hourStart: hour, n, energyMilli: energy, amountMinor: amount, entries });
      }
      for (let b = 0; b < work.length; b += this.batchSize) await this.commitAdjustments(work.slice(b, b + this.batchSize), now, run);
    }
  }

  private async commitAdjustments(batch: AdjustWork[], now: number, run: DeductionRun): Promise<void> {
    const { dbKind } = this.options;
    const results: PostResult[] = [];
    let entries = 0;
    await this.inTransaction(async (trx) => {
      results.length = 0;
      entries = 0;
      for (const work of batch) {
        // The hour's adjustment counter is the claim: a second process computing the same nth adjustment updates nothing.
        const claim = await trx
          .updateTable('deduction_hours')
          .set((eb) => ({
            adjustments: work.n,
            energy_milli: eb('energy_milli', '+', work.energyMilli),
            amount_minor: eb('amount_minor', '+', work.amountMinor),
          }))
          .where('account_id', '=', work.accountId)
          .where('hour_start', '=', work.hourStart)
          .where('adjustments', '=', work.n - 1)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) continue;
        const result = await postEntries(trx, dbKind, work.accountId, work.entries, now);
        entries += result.posted;
        results.push(result);
      }
    });
    run.entries += entries;
    run.adjustments += entries;
    for (const result of results) this.options.announce(result, 'adjustment', now);
  }

  // ---- reading ----

  /** Active charging items per account (energy and fixed fees; only energy ones for the adjust pass). */
  private async itemsOf(accountIds: number[], energyOnly = false): Promise<Map<number, ChargeItem[]>> {
    const out = new Map<number, ChargeItem[]>();
    for (let i = 0; i < accountIds.length; i += ID_CHUNK) {
      const rows = await this.options.db
        .selectFrom('account_items')
        .select(['id', 'account_id', 'kind', 'energy_type', 'tariff_id', 'amount_minor', 'created_at'])
        .where('account_id', 'in', accountIds.slice(i, i + ID_CHUNK))
        .where('active', '=', 1)
        .where('kind', 'in', energyOnly ? ['energy'] : ['energy', 'fixed_daily', 'fixed_monthly'])
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const list = out.get(row.account_id) ?? [];
        list.push({
          id: row.id,
          kind: row.kind,
          energyType: row.energy_type,
          tariffId: row.tariff_id,
          amountMinor: Number(row.amount_minor),
          createdAt: Number(row.created_at),
        });
        out.set(row.account_id, list);
      }
    }
    return out;
  }

  /** The rooms' meter spans and those meters' 15-minute energy in [from, to), in a few queries for many rooms. */
  private async energyOf(roomIds: number[], from: number, to: number) {
    const spans = new Map<number, RoomMeterSpan[]>();
    for (let i = 0; i < roomIds.length; i += ID_CHUNK) {
      for (const span of await roomMeterSpans(this.options.db, roomIds.slice(i, i + ID_CHUNK), from, to)) {
        spans.set(span.roomId, [...(spans.get(span.roomId) ?? []), span]);
      }
    }
    const meterIds = [...new Set([...spans.values()].flat().map((span) => span.meterId))];
    const intervals = new Map<number, Map<number, number>>();
    for (let i = 0; i < meterIds.length; i += ID_CHUNK) {
      const rows = await this.options.db
        .selectFrom('energy_intervals')
        .select(['meter_id', 'start', 'energy'])
        .where('meter_id', 'in', meterIds.slice(i, i + ID_CHUNK))
        .where('start', '>=', from)
        .where('start', '<', to)
        .execute();
      for (const row of rows) {
        let meter = intervals.get(row.meter_id);
        if (!meter) intervals.set(row.meter_id, (meter = new Map()));
        meter.set(Number(row.start), Number(row.energy));
      }
    }
    return { spans, intervals };
  }

  private readonly startsCache = new Map<number, HourStarts>();

  private startsOf(hour: number): HourStarts {
    let starts = this.startsCache.get(hour);
    if (!starts) {
      const here = localPeriods(hour, this.options.timeZone);
      const before = localPeriods(hour - 1, this.options.timeZone);
      starts = { day: here.day, month: here.month, dayStarts: here.day !== before.day, monthStarts: here.month !== before.month };
      if (this.startsCache.size > 10_000) this.startsCache.clear();
      this.startsCache.set(hour, starts);
    }
    return starts;
  }

  private async inTransaction(work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    const { db, dbKind, sqlite } = this.options;
    if (dbKind !== 'sqlite') return db.transaction().execute(work);
    const file = sqlite?.name ?? 'sqlite';
    const before = sqliteTurns.get(file) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => db.transaction().execute(work));
    sqliteTurns.set(
      file,
      mine.catch(() => undefined),
    );
    return mine;
  }
}
