import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow, BillStats, ChargingStats, ConsumptionStats, PrepaidOverview } from '@shared/prepaid';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { postEntries } from '../ledger';
import { adminId, makeAccount, makeDepartment, makeMeter, makePayment, post, type KitAccount } from '../bills/billsKit.test-util';
import { Bills } from '../bills/bills';
import { prepaidOverview } from './wallFigures';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let token: string;
let owner: number;
const at = (local: string): number => Date.parse(`${local}+08:00`);
const HOUR = 3_600_000;
let r1: KitAccount;
let r2: KitAccount;
let sales: number;

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ, seedDemo: false });
  token = await loginAs(t.app);
  owner = await adminId(t.app.storage.db);
  await t.app.prepaid.bills.whenIdle();
  const db = t.app.storage.db;
  const kind = t.app.storage.kind;
  sales = await makeDepartment(db, owner, 'Sales');
  const opened = at('2026-09-01T00:00:00');
  r1 = await makeAccount(db, owner, 'R101', {
    openedAt: opened,
    departmentId: sales,
    items: [
      { kind: 'energy', name: 'Electricity' },
      { kind: 'fixed_daily', name: 'Service fee' },
    ],
  });
  r2 = await makeAccount(db, owner, 'R102', { openedAt: opened, items: [{ kind: 'energy', name: 'Electricity' }] });
  const E1 = r1.items.Electricity!;
  const F1 = r1.items['Service fee']!;
  const E2 = r2.items.Electricity!;
  const d1 = at('2026-10-01T00:00:00');
  const d2 = at('2026-10-02T00:00:00');
  // R101, 1 October: 23:00 on 30 September is outside the period (charged after midnight, but for September's hour).
  await postEntries(
    db,
    kind,
    r1.account,
    [
      { kind: 'charge', amountMinor: -77, idemKey: 'c0', operator: 'system', hourStart: d1 - HOUR, itemId: E1, band: 'valley', energyMilli: 1925 },
      { kind: 'charge', amountMinor: -1250, idemKey: 'c1', operator: 'system', hourStart: d1 + 9 * HOUR, itemId: E1, band: 'peak', energyMilli: 12_500 },
      { kind: 'charge', amountMinor: -320, idemKey: 'c2', operator: 'system', hourStart: d1 + 2 * HOUR, itemId: E1, band: 'valley', energyMilli: 8000 },
      { kind: 'fee', amountMinor: -100, idemKey: 'f1', operator: 'system', hourStart: d1, itemId: F1 },
      { kind: 'topup', amountMinor: 10_000, idemKey: 'pay:x', operator: 'alpha' },
    ],
    d1 + 10 * HOUR,
  );
  // R101, 2 October: a charge and its late-data adjustment; a fee.
  await postEntries(
    db,
    kind,
    r1.account,
    [
      { kind: 'charge', amountMinor: -600, idemKey: 'c3', operator: 'system', hourStart: d2 + 14 * HOUR, itemId: E1, band: 'flat', energyMilli: 8000 },
      { kind: 'adjustment', amountMinor: -75, idemKey: 'a3', operator: 'system', hourStart: d2 + 14 * HOUR, itemId: E1, band: 'flat', energyMilli: 1000 },
      { kind: 'adjustment', amountMinor: 500, idemKey: 'manual:x', operator: 'alpha', reason: 'goodwill' },
      { kind: 'fee', amountMinor: -100, idemKey: 'f2', operator: 'system', hourStart: d2, itemId: F1 },
    ],
    d2 + 16 * HOUR,
  );
  // R102, 2 October (no department); 3 October is after the period.
  await post(db, kind, r2.account, d2 + 20 * HOUR, {
    kind: 'charge',
    amountMinor: -900,
    idemKey: 'c4',
    operator: 'system',
    hourStart: d2 + 19 * HOUR,
    itemId: E2,
    band: 'peak',
    energyMilli: 9000,
  });
  await post(db, kind, r2.account, d2 + 30 * HOUR, {
    kind: 'charge',
    amountMinor: -999,
    idemKey: 'c5',
    operator: 'system',
    hourStart: d2 + 29 * HOUR,
    itemId: E2,
    band: 'peak',
    energyMilli: 9990,
  });

  // Payments: two cash at the counter by alice on 1 October, a wechat on 2 October with a fee and a partial refund,
  // one unpaid, one paid on 3 October (outside), one 23:59 on 30 September (outside).
  await makePayment(db, owner, r1.account, { channel: 'cash', operator: 'alice', amountMinor: 10_000, paidAt: at('2026-10-01T09:00:00'), no: 'P1' });
  await makePayment(db, owner, r2.account, { channel: 'cash', operator: 'alice', amountMinor: 5000, paidAt: at('2026-10-01T17:00:00'), no: 'P2' });
  await makePayment(db, owner, r2.account, {
    channel: 'wechat',
    operator: 'member',
    amountMinor: 20_000,
    serviceFeeMinor: 500,
    refundedMinor: 3000,
    paidAt: at('2026-10-02T23:59:59'),
    no: 'P3',
  });
  await makePayment(db, owner, r2.account, { channel: 'wechat', operator: 'member', amountMinor: 7000, paidAt: null, state: 'created', no: 'P4' });
  await makePayment(db, owner, r1.account, { channel: 'transfer', operator: 'bob', amountMinor: 1234, paidAt: at('2026-10-03T00:00:00'), no: 'P5' });
  await makePayment(db, owner, r1.account, { channel: 'transfer', operator: 'bob', amountMinor: 4321, paidAt: at('2026-09-30T23:59:59'), no: 'P6' });
}, 60_000);
afterAll(() => t.close());

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const body = response.json() as { code: number; data: T; message: string };
  if (body.code !== 0) throw new Error(`${url}: ${body.message}`);
  return body.data;
}

describe('consumption statistics', () => {
  const period = 'from=2026-10-01&to=2026-10-02';
  it('sums energy and money by room, by the hour charged, adjustments of late data included', async () => {
    const stats = await get<ConsumptionStats>(`/api/prepaid/stats/consumption?${period}&by=room`);
    // R101: 12.5 + 8 + 8 + 1 kWh; 1250 + 320 + 600 + 75 charged, 200 of fees. R102: 9 kWh, 900.
    expect(stats.rows).toEqual([
      { key: `account:${r1.account}`, label: 'R101', energyMilli: 29_500, chargesMinor: 2245, feesMinor: 200 },
      { key: `account:${r2.account}`, label: 'R102', energyMilli: 9000, chargesMinor: 900, feesMinor: 0 },
    ]);
    expect(stats.total).toEqual({ key: 'total', label: '', energyMilli: 38_500, chargesMinor: 3145, feesMinor: 200 });
  });

  it('by band, day, month and department', async () => {
    const bands = await get<ConsumptionStats>(`/api/prepaid/stats/consumption?${period}&by=band`);
    expect(bands.rows.map((row) => [row.key, row.energyMilli, row.chargesMinor, row.feesMinor])).toEqual([
      ['peak', 21_500, 2150, 0],
      ['flat', 9000, 675, 0],
      ['valley', 8000, 320, 0],
      ['none', 0, 0, 200],
    ]);
    const days = await get<ConsumptionStats>(`/api/prepaid/stats/consumption?${period}&by=day`);
    expect(days.rows.map((row) => [row.key, row.energyMilli, row.chargesMinor, row.feesMinor])).toEqual([
      ['2026-10-01', 20_500, 1570, 100],
      ['2026-10-02', 18_000, 1575, 100],
    ]);
    const months = await get<ConsumptionStats>(`/api/prepaid/stats/consumption?from=2026-09-30&to=2026-10-31&by=month`);
    expect(months.rows.map((row) => [row.key, row.chargesMinor + row.feesMinor])).toEqual([
      ['2026-09', 77],
      ['2026-10', 4344],
    ]);
    const departments = await get<ConsumptionStats>(`/api/prepaid/stats/consumption?${period}&by=department`);
    expect(departments.rows).toEqual([
      { key: `department:${sales}`, label: 'Sales', energyMilli: 29_500, chargesMinor: 2245, feesMinor: 200 },
      { key: 'department:none', label: '', energyMilli: 9000, chargesMinor: 900, feesMinor: 0 },
    ]);
    const onlySales = await get<ConsumptionStats>(`/api/prepaid/stats/consumption?${period}&by=room&departmentId=${sales}`);
    expect(onlySales.rows.map((row) => row.label)).toEqual(['R101']);
  });

  it('refuses a period that ends before it starts or spans more than 366 days', async () => {
    const backwards = await t.app.inject({ method: 'GET', url: '/api/prepaid/stats/consumption?from=2026-10-02&to=2026-10-01', headers: bearer(token) });
    expect(backwards.json()).toMatchObject({ code: 40000, message: 'to: The last day must not be before the first day' });
    const long = await t.app.inject({ method: 'GET', url: '/api/prepaid/stats/charging?from=2025-01-01&to=2026-01-02', headers: bearer(token) });
    expect(long.json()).toMatchObject({ code: 40000, message: 'to: Choose at most 366 days' });
  });
});

describe('charging statistics', () => {
  const period = 'from=2026-10-01&to=2026-10-02';
  it('counts paid top-ups by channel, operator and day with fees and refunds', async () => {
    const byChannel = await get<ChargingStats>(`/api/prepaid/stats/charging?${period}&by=channel`);
    expect(byChannel.rows).toEqual([
      { key: 'wechat', label: 'wechat', count: 1, amountMinor: 20_000, serviceFeeMinor: 500, refundedMinor: 3000 },
      { key: 'cash', label: 'cash', count: 2, amountMinor: 15_000, serviceFeeMinor: 0, refundedMinor: 0 },
    ]);
    expect(byChannel.total).toEqual({ key: 'total', label: '', count: 3, amountMinor: 35_000, serviceFeeMinor: 500, refundedMinor: 3000 });
    const byOperator = await get<ChargingStats>(`/api/prepaid/stats/charging?${period}&by=operator`);
    expect(byOperator.rows.map((row) => [row.key, row.count, row.amountMinor])).toEqual([
      ['member', 1, 20_000],
      ['alice', 2, 15_000],
    ]);
    const byDay = await get<ChargingStats>(`/api/prepaid/stats/charging?from=2026-09-30&to=2026-10-03&by=day`);
    expect(byDay.rows.map((row) => [row.key, row.count, row.amountMinor])).toEqual([
      ['2026-09-30', 1, 4321],
      ['2026-10-01', 2, 15_000],
      ['2026-10-02', 1, 20_000],
      ['2026-10-03', 1, 1234],
    ]);
  });
});

describe('bill statistics', () => {
  it('counts issued, paid and overdue bills per month with what unpaid invoices ask', async () => {
    const db = t.app.storage.db;
    const postpaid = await makeAccount(db, owner, 'R201', { billingMode: 'postpaid', openedAt: at('2026-09-01T00:00:00') });
    await post(db, t.app.storage.kind, postpaid.account, at('2026-10-10T00:00:00'), { kind: 'charge', amountMinor: -4200, idemKey: 'p1', operator: 'system' });
    await new Bills(db, TZ).issue(null, '2026-10', at('2026-11-02T00:00:00'));
    await new Bills(db, TZ).markOverdue('2026-11-16');
    const stats = await get<BillStats>('/api/prepaid/stats/bills?from=2026-09&to=2026-10');
    // October, by posting time: R101 (charges 77 + 1 250 + 320 + 600, fees 200), R102 (900 + 999), R201 (4 200, overdue).
    expect(stats.rows).toEqual([
      { month: '2026-09', issued: 0, paid: 0, overdue: 0, chargesMinor: 0, outstandingMinor: 0 },
      { month: '2026-10', issued: 3, paid: 0, overdue: 1, chargesMinor: 8546, outstandingMinor: 4200 },
    ]);
  });
});

describe('the wall (room state and days left as /pay/room has them: accounts/accountViews.ts)', () => {
  it('counts rooms per state and today’s top-ups; lists rooms by days left', async () => {
    const db = t.app.storage.db;
    const kind = t.app.storage.kind;
    const now = Date.now();
    const fresh = now - 60_000;
    const states: [string, Parameters<typeof makeAccount>[3]][] = [
      ['W1', { openedAt: now - 30 * 86_400_000, balanceLevel: 1 }],
      ['W2', { openedAt: now - 30 * 86_400_000, balanceLevel: 2 }],
      ['W3', { openedAt: now - 30 * 86_400_000, balanceLevel: 3 }],
      ['W4', { openedAt: now - 30 * 86_400_000, balanceLevel: 3, supplyState: 'cut' }],
      ['W5', { openedAt: now - 30 * 86_400_000, balanceLevel: 2, keepSupply: true }],
      ['W6', { openedAt: now - 30 * 86_400_000 }],
      ['W7', { openedAt: now - 30 * 86_400_000, closedAt: now - 86_400_000 }],
    ];
    const before = await prepaidOverview(db, { all: true, home: owner }, now, TZ);
    const made: Record<string, KitAccount> = {};
    for (const [code, options] of states) {
      made[code] = await makeAccount(db, owner, code, options);
      await makeMeter(db, owner, `M-${code}`, made[code].room, code === 'W6' ? now - 3 * HOUR : fresh, now - 30 * 86_400_000);
    }
    await makePayment(db, owner, made.W1!.account, { channel: 'cash', operator: 'alice', amountMinor: 3000, paidAt: now - 1000, no: 'T1' });
    await makePayment(db, owner, made.W2!.account, { channel: 'wechat', operator: 'member', amountMinor: 2500, paidAt: now - 500, no: 'T2' });
    const overview = await get<PrepaidOverview>('/api/prepaid/wall/overview');
    // R101 and R102 (earlier tests) have no meter: no data; W6's meter is silent for 3 h: no data; W7 is closed.
    expect(before.states.noData).toBe(3);
    expect(overview.states).toEqual({ cut: 1, keepSupply: 1, noData: 4, arrears: 1, alarm2: 1, alarm1: 1, normal: 0 });
    expect(overview.rooms).toBe(9);
    expect(overview.todayTopupsMinor - before.todayTopupsMinor).toBe(5500);
    expect(overview.todayTopupCount - before.todayTopupCount).toBe(2);

    // Days left: W1 7 000 over 7 000 a week = 7.0; W2 3 000 over 14 000 a week = 1.5 (the charge 8 days ago is
    // outside the week); W3 at −100: 0. Posting moves the levels: W1 normal, W2 under level 1, W3 in arrears.
    await post(db, kind, made.W1!.account, now - 3 * 86_400_000, { kind: 'topup', amountMinor: 14_000, idemKey: 'w1t', operator: 'alpha' });
    const hour = (ago: number) => Math.floor((now - ago) / HOUR) * HOUR;
    await post(db, kind, made.W1!.account, now - 2 * 86_400_000, {
      kind: 'charge',
      amountMinor: -7000,
      idemKey: 'w1c',
      operator: 'system',
      hourStart: hour(2 * 86_400_000),
    });
    await post(db, kind, made.W2!.account, now - 8 * 86_400_000, { kind: 'topup', amountMinor: 17_000, idemKey: 'w2t', operator: 'alpha' });
    await post(db, kind, made.W2!.account, now - 8 * 86_400_000, {
      kind: 'charge',
      amountMinor: -99_999,
      idemKey: 'w2old',
      operator: 'system',
      hourStart: hour(8 * 86_400_000),
    });
    await post(db, kind, made.W2!.account, now - 8 * 86_400_000, { kind: 'topup', amountMinor: 99_999, idemKey: 'w2back', operator: 'alpha' });
    await post(db, kind, made.W2!.account, now - HOUR, { kind: 'charge', amountMinor: -14_000, idemKey: 'w2c', operator: 'system', hourStart: hour(HOUR) });
    await post(db, kind, made.W3!.account, now - HOUR, { kind: 'charge', amountMinor: -100, idemKey: 'w3c', operator: 'system', hourStart: hour(HOUR) });
    const rooms = await get<AccountRow[]>('/api/prepaid/wall/rooms?limit=4');
    expect(rooms.map((row) => [row.roomCode, row.daysLeft, row.roomState, row.balanceMinor])).toEqual([
      ['W3', 0, 'arrears', -100],
      ['W2', 1.5, 'alarm1', 3000],
      ['W1', 7, 'normal', 7000],
      // Nothing charged in the last 7 days (the R rooms' charges were in October): after them, by room code.
      ['R101', null, 'noData', 7978],
    ]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/prepaid/wall/rooms?limit=101', headers: bearer(token) });
    expect(refused.json()).toMatchObject({ code: 40000, message: 'querystring.limit: must be at most 100' });
  });
});
