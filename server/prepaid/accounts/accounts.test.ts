import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@shared/errors';
import type { AccountDetail, LedgerEntry, LedgerInvariant } from '@shared/prepaid';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import type { Database } from '../../db/schema';
import { localPeriods } from '../../metering/calendar';
import type { BalanceChanged } from '../prepaidEvents';
import { postEntries } from '../ledger';
import { checkLedger } from '../ledgerInvariant';
import { accountRows, daysLeftOf, daysLeftWindow, roomStateOf } from './accountViews';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MENUS = [
  '/pay/room',
  '/pay/room/add',
  '/pay/room/edit',
  '/pay/user-item',
  '/pay/user-item/add',
  '/pay/user-item/edit',
  '/pay/user-item/delete',
  '/pay/pay-record',
];

let t: TestApp;
let db: Kysely<Database>;
let admin: string;
let alpha: TreeUser;
let beta: TreeUser;
/** Ids the tests below create and share, filled in order. */
const ids = {} as {
  account: number;
  betaRoom: number;
  betaTariff: number;
  fee: number;
  member: number;
  meter: number;
  room: number;
  room2: number;
  tariffE: number;
  tariffW: number;
};
const announced: BalanceChanged[] = [];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = alpha.token) => callAs(t.app, token, method, url, payload);
async function accepted(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = alpha.token): Promise<any> {
  const answer = await call(method, url, payload, token);
  expect(answer.body.code, answer.body.message).toBe(0);
  return answer.body.data;
}
async function refusal(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = alpha.token) {
  const answer = await call(method, url, payload, token);
  return { status: answer.status, code: answer.body.code as number, message: answer.body.message as string };
}

async function insertRow<T extends 'rooms' | 'meters' | 'tariffs' | 'members'>(table: T, values: Record<string, unknown>): Promise<number> {
  const row = await (db as Kysely<any>).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
const meterRow = (owner: number, code: string, energyType = 'electricity') => ({
  owner_user_id: owner,
  code,
  name: `Meter ${code}`,
  energy_type: energyType,
  unit: 'kWh',
  ct_ratio: 1,
  pt_ratio: 1,
  register_max: 99_999_999,
  department_id: null,
  gateway_id: null,
  created_at: 1,
});
const tariffRow = (owner: number, name: string, energyType: string) => ({ owner_user_id: owner, name, energy_type: energyType, created_at: 1, updated_at: 1 });

const openBody = (roomId: number, extra: Record<string, unknown> = {}) => ({
  roomId,
  alarm1Minor: 5000,
  alarm2Minor: 1000,
  items: [
    { kind: 'energy', name: 'Electricity', energyType: 'electricity', tariffId: ids.tariffE },
    { kind: 'fixed_daily', name: 'Service fee', amountMinor: 150 },
    { kind: 'service_ratio', name: 'Top-up service', ratioBp: 250 },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ, seedDemo: false });
  db = t.app.storage.db;
  admin = await loginAs(t.app);
  alpha = await treeUser(t.app, 'acct_alpha', MENUS);
  beta = await treeUser(t.app, 'acct_beta', MENUS);
  ids.member = await insertRow('members', { owner_user_id: alpha.id, code: 'MB-1', name: 'Acme Ltd', kind: 'company', phone: '13800138000' });
  ids.meter = await insertRow('meters', meterRow(alpha.id, 'AC-E1'));
  ids.room = await insertRow('rooms', {
    owner_user_id: alpha.id,
    code: 'A-101',
    building: 'Block A',
    floor: '1',
    number: '101',
    member_id: ids.member,
    department_id: null,
  });
  ids.room2 = await insertRow('rooms', { owner_user_id: alpha.id, code: 'A-102', member_id: null, department_id: null });
  await db
    .insertInto('room_meters')
    .values({ owner_user_id: alpha.id, room_id: ids.room, meter_id: ids.meter, from_ts: Date.now() - 10 * DAY, to_ts: null })
    .execute();
  ids.tariffE = await insertRow('tariffs', tariffRow(alpha.id, 'Commercial TOU', 'electricity'));
  ids.tariffW = await insertRow('tariffs', tariffRow(alpha.id, 'Water flat', 'water'));
  ids.betaTariff = await insertRow('tariffs', tariffRow(beta.id, 'Beta TOU', 'electricity'));
  ids.betaRoom = await insertRow('rooms', { owner_user_id: beta.id, code: 'B-201', member_id: null, department_id: null });
  t.app.prepaid.events.onBalance((change) => {
    announced.push(change);
  });
}, 60_000);
afterAll(async () => t?.close());

describe('opening an account', () => {
  it('opens the room with its items in one go: charged from the current local hour, member from the room, an empty balance in arrears', async () => {
    const before = Date.now();
    const detail: AccountDetail = await accepted('POST', '/api/prepaid/accounts', openBody(ids.room));
    const after = Date.now();
    ids.account = detail.id;
    expect([localPeriods(before, TZ).hourStart, localPeriods(after, TZ).hourStart]).toContain(detail.chargedUntil);
    expect(detail).toMatchObject({
      roomId: ids.room,
      roomCode: 'A-101',
      building: 'Block A',
      memberId: ids.member,
      memberName: 'Acme Ltd',
      billingMode: 'prepaid',
      currency: 'CNY',
      balanceMinor: 0,
      // 0 is at the credit limit (0): arrears until the first top-up.
      balanceLevel: 3,
      alarm1Minor: 5000,
      alarm2Minor: 1000,
      creditLimitMinor: 0,
      keepSupply: false,
      supplyState: 'on',
      // The meter never reported.
      roomState: 'noData',
      daysLeft: null,
      state: 'open',
    });
    expect(
      detail.items.map((item) => [item.kind, item.name, item.energyType, item.tariffId, item.tariffName, item.amountMinor, item.ratioBp, item.active]),
    ).toEqual([
      ['energy', 'Electricity', 'electricity', ids.tariffE, 'Commercial TOU', 0, 0, true],
      ['fixed_daily', 'Service fee', null, null, null, 150, 0, true],
      ['service_ratio', 'Top-up service', null, null, null, 0, 250, true],
    ]);
    expect(detail.meters).toEqual([expect.objectContaining({ meterId: ids.meter, meterCode: 'AC-E1', energyType: 'electricity', toTs: null })]);
    expect(detail.events.map((event) => [event.what, event.operator])).toEqual([['opened', 'acct_alpha']]);
    expect(detail.events[0]?.detail).toMatchObject({ roomCode: 'A-101', balanceMinor: 0, items: ['Electricity', 'Service fee', 'Top-up service'] });
    expect(announced.at(-1)).toMatchObject({ accountId: ids.account, cause: 'settings', posted: 0, level: 3 });
  });

  it('refuses a second open account for the room with ACCOUNT_EXISTS', async () => {
    expect(await refusal('POST', '/api/prepaid/accounts', openBody(ids.room))).toEqual({
      status: 409,
      code: ErrorCode.ACCOUNT_EXISTS,
      message: 'This room already has an open account',
    });
  });

  it('says which setting is wrong', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ alarm1Minor: 1000, alarm2Minor: 5000 }, 'body.alarm2Minor: Level 2 must not be above level 1'],
      [{ noCutFrom: '22:00' }, 'body.noCutTo: Give both ends of the no-cut window, or neither'],
      [{ noCutFrom: '22:00', noCutTo: '22:00' }, 'body.noCutTo: The no-cut window must not be empty'],
      [{ noCutFrom: '7:00', noCutTo: '22:00' }, 'body.noCutFrom: Enter a time as HH:MM'],
      [{ alarm1Minor: 50.5 }, 'body.alarm1Minor: must be whole minor units (fen, cents)'],
      [{ creditLimitMinor: -1 }, 'body.creditLimitMinor: must be 0 or more'],
      [{ items: [{ kind: 'energy', name: 'Power', energyType: 'electricity' }] }, 'body.items.0.tariffId: An energy item needs a tariff'],
      [{ items: [{ kind: 'fixed_monthly', name: 'Property' }] }, 'body.items.0.amountMinor: A fixed fee needs an amount above 0'],
      [
        {
          items: [
            { kind: 'service_ratio', name: 'A', ratioBp: 100 },
            { kind: 'service_ratio', name: 'B', ratioBp: 200 },
          ],
        },
        'body.items: At most one service-fee ratio per account',
      ],
      [
        { items: [{ kind: 'energy', name: 'Power', energyType: 'electricity', tariffId: ids.tariffW }] },
        'items.0.tariffId: tariff "Water flat" prices water, not electricity',
      ],
      [
        { items: [{ kind: 'energy', name: 'Power', energyType: 'electricity', tariffId: ids.betaTariff }] },
        `items.0.tariffId: ${ids.betaTariff} does not exist`,
      ],
      [{ memberId: 999_999 }, 'memberId: 999999 does not exist'],
    ];
    for (const [change, message] of cases) {
      const answer = await refusal('POST', '/api/prepaid/accounts', { ...openBody(ids.room2), ...change });
      expect([answer.code, answer.message], JSON.stringify(change)).toEqual([ErrorCode.VALIDATION_FAILED, message]);
    }
    const otherRoom = await refusal('POST', '/api/prepaid/accounts', openBody(ids.betaRoom));
    expect(otherRoom.message).toBe(`roomId: ${ids.betaRoom} does not exist`);
    expect(await db.selectFrom('prepaid_accounts').select('id').where('room_id', '=', ids.room2).execute()).toEqual([]);
  });
});

describe('settings', () => {
  it('saves the settings, works the level out again for the new thresholds, logs what changed and announces it', async () => {
    const count = announced.length;
    const detail: AccountDetail = await accepted('PUT', `/api/prepaid/accounts/${ids.account}`, {
      memberId: ids.member,
      alarm1Minor: 8000,
      alarm2Minor: 2000,
      creditLimitMinor: 3000,
      noCutFrom: '22:00',
      noCutTo: '07:00',
      noCutHolidays: true,
    });
    expect(detail).toMatchObject({
      alarm1Minor: 8000,
      alarm2Minor: 2000,
      creditLimitMinor: 3000,
      noCutFrom: '22:00',
      noCutTo: '07:00',
      noCutWeekends: false,
      noCutHolidays: true,
    });
    // 0 is above −30.00 but under level 2 (20.00).
    expect(detail.balanceLevel).toBe(2);
    const [event] = detail.events;
    expect(event).toMatchObject({
      what: 'settings',
      operator: 'acct_alpha',
      detail: {
        changes: {
          alarm1Minor: [5000, 8000],
          alarm2Minor: [1000, 2000],
          creditLimitMinor: [0, 3000],
          noCutFrom: [null, '22:00'],
          noCutTo: [null, '07:00'],
          noCutHolidays: [false, true],
        },
        level: [3, 2],
      },
    });
    expect(announced.slice(count)).toEqual([
      expect.objectContaining({ accountId: ids.account, cause: 'settings', previousLevel: 3, level: 2, posted: 0, balanceMinor: 0 }),
    ]);
  });

  it('refuses settings that do not hold together, with the field', async () => {
    const answer = await refusal('PUT', `/api/prepaid/accounts/${ids.account}`, { alarm1Minor: 100, alarm2Minor: 200 });
    expect([answer.status, answer.message]).toEqual([400, 'body.alarm2Minor: Level 2 must not be above level 1']);
  });
});

describe('adjustments and the ledger', () => {
  it('posts signed corrections with the reason and the operator; each entry carries the running balance', async () => {
    const count = announced.length;
    const credit: LedgerEntry = await accepted('POST', `/api/prepaid/accounts/${ids.account}/adjustments`, {
      amountMinor: 10_000,
      reason: 'Opening balance from the old system',
    });
    expect(credit).toMatchObject({
      accountId: ids.account,
      kind: 'adjustment',
      amountMinor: 10_000,
      balanceAfterMinor: 10_000,
      reason: 'Opening balance from the old system',
      operator: 'acct_alpha',
      hourStart: null,
      itemId: null,
    });
    const debit: LedgerEntry = await accepted('POST', `/api/prepaid/accounts/${ids.account}/adjustments`, {
      amountMinor: -2_550,
      reason: 'Meter misread in March',
    });
    expect(debit).toMatchObject({ amountMinor: -2_550, balanceAfterMinor: 7_450 });
    const ledger = await accepted('GET', `/api/prepaid/accounts/${ids.account}/ledger`);
    expect(ledger.total).toBe(2);
    expect(ledger.list.map((entry: LedgerEntry) => [entry.amountMinor, entry.balanceAfterMinor])).toEqual([
      [-2_550, 7_450],
      [10_000, 10_000],
    ]);
    const detail: AccountDetail = await accepted('GET', `/api/prepaid/accounts/${ids.account}`);
    // 74.50 is under level 1 (80.00) and above level 2 (20.00).
    expect([detail.balanceMinor, detail.balanceLevel]).toEqual([7_450, 1]);
    expect(
      announced.slice(count).map((change) => [change.cause, change.previousBalanceMinor, change.balanceMinor, change.previousLevel, change.level]),
    ).toEqual([
      ['adjustment', 0, 10_000, 2, 0],
      ['adjustment', 10_000, 7_450, 0, 1],
    ]);
  });

  it('refuses an adjustment of nothing, of fractions, or without a reason', async () => {
    const url = `/api/prepaid/accounts/${ids.account}/adjustments`;
    expect((await refusal('POST', url, { amountMinor: 0, reason: 'x' })).message).toBe('body.amountMinor: must not be 0');
    expect((await refusal('POST', url, { amountMinor: 1.5, reason: 'x' })).message).toBe('body.amountMinor: must be whole minor units (fen, cents)');
    expect((await refusal('POST', url, { amountMinor: 100, reason: '  ' })).message).toBe('body.reason: Give a reason');
  });

  it('filters the ledger by kind and pages it', async () => {
    const page = await accepted('GET', `/api/prepaid/accounts/${ids.account}/ledger?size=1&page=2`);
    expect([page.total, page.list.map((entry: LedgerEntry) => entry.amountMinor)]).toEqual([2, [10_000]]);
    expect((await accepted('GET', `/api/prepaid/accounts/${ids.account}/ledger?kind=topup`)).total).toBe(0);
  });
});

describe('room state and days left', () => {
  it('takes the first state that holds: cut, keep-supply, no data, arrears, level 2, level 1, normal', () => {
    const now = 1_000 * DAY;
    const seen = now - HOUR;
    const state = (supplyState: string, keepSupply: boolean, balanceLevel: number, lastSeenAt: number | null) =>
      roomStateOf({ supplyState, keepSupply, balanceLevel, lastSeenAt }, now);
    expect(state('cut', true, 3, null)).toBe('cut');
    expect(state('on', true, 3, null)).toBe('keepSupply');
    expect(state('cutting', false, 3, null)).toBe('noData');
    expect(state('on', false, 0, now - 2 * HOUR - 1)).toBe('noData');
    expect(state('on', false, 0, now - 2 * HOUR)).toBe('normal');
    expect(state('unknown', false, 3, seen)).toBe('arrears');
    expect(state('on', false, 2, seen)).toBe('alarm2');
    expect(state('on', false, 1, seen)).toBe('alarm1');
  });

  it('divides the balance by the average daily debit, rounding down to a tenth', () => {
    // 70.00 charged over 7 days = 10.00 a day; 74.50 lasts 7.45 days → 7.4.
    expect(daysLeftOf(7_450, 7_000, 7)).toBe(7.4);
    expect(daysLeftOf(7_000, 7_000, 7)).toBe(7);
    expect(daysLeftOf(1, 7_000, 7)).toBe(0);
    expect(daysLeftOf(-500, 7_000, 7)).toBe(0);
    expect(daysLeftOf(7_450, 0, 7)).toBeNull();
    // Opened 2 days ago (at 10:20, counted from 10:00): the window is those 2 days and 20 minutes.
    const now = 1_000 * DAY;
    expect(daysLeftWindow(now - 2 * DAY - 20 * 60_000, now)).toEqual({ from: now - 2 * DAY - HOUR, days: 2 + 1 / 24 });
    expect(daysLeftWindow(now - 30 * DAY, now)).toEqual({ from: now - 7 * DAY, days: 7 });
    expect(daysLeftWindow(now - HOUR / 2, now).days).toBe(1);
  });

  it('shows the state and days left on the list, filters by state, and sorts the wall by days left', async () => {
    const now = Date.now();
    await db
      .updateTable('prepaid_accounts')
      .set({ opened_at: now - 30 * DAY })
      .where('id', '=', ids.account)
      .execute();
    await db
      .updateTable('meters')
      .set({ last_seen_at: now - 60_000 })
      .where('id', '=', ids.meter)
      .execute();
    const hour = localPeriods(now, TZ).hourStart;
    // 7 charges of 10.00 within the last 7 days, one older charge that no longer counts.
    await db.transaction().execute(async (trx) => {
      const charges = [1, 2, 3, 4, 5, 6, 7].map((daysAgo) => ({
        kind: 'charge' as const,
        amountMinor: -1_000,
        idemKey: `test-charge:${ids.account}:${daysAgo}`,
        operator: 'system',
        hourStart: hour - daysAgo * DAY + HOUR,
        itemId: null,
        band: 'flat',
      }));
      await postEntries(
        trx,
        t.app.storage.kind,
        ids.account as number,
        [...charges, { kind: 'charge', amountMinor: -9_999, idemKey: `test-charge:${ids.account}:old`, operator: 'system', hourStart: hour - 9 * DAY }],
        now,
      );
    });
    // 74.50 − 70.00 − 99.99 = −95.49: below the −30.00 credit limit.
    const [row] = (await accepted('GET', '/api/prepaid/accounts')).list;
    expect(row).toMatchObject({ id: ids.account, balanceMinor: -9_549, balanceLevel: 3, roomState: 'arrears', daysLeft: 0 });
    await db
      .transaction()
      .execute((trx) =>
        postEntries(
          trx,
          t.app.storage.kind,
          ids.account as number,
          [{ kind: 'adjustment', amountMinor: 17_000, idemKey: 'test-credit-1', operator: 'test' }],
          now,
        ),
      );
    // −95.49 + 170.00 = 74.51 (level 1: under 80.00); 74.51 ÷ (70.00 ÷ 7) = 7.451 → 7.4 days.
    const list = await accepted('GET', '/api/prepaid/accounts?state=alarm1');
    expect(list.list.map((r: { id: number; daysLeft: number | null; roomState: string }) => [r.id, r.roomState, r.daysLeft])).toEqual([
      [ids.account, 'alarm1', 7.4],
    ]);
    expect((await accepted('GET', '/api/prepaid/accounts?state=normal')).total).toBe(0);
    const scope = { all: false as const, home: alpha.id, owners: new Set([alpha.id]) };
    expect((await accountRows(db, scope, { keyword: 'acme' }, now, 'daysLeft')).list.map((r) => r.daysLeft)).toEqual([7.4]);
    expect((await accountRows(db, scope, { keyword: 'nobody' }, now)).total).toBe(0);
  });
});

describe('charging items', () => {
  it('lists an account’s items, adds a fee, and keeps at most one service-fee ratio', async () => {
    const listed = await accepted('GET', `/api/prepaid/items?accountId=${ids.account}`);
    expect(listed.map((item: { name: string; roomCode: string }) => [item.name, item.roomCode])).toEqual([
      ['Electricity', 'A-101'],
      ['Service fee', 'A-101'],
      ['Top-up service', 'A-101'],
    ]);
    const fee = await accepted('POST', '/api/prepaid/items', {
      accountId: ids.account,
      kind: 'fixed_monthly',
      name: 'Property fee',
      amountMinor: 12_000,
      tariffId: ids.tariffE,
    });
    // A fee keeps no tariff.
    expect(fee).toMatchObject({ accountId: ids.account, kind: 'fixed_monthly', name: 'Property fee', amountMinor: 12_000, tariffId: null, active: true });
    ids.fee = fee.id;
    const ratio = await refusal('POST', '/api/prepaid/items', { accountId: ids.account, kind: 'service_ratio', name: 'Second', ratioBp: 100 });
    expect(ratio.message).toMatch(/^kind: the account already has a service-fee ratio \(item \d+\); change that one instead$/);
    const water = await refusal('POST', '/api/prepaid/items', {
      accountId: ids.account,
      kind: 'energy',
      name: 'Water',
      energyType: 'water',
      tariffId: ids.tariffE,
    });
    expect(water.message).toBe('tariffId: tariff "Commercial TOU" prices electricity, not water');
    const foreign = await refusal('POST', '/api/prepaid/items', { accountId: ids.account, kind: 'fixed_daily', name: 'x', amountMinor: 1 }, beta.token);
    expect(foreign.message).toBe(`accountId: ${ids.account} does not exist`);
  });

  it('changes an item from now on but never its kind, and removing one keeps it, inactive', async () => {
    const changed = await accepted('PUT', `/api/prepaid/items/${ids.fee}`, { kind: 'fixed_monthly', name: 'Property fee', amountMinor: 15_000 });
    expect(changed.amountMinor).toBe(15_000);
    const kind = await refusal('PUT', `/api/prepaid/items/${ids.fee}`, { kind: 'fixed_daily', name: 'Property fee', amountMinor: 500 });
    expect(kind.message).toBe('kind: the kind of a charging item cannot change; add a new item and remove this one instead');
    const removed = await accepted('DELETE', `/api/prepaid/items/${ids.fee}`);
    expect(removed).toMatchObject({ id: ids.fee, active: false });
    const events = (await accepted('GET', `/api/prepaid/accounts/${ids.account}`)).events.map((event: { what: string; detail: Record<string, unknown> }) => [
      event.what,
      event.detail,
    ]);
    expect(events.slice(0, 3)).toEqual([
      ['item_removed', { itemId: ids.fee, name: 'Property fee' }],
      ['item_changed', { itemId: ids.fee, changes: { amountMinor: [12_000, 15_000] } }],
      ['item_added', expect.objectContaining({ itemId: ids.fee, kind: 'fixed_monthly', amountMinor: 12_000 })],
    ]);
    expect((await accepted('GET', '/api/prepaid/items')).map((item: { id: number; active: boolean }) => item.id)).toContain(ids.fee);
  });
});

describe('the ledger invariant', () => {
  it('holds for postings through postEntries', async () => {
    const result: LedgerInvariant = await accepted('GET', '/api/prepaid/invariant');
    expect(result).toMatchObject({
      ok: true,
      accounts: 1,
      entries: 11,
      mismatches: [],
      orphanEntries: 0,
      duplicateHours: 0,
      runningMismatches: [],
      runningMismatchCount: 0,
    });
  });

  it('finds a balance that is not its ledger sum and an entry whose running balance is off, and logs them on the account', async () => {
    const account = await db.selectFrom('prepaid_accounts').select('balance_minor').where('id', '=', ids.account).executeTakeFirstOrThrow();
    const balance = Number(account.balance_minor);
    await db
      .updateTable('prepaid_accounts')
      .set({ balance_minor: balance + 1 })
      .where('id', '=', ids.account)
      .execute();
    const [first] = await db
      .selectFrom('ledger_entries')
      .select(['id', 'balance_after_minor'])
      .where('account_id', '=', ids.account)
      .orderBy('id')
      .limit(1)
      .execute();
    await db
      .updateTable('ledger_entries')
      .set({ balance_after_minor: Number(first?.balance_after_minor) + 5 })
      .where('id', '=', Number(first?.id))
      .execute();
    const result: LedgerInvariant = await accepted('GET', '/api/prepaid/invariant');
    expect(result.ok).toBe(false);
    expect(result.mismatches).toEqual([{ accountId: ids.account, roomCode: 'A-101', balanceMinor: balance + 1, ledgerSumMinor: balance }]);
    expect(result.runningMismatches).toEqual([{ accountId: ids.account, entryId: first?.id, balanceAfterMinor: 10_005, runningSumMinor: 10_000 }]);
    expect(result.runningMismatchCount).toBe(1);
    const [event] = (await accepted('GET', `/api/prepaid/accounts/${ids.account}`)).events;
    expect(event).toMatchObject({
      what: 'invariant_mismatch',
      operator: 'acct_alpha',
      detail: { balanceMinor: balance + 1, ledgerSumMinor: balance, entryId: first?.id },
    });
    // Another tree's check does not see tree A's accounts.
    expect(await accepted('GET', '/api/prepaid/invariant', undefined, beta.token)).toMatchObject({ ok: true, accounts: 0, entries: 0 });
    await db.updateTable('prepaid_accounts').set({ balance_minor: balance }).where('id', '=', ids.account).execute();
    await db.updateTable('ledger_entries').set({ balance_after_minor: 10_000 }).where('id', '=', Number(first?.id)).execute();
    expect((await checkLedger(db, null, Date.now())).ok).toBe(true);
  });
});

describe('tree scoping', () => {
  it("answers another tree's account as one that does not exist", async () => {
    const url = `/api/prepaid/accounts/${ids.account}`;
    const notFound = { status: 404, code: ErrorCode.NOT_FOUND, message: `Account ${ids.account} was not found` };
    expect(await refusal('GET', url, undefined, beta.token)).toEqual(notFound);
    expect(await refusal('PUT', url, { alarm1Minor: 1, alarm2Minor: 1 }, beta.token)).toEqual(notFound);
    expect(await refusal('GET', `${url}/ledger`, undefined, beta.token)).toEqual(notFound);
    expect(await refusal('POST', `${url}/adjustments`, { amountMinor: 1, reason: 'x' }, beta.token)).toEqual(notFound);
    expect(await refusal('DELETE', `/api/prepaid/items/${ids.fee}`, undefined, beta.token)).toEqual({
      status: 404,
      code: ErrorCode.NOT_FOUND,
      message: `Charging item ${ids.fee} was not found`,
    });
    expect((await accepted('GET', '/api/prepaid/accounts', undefined, beta.token)).total).toBe(0);
    expect(await accepted('GET', `/api/prepaid/items?accountId=${ids.account}`, undefined, beta.token)).toEqual([]);
    // An administrator sees every tree's.
    expect((await accepted('GET', '/api/prepaid/accounts', undefined, admin)).list.map((row: { id: number }) => row.id)).toEqual([ids.account]);
  });
});

describe('closing and reopening', () => {
  it('closes with a reason; a closed account takes no adjustment or settings; opening the room again reopens it with its balance', async () => {
    const balance = Number(
      (await db.selectFrom('prepaid_accounts').select('balance_minor').where('id', '=', ids.account).executeTakeFirstOrThrow()).balance_minor,
    );
    const closed: AccountDetail = await accepted('POST', `/api/prepaid/accounts/${ids.account}/close`, { reason: 'Tenant moved out' });
    expect(closed.state).toBe('closed');
    expect(closed.events[0]).toMatchObject({ what: 'closed', operator: 'acct_alpha', detail: { reason: 'Tenant moved out', balanceMinor: balance } });
    const closedError = { status: 409, code: ErrorCode.ACCOUNT_CLOSED, message: 'This account is closed' };
    expect(await refusal('POST', `/api/prepaid/accounts/${ids.account}/adjustments`, { amountMinor: 100, reason: 'x' })).toEqual(closedError);
    expect(await refusal('PUT', `/api/prepaid/accounts/${ids.account}`, { alarm1Minor: 1, alarm2Minor: 1 })).toEqual(closedError);
    expect(await refusal('POST', `/api/prepaid/accounts/${ids.account}/close`, { reason: 'again' })).toEqual(closedError);
    // Closed accounts leave the list unless asked for.
    expect((await accepted('GET', '/api/prepaid/accounts')).total).toBe(0);
    expect((await accepted('GET', '/api/prepaid/accounts?all=true')).total).toBe(1);

    const reopened: AccountDetail = await accepted(
      'POST',
      '/api/prepaid/accounts',
      openBody(ids.room, { items: [{ kind: 'fixed_daily', name: 'Service fee 2', amountMinor: 200 }] }),
    );
    expect(reopened).toMatchObject({ id: ids.account, state: 'open', balanceMinor: balance });
    expect(reopened.items.filter((item) => item.active).map((item) => item.name)).toEqual(['Service fee 2']);
    expect(reopened.items.filter((item) => !item.active)).toHaveLength(4);
    expect(reopened.events[0]).toMatchObject({ what: 'reopened', detail: { balanceMinor: balance } });
    expect((await checkLedger(db, [alpha.id], Date.now())).ok).toBe(true);
  });
});
