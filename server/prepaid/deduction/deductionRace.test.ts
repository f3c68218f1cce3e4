import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { DeductionRunner, type DeductionOptions } from './deductionRunner';
import { at, FLAT, HOUR, prepaidKit, TZ } from './deductionKit.test-util';

// Twelve rooms fed by M013 (1 kWh a quarter: 4 kWh an hour), on an all-day flat tariff of 0.50 and a daily fee of 3.00,
// each opened 2026-11-10 00:00 with 200.00 topped up. Hand count per room and day: 24 hours × 4 × 0.50 = 24 × 2.00
// = 48.00, plus the fee 3.00 at 00:00 → 51.00 (5100) a day: 24 charge entries and 1 fee entry.
const ROOMS = 12;
const DAY_MINOR = 5100;
let t: TestApp;
let second: FastifyInstance;
let kit: ReturnType<typeof prepaidKit>;
const accounts: number[] = [];

function runnerOn(app: FastifyInstance, extra: Partial<DeductionOptions> = {}): DeductionRunner {
  return new DeductionRunner({
    db: app.storage.db,
    dbKind: app.storage.kind,
    timeZone: TZ,
    book: () => app.tariffs.book(),
    announce: () => undefined,
    sqlite: app.storage.sqlite,
    batchSize: 5,
    ...extra,
  });
}

/** Per account: the hours charged in a day, the sum of its charges and fees that day, and whether anything was charged twice. */
async function day(accountId: number, dayStart: number) {
  const entries = (await kit.entries(accountId)).filter(
    (entry) => entry.kind !== 'topup' && Number(entry.hour_start) >= dayStart && Number(entry.hour_start) < dayStart + 24 * HOUR,
  );
  const hours = (await kit.hours(accountId)).filter((row) => Number(row.hour_start) >= dayStart && Number(row.hour_start) < dayStart + 24 * HOUR);
  const chargesPerHour = new Map<number, number>();
  for (const entry of entries.filter((e) => e.kind === 'charge'))
    chargesPerHour.set(Number(entry.hour_start), (chargesPerHour.get(Number(entry.hour_start)) ?? 0) + 1);
  return {
    hours: hours.length,
    charges: chargesPerHour.size,
    twice: [...chargesPerHour.values()].filter((n) => n > 1).length,
    fees: entries.filter((e) => e.kind === 'fee').length,
    minor: entries.reduce((sum, entry) => sum - Number(entry.amount_minor), 0),
    hourRowsMinor: hours.reduce((sum, row) => sum + Number(row.amount_minor), 0),
  };
}

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  // A second server process on the same database (same SQLite file, or the same PostgreSQL schema).
  second = await buildApp(t.config, { logger: false, ...(t.app.storage.schema ? { postgresSchema: t.app.storage.schema } : {}) });
  await t.app.prepaid.deduction.stop();
  await second.prepaid.deduction.stop();
  kit = prepaidKit(t.app.storage.db, t.app.storage.kind);
  await kit.clearTariffs();
  const flat = await kit.tariff('Flat', FLAT);
  await t.app.tariffs.reload();
  await second.tariffs.reload();
  const meter = await kit.meter('M013');
  for (let i = 0; i < ROOMS; i++) {
    const made = await kit.account({
      meterIds: [meter],
      from: at('2026-11-01T00:00:00'),
      openedAt: at('2026-11-10T00:00:00'),
      tariffId: flat,
      dailyFeeMinor: 300,
      topupMinor: 20_000,
    });
    accounts.push(made.account);
  }
  const readings = Array.from({ length: 2 * 96 + 1 }, (_, q) => ({ meter: 'M013', ts: at('2026-11-10T00:00:00') + q * 900_000, values: { kwh: 500 + q } }));
  const outcome = await t.app.ingest.submit({ readings }, { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' });
  expect(outcome).toMatchObject({ accepted: readings.length, rejected: [] });
}, 120_000);
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('exactly once per room-hour', () => {
  it('two processes racing over the same hours charge every hour once', async () => {
    const here = runnerOn(t.app);
    const there = runnerOn(second);
    const now = at('2026-11-11T00:05:00');
    const runs = await Promise.all([here.runDue(now, false), there.runDue(now, false), here.runDue(now, false), there.runDue(now, false)]);
    // Every account-hour is counted by the one run that claimed it.
    expect(runs.reduce((sum, run) => sum + run.hours, 0)).toBe(ROOMS * 24);
    for (const account of accounts) {
      expect(await day(account, at('2026-11-10T00:00:00'))).toEqual({ hours: 24, charges: 24, twice: 0, fees: 1, minor: DAY_MINOR, hourRowsMinor: DAY_MINOR });
      expect(await kit.balance(account)).toEqual({
        balanceMinor: 20_000 - DAY_MINOR,
        ledgerSumMinor: 20_000 - DAY_MINOR,
        chained: true,
        chargedUntil: at('2026-11-11T00:00:00'),
      });
    }
  });

  it('a crash in the middle of a run rolls back its batch; the rerun charges the rest once, with no gap', async () => {
    let charged = 0;
    // 12 rooms × 24 hours in batches of 7; the 31st account-hour throws: batches 1–4 (28 account-hours) are committed.
    const crashing = runnerOn(t.app, {
      batchSize: 7,
      afterAccountHour: () => {
        if (++charged === 31) throw new Error('crash');
      },
    });
    const now = at('2026-11-12T00:05:00');
    await expect(crashing.runDue(now, false)).rejects.toThrow('crash');
    const committed = await t.app.storage.db.selectFrom('deduction_hours').select('account_id').where('hour_start', '>=', at('2026-11-11T00:00:00')).execute();
    expect(committed).toHaveLength(28);
    // Committed hours have their entries, nothing else does: each hour row's amount is what its entries charged.
    for (const account of accounts) {
      const part = await day(account, at('2026-11-11T00:00:00'));
      expect(part.minor).toBe(part.hourRowsMinor);
      expect(part.charges).toBe(part.hours);
      const balance = await kit.balance(account);
      expect(balance.balanceMinor).toBe(balance.ledgerSumMinor);
    }
    // The rerun, by the other process, racing this one.
    const runs = await Promise.all([runnerOn(second).runDue(now, false), runnerOn(t.app).runDue(now, false)]);
    expect(runs.reduce((sum, run) => sum + run.hours, 0)).toBe(ROOMS * 24 - 28);
    for (const account of accounts) {
      expect(await day(account, at('2026-11-11T00:00:00'))).toEqual({ hours: 24, charges: 24, twice: 0, fees: 1, minor: DAY_MINOR, hourRowsMinor: DAY_MINOR });
      expect(await kit.balance(account)).toEqual({
        balanceMinor: 20_000 - 2 * DAY_MINOR,
        ledgerSumMinor: 20_000 - 2 * DAY_MINOR,
        chained: true,
        chargedUntil: at('2026-11-12T00:00:00'),
      });
    }
  });
});
