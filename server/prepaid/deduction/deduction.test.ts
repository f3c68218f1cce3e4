import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { DeductionRunner } from './deductionRunner';
import { at, HOUR, prepaidKit, TOU, TZ } from './deductionKit.test-util';

let t: TestApp;
let kit: ReturnType<typeof prepaidKit>;
let runner: DeductionRunner;
let token: string;
let a: Awaited<ReturnType<ReturnType<typeof prepaidKit>['account']>>;
let b: Awaited<ReturnType<ReturnType<typeof prepaidKit>['account']>>;
const announced: { accountId: number; cause: string; posted: number }[] = [];

const ingest = async (meter: string, points: [string, number][]) => {
  const outcome = await t.app.ingest.submit(
    { readings: points.map(([time, kwh]) => ({ meter, ts: at(time), values: { kwh } })) },
    { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' },
  );
  expect(outcome).toMatchObject({ accepted: points.length, rejected: [] });
};

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  await t.app.prepaid.deduction.stop(); // this file drives its own runner at chosen instants
  token = await loginAs(t.app);
  kit = prepaidKit(t.app.storage.db, t.app.storage.kind);
  await kit.clearTariffs();
  const tou = await kit.tariff('Test TOU', TOU);
  await t.app.tariffs.reload();
  runner = new DeductionRunner({
    db: t.app.storage.db,
    dbKind: t.app.storage.kind,
    timeZone: TZ,
    book: () => t.app.tariffs.book(),
    announce: (result, cause) => announced.push({ accountId: result.accountId, cause, posted: result.posted }),
    sqlite: t.app.storage.sqlite,
  });
  // Room A: meter M011, opened 2026-11-09 23:30 (charged from 23:00), energy on TOU and a daily fee of 5.00, 100.00 topped up.
  a = await kit.account({
    meterIds: [await kit.meter('M011')],
    from: at('2026-11-01T00:00:00'),
    openedAt: at('2026-11-09T23:30:00'),
    tariffId: tou,
    dailyFeeMinor: 500,
    topupMinor: 10_000,
  });
  // Room B: meter M012, opened 2026-11-10 10:05 (charged from 10:00), energy only, 100.00 topped up.
  b = await kit.account({
    meterIds: [await kit.meter('M012')],
    from: at('2026-11-01T00:00:00'),
    openedAt: at('2026-11-10T10:05:00'),
    tariffId: tou,
    topupMinor: 10_000,
  });
  // M011: 1.25 kWh every quarter hour from 2026-11-09 23:00 to 2026-11-11 00:00 (register 1000 → 1125): 5 kWh an hour.
  const points: [string, number][] = [];
  for (let q = 0; q <= 100; q++) {
    const ts = at('2026-11-09T23:00:00') + q * 900_000;
    points.push([new Date(ts + 8 * HOUR).toISOString().slice(0, 19), 1000 + q * 1.25]);
  }
  await ingest('M011', points);
  // M012: one register step 10:20 → 10:40 of 10 kWh across the flat/peak edge at 10:30.
  await ingest('M012', [
    ['2026-11-10T10:20:00', 200],
    ['2026-11-10T10:40:00', 210],
  ]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('hourly deduction', () => {
  it('charges a day of hours across bands with the daily fee, each entry rounded once (hand-computed)', async () => {
    // Room A, 25 hours 2026-11-09 23:00 … 2026-11-10 23:00, 5 kWh each; each entry = energy × price rounded half away from zero:
    //   valley 5 × 0.3125 = 1.5625 → 1.56;  flat 5 × 0.6543 = 3.2715 → 3.27;  peak 5 × 1.0789 = 5.3945 → 5.39
    //   hour 10:00: flat 2.5 × 0.6543 = 1.63575 → 1.64 and peak 2.5 × 1.0789 = 2.69725 → 2.70
    //   11-09 23:00 flat 327 (no fee: the opening day's first charged hour is 23:00, not midnight)
    //   11-10: 00–07 valley 8 × 156 = 1248; 08–09 flat 2 × 327 = 654; 10:00 164 + 270 = 434; 11–16 peak 6 × 539 = 3234;
    //          17–23 flat 7 × 327 = 2289; the daily fee 500 at 00:00                       → 8359
    //   total 327 + 8359 = 8686; balance 10000 − 8686 = 1314
    // Room B, hours 10:00 … 23:00 (14), only 10:00 has energy: the 10 kWh step 10:20 → 10:40 is spread pro rata by time,
    //   5 kWh in the 10:15 quarter (flat) and 5 kWh in the 10:30 quarter (peak): 327 + 539 = 866; balance 9134.
    const run = await runner.runDue(at('2026-11-11T00:05:00'), true);
    expect(run).toMatchObject({ accounts: 2, hours: 25 + 14, entries: 27 + 2, adjustments: 0 });

    const hoursA = await kit.hours(a.account);
    expect(hoursA).toHaveLength(25);
    expect(Number(hoursA[0]!.hour_start)).toBe(at('2026-11-09T23:00:00'));
    expect(Number(hoursA[24]!.hour_start)).toBe(at('2026-11-10T23:00:00'));
    expect(hoursA.reduce((sum, row) => sum + Number(row.amount_minor), 0)).toBe(8686);
    expect(hoursA.reduce((sum, row) => sum + Number(row.energy_milli), 0)).toBe(125_000);
    const entriesA = await kit.entries(a.account);
    const charges = entriesA.filter((entry) => entry.kind !== 'topup');
    expect(charges).toHaveLength(27);
    const ten = charges.filter((entry) => Number(entry.hour_start) === at('2026-11-10T10:00:00'));
    expect(ten.map((entry) => [entry.kind, entry.band, Number(entry.energy_milli), Number(entry.amount_minor), entry.idem_key])).toEqual([
      ['charge', 'flat', 2500, -164, `charge:${a.account}:${at('2026-11-10T10:00:00')}:${a.energyItem}:flat`],
      ['charge', 'peak', 2500, -270, `charge:${a.account}:${at('2026-11-10T10:00:00')}:${a.energyItem}:peak`],
    ]);
    const fees = charges.filter((entry) => entry.kind === 'fee');
    expect(fees.map((entry) => [Number(entry.hour_start), Number(entry.amount_minor), entry.idem_key])).toEqual([
      [at('2026-11-10T00:00:00'), -500, `fee:${a.account}:${a.feeItem}:2026-11-10`],
    ]);
    const byBand = (band: string) => charges.filter((entry) => entry.band === band).reduce((sum, entry) => sum + Number(entry.amount_minor), 0);
    expect([byBand('valley'), byBand('flat'), byBand('peak')]).toEqual([-1248, -(327 + 654 + 164 + 2289), -(270 + 3234)]);
    expect(await kit.balance(a.account)).toEqual({ balanceMinor: 1314, ledgerSumMinor: 1314, chained: true, chargedUntil: at('2026-11-11T00:00:00') });

    const entriesB = (await kit.entries(b.account)).filter((entry) => entry.kind !== 'topup');
    expect(entriesB.map((entry) => [Number(entry.hour_start), entry.band, Number(entry.energy_milli), Number(entry.amount_minor)])).toEqual([
      [at('2026-11-10T10:00:00'), 'flat', 5000, -327],
      [at('2026-11-10T10:00:00'), 'peak', 5000, -539],
    ]);
    // Hours with nothing to charge still have their row (not looked at again).
    expect(await kit.hours(b.account)).toHaveLength(14);
    expect(await kit.balance(b.account)).toEqual({ balanceMinor: 9134, ledgerSumMinor: 9134, chained: true, chargedUntil: at('2026-11-11T00:00:00') });
    // One announcement per account and committed batch: the first 24-hour window (26 entries, the fee among them), then 11-10 23:00.
    const forA = announced.filter((event) => event.accountId === a.account);
    expect(forA.map((event) => event.posted)).toEqual([26, 1]);
    expect(announced.every((event) => event.cause === 'charge')).toBe(true);
  });

  it('charges nothing again on a rerun, and waits the grace for the hour that just ended', async () => {
    const rerun = await runner.runDue(at('2026-11-11T01:01:00'), true);
    expect(rerun).toMatchObject({ hours: 0, entries: 0, adjustments: 0 });
    expect(await kit.hours(a.account)).toHaveLength(25);
  });

  it('adjusts an hour already charged when late readings fill it, once, with the exact difference', async () => {
    // 11-11 00:15 and 00:30 arrive; 00:00 is charged with 2 quarters: valley 2.5 × 0.3125 = 0.78125 → 0.78, and the fee of 11-11.
    await ingest('M011', [
      ['2026-11-11T00:15:00', 1126.25],
      ['2026-11-11T00:30:00', 1127.5],
    ]);
    expect(await runner.runDue(at('2026-11-11T01:05:00'), false)).toMatchObject({ hours: 2, entries: 2 });
    // The gateway catches up: 00:30 → 01:30 is 5 kWh, 1.25 per quarter; the 00:30 and 00:45 quarters land in the charged
    // hour 00:00 (2.5 kWh more): expected 5 × 0.3125 = 1.5625 → 1.56, charged 0.78 → one adjustment of −0.78.
    await ingest('M011', [['2026-11-11T01:30:00', 1132.5]]);
    const adjusting = await runner.runDue(at('2026-11-11T01:40:00'), true);
    expect(adjusting).toMatchObject({ hours: 0, entries: 1, adjustments: 1 });
    const hour = at('2026-11-11T00:00:00');
    const entries = (await kit.entries(a.account)).filter((entry) => Number(entry.hour_start) === hour);
    expect(entries.map((entry) => [entry.kind, entry.band, Number(entry.energy_milli ?? 0), Number(entry.amount_minor), entry.idem_key])).toEqual([
      ['charge', 'valley', 2500, -78, `charge:${a.account}:${hour}:${a.energyItem}:valley`],
      ['fee', null, 0, -500, `fee:${a.account}:${a.feeItem}:2026-11-11`],
      ['adjustment', 'valley', 2500, -78, `adjust:${a.account}:${hour}:${a.energyItem}:valley:1`],
    ]);
    const row = (await kit.hours(a.account)).find((h) => Number(h.hour_start) === hour)!;
    expect([Number(row.energy_milli), Number(row.amount_minor), Number(row.adjustments)]).toEqual([5000, 656, 1]);
    // Nothing changed since: no second adjustment.
    expect(await runner.runDue(at('2026-11-11T01:50:00'), true)).toMatchObject({ entries: 0, adjustments: 0 });
    // 01:00 is charged with its two quarters (01:00, 01:15): 2.5 kWh valley → 0.78.
    expect(await runner.runDue(at('2026-11-11T02:05:00'), true)).toMatchObject({ hours: 2, entries: 1, adjustments: 0 });
    // 10000 − 8686 − 78 − 500 − 78 − 78
    expect(await kit.balance(a.account)).toMatchObject({ balanceMinor: 580, ledgerSumMinor: 580, chained: true });
    expect(announced.some((event) => event.cause === 'adjustment' && event.accountId === a.account)).toBe(true);
  });

  it('lists charged hours newest first with their lines (GET /api/prepaid/deductions)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/prepaid/deductions?accountId=${a.account}&size=2&page=1`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.total).toBe(27);
    const second = body.data.list[1];
    expect(second).toMatchObject({
      accountId: a.account,
      roomCode: 'DED-1-R',
      hourStart: at('2026-11-11T00:00:00'),
      energyMilli: 5000,
      amountMinor: 656,
      adjustments: 1,
    });
    expect(second.lines).toEqual([
      { itemId: a.energyItem, itemName: 'Electricity', kind: 'charge', band: 'valley', energyMilli: 2500, amountMinor: -78 },
      { itemId: a.feeItem, itemName: 'Service fee', kind: 'fee', band: null, energyMilli: null, amountMinor: -500 },
      { itemId: a.energyItem, itemName: 'Electricity', kind: 'adjustment', band: 'valley', energyMilli: 2500, amountMinor: -78 },
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/prepaid/deductions?size=900', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('runs on demand for administrators (POST /api/prepaid/deductions/run)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/prepaid/deductions/run', headers: bearer(token), payload: {} });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(['accounts', 'adjustments', 'entries', 'hours', 'ms']);
  });
});
