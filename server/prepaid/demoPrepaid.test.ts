import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { addDays, localPeriods } from '../metering/calendar';
import { createDemoPrepaid, DEMO_PREPAID_DAYS, DEMO_ROOMS } from './demoPrepaid';
import { checkLedger } from './ledgerInvariant';
import { localDayBounds } from './payments/paymentRows';

const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
/** kWh per quarter hour of each demo meter in this test: room 101 uses 0.5 kWh a quarter (48 kWh a day), DC rooms 4. */
const KWH = (code: string) => (code.startsWith('M04') && Number(code.slice(3)) >= 5 ? 4 : 0.5);

let t: TestApp;
const db = () => t.app.storage.db;
beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  // The simulator's backfill, in short: the Office Building's meters steady over the last 45 days.
  const meters = await db()
    .selectFrom('meters')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      DEMO_ROOMS.map((room) => room.meter),
    )
    .execute();
  const end = Math.floor(Date.now() / QUARTER) * QUARTER;
  for (const meter of meters) {
    const rows = [];
    for (let start = end - 45 * 96 * QUARTER; start < end; start += QUARTER) rows.push({ meter_id: meter.id, start, energy: KWH(meter.code) });
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('energy_intervals')
        .values(rows.slice(i, i + 500))
        .execute();
  }
}, 120_000);
afterAll(() => t.close());

describe('the living demo’s prepaid rooms', () => {
  it('are not made by the seed: a test app has no prepaid account', async () => {
    expect(await db().selectFrom('prepaid_accounts').select('id').execute()).toEqual([]);
  });

  it('opens seven accounts 35 days back, charges every hour since once, and leaves each room in its state', async () => {
    const now = Date.now();
    const made = await createDemoPrepaid(t.app, now);
    expect(made).not.toBeNull();
    expect(made!.accounts).toBe(7);
    expect(made!.ms).toBeLessThan(200_000);
    await t.app.prepaid.supply.idle();
    await t.app.prepaid.balanceAlarms.idle();
    const accounts = await db()
      .selectFrom('prepaid_accounts')
      .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
      .select(['rooms.code', 'rooms.building', 'balance_minor', 'balance_level', 'supply_state', 'keep_supply', 'billing_mode', 'opened_at', 'charged_until'])
      .orderBy('rooms.code')
      .execute();
    const byCode = new Map(accounts.map((row) => [row.code, row]));
    const openedDay = localPeriods(Number(accounts[0]!.opened_at), TZ).day;
    expect(openedDay).toBe(addDays(localPeriods(now, TZ).day, -DEMO_PREPAID_DAYS));
    // Every hour from the opening to the last complete one is charged, once.
    const lastHour = localPeriods(now - 5 * 60_000, TZ).hourStart;
    for (const row of accounts) expect(Number(row.charged_until)).toBe(lastHour);
    expect(made!.hours).toBe(
      accounts.reduce((sum, row) => sum + (Number(row.charged_until) - localPeriods(Number(row.opened_at), TZ).hourStart) / 3_600_000, 0),
    );
    expect(byCode.get('101')).toMatchObject({ building: 'Office Building', balance_level: 0, supply_state: 'on' });
    expect(byCode.get('DC-C')).toMatchObject({ balance_level: 0, supply_state: 'on' });
    expect(byCode.get('102')).toMatchObject({ balance_level: 1, supply_state: 'on' });
    expect(byCode.get('201')).toMatchObject({ balance_level: 2, supply_state: 'on' });
    // 202 is in arrears and cut (no gateway acks in a test app: the command waits, the account is cutting).
    expect(byCode.get('202')!.balance_level).toBe(3);
    expect(['cutting', 'cut']).toContain(byCode.get('202')!.supply_state);
    expect(byCode.get('DC-A')).toMatchObject({ balance_level: 3, supply_state: 'on', keep_supply: 1 });
    expect(byCode.get('DC-B')!.billing_mode).toBe('postpaid');
    expect(Number(byCode.get('DC-B')!.balance_minor)).toBeLessThan(0);
    // Postpaid: billed by invoice, so no balance level (and no balance alarm) however far below zero.
    expect(byCode.get('DC-B')!.balance_level).toBe(0);
    const commands = await db().selectFrom('supply_commands').select(['action', 'cause']).execute();
    expect(commands).toEqual([{ action: 'cut', cause: 'balance' }]);
    // The ledger holds: balances = sums, running balances in id order, no hour twice.
    const invariant = await checkLedger(db(), null, Date.now());
    expect(invariant).toMatchObject({ ok: true, accounts: 7, orphanEntries: 0, duplicateHours: 0, runningMismatchCount: 0 });
    // In time order: no entry was posted before an earlier-numbered one.
    const entries = await db().selectFrom('ledger_entries').select(['id', 'created_at']).orderBy('id').execute();
    for (let i = 1; i < entries.length; i++) expect(Number(entries[i]!.created_at)).toBeGreaterThanOrEqual(Number(entries[i - 1]!.created_at));
  }, 300_000);

  it('has counter and online top-ups, last month’s bills, yesterday’s reconciliation with a cash mismatch, a bound WeChat user', async () => {
    const payments = await db().selectFrom('payments').select(['channel', 'state', 'operator']).execute();
    expect(payments.every((p) => p.state === 'paid')).toBe(true);
    expect(new Set(payments.map((p) => p.channel))).toEqual(new Set(['cash', 'transfer', 'wechat']));
    const serviceFees = await db().selectFrom('ledger_entries').select('amount_minor').where('kind', '=', 'service_fee').execute();
    expect(serviceFees.length).toBeGreaterThan(0);
    const now = Date.now();
    const month = localPeriods(localDayBounds(`${localPeriods(now, TZ).month}-01`, TZ).start - 1, TZ).month;
    const bills = await db().selectFrom('bills').select(['kind', 'month']).where('month', '=', month).execute();
    expect(bills).toHaveLength(7);
    expect(bills.filter((bill) => bill.kind === 'invoice')).toHaveLength(1);
    const day = addDays(localPeriods(now, TZ).day, -1);
    expect(await db().selectFrom('reconciliation_days').select('day').where('day', '=', day).execute()).toHaveLength(1);
    const items = await db().selectFrom('reconciliation_items').select(['kind']).execute();
    expect(items).toEqual([{ kind: 'cash_mismatch' }]);
    const wx = await db().selectFrom('wx_users').innerJoin('members', 'members.id', 'wx_users.member_id').select(['members.name']).execute();
    expect(wx).toEqual([{ name: 'Wang Fang' }]);
  });

  it('is made once', async () => {
    expect(await createDemoPrepaid(t.app)).toBeNull();
    expect(await db().selectFrom('prepaid_accounts').select('id').execute()).toHaveLength(7);
  });
});
