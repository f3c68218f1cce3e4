import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillIssueResult, BillRow } from '@shared/prepaid';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { postEntries } from '../ledger';
import { BillJob, BILL_ISSUE_JOB } from './billJob';
import { Bills } from './bills';
import { adminId, makeAccount, post, type KitAccount } from './billsKit.test-util';
import { localMonthRange } from './localMonths';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let token: string;
let owner: number;
/** Local time in Shanghai (UTC+8) → epoch ms. */
const at = (local: string): number => Date.parse(`${local}+08:00`);
const HOUR = 3_600_000;

let prepaid: KitAccount;
let postpaid: KitAccount;
let settledPostpaid: KitAccount;

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ, seedDemo: false });
  token = await loginAs(t.app);
  owner = await adminId(t.app.storage.db);
  await t.app.prepaid.bills.whenIdle(); // the start-up check (last month, today) is done before the rows below exist
  const db = t.app.storage.db;
  const kind = t.app.storage.kind;
  const opened = at('2026-09-01T00:00:00');
  prepaid = await makeAccount(db, owner, 'R101', {
    openedAt: opened,
    member: 'Acme Ltd',
    items: [
      { kind: 'energy', name: 'Electricity' },
      { kind: 'fixed_daily', name: 'Service fee' },
      { kind: 'service_ratio', name: 'Top-up fee' },
    ],
  });
  const { Electricity: E, 'Service fee': F, 'Top-up fee': S } = prepaid.items as Record<string, number>;
  const a = prepaid.account;
  // September: a top-up and a charge; the last entry is 23:30 on 30 September, local.
  await post(db, kind, a, at('2026-09-20T10:00:00'), { kind: 'topup', amountMinor: 10_000, idemKey: 'pay:t1', operator: 'alpha' });
  await post(db, kind, a, at('2026-09-30T23:30:00'), {
    kind: 'charge',
    amountMinor: -1234,
    idemKey: 'charge:a:sep',
    operator: 'system',
    itemId: E,
    band: 'flat',
    energyMilli: 9000,
  });
  // October.
  const h1 = at('2026-10-01T00:00:00');
  const h2 = h1 + 9 * HOUR;
  await postEntries(
    db,
    kind,
    a,
    [
      {
        kind: 'charge',
        amountMinor: -1250,
        idemKey: `charge:${a}:${h1}:${E}:peak`,
        operator: 'system',
        hourStart: h1,
        itemId: E,
        band: 'peak',
        energyMilli: 12_500,
      },
      {
        kind: 'charge',
        amountMinor: -320,
        idemKey: `charge:${a}:${h1}:${E}:valley`,
        operator: 'system',
        hourStart: h1,
        itemId: E,
        band: 'valley',
        energyMilli: 8000,
      },
      { kind: 'fee', amountMinor: -100, idemKey: `fee:${a}:${F}:2026-10-01`, operator: 'system', hourStart: h1, itemId: F },
    ],
    at('2026-10-01T01:00:30'),
  );
  await post(db, kind, a, at('2026-10-01T10:00:30'), {
    kind: 'charge',
    amountMinor: -250,
    idemKey: `charge:${a}:${h2}:${E}:peak`,
    operator: 'system',
    hourStart: h2,
    itemId: E,
    band: 'peak',
    energyMilli: 2500,
  });
  await post(db, kind, a, at('2026-10-02T01:00:30'), {
    kind: 'fee',
    amountMinor: -100,
    idemKey: `fee:${a}:${F}:2026-10-02`,
    operator: 'system',
    hourStart: h1 + 24 * HOUR,
    itemId: F,
  });
  await post(db, kind, a, at('2026-10-05T09:00:00'), { kind: 'topup', amountMinor: 5000, idemKey: 'pay:t2', operator: 'alpha', paymentId: 2 });
  await post(db, kind, a, at('2026-10-05T09:00:00'), {
    kind: 'service_fee',
    amountMinor: -125,
    idemKey: 'payfee:t2',
    operator: 'alpha',
    paymentId: 2,
    itemId: S,
  });
  await post(db, kind, a, at('2026-10-12T15:00:00'), { kind: 'refund', amountMinor: -1000, idemKey: 'refund:1', operator: 'alpha', paymentId: 2 });
  await post(db, kind, a, at('2026-10-20T03:00:00'), {
    kind: 'adjustment',
    amountMinor: -50,
    idemKey: `adjust:${a}:${h2}:${E}:peak:1`,
    operator: 'system',
    hourStart: h2,
    itemId: E,
    band: 'peak',
    energyMilli: 500,
    reason: 'late readings',
  });
  await post(db, kind, a, at('2026-10-31T23:59:59'), {
    kind: 'adjustment',
    amountMinor: 200,
    idemKey: 'manual:1',
    operator: 'alpha',
    reason: 'meter fault goodwill',
  });
  // November: not October's.
  await post(db, kind, a, at('2026-11-01T00:00:00'), {
    kind: 'charge',
    amountMinor: -99,
    idemKey: 'charge:a:nov',
    operator: 'system',
    itemId: E,
    band: 'peak',
    energyMilli: 990,
  });

  postpaid = await makeAccount(db, owner, 'R201', { billingMode: 'postpaid', openedAt: opened, items: [{ kind: 'energy', name: 'Electricity' }] });
  await post(db, kind, postpaid.account, at('2026-10-10T12:00:00'), {
    kind: 'charge',
    amountMinor: -3000,
    idemKey: 'charge:p:oct',
    operator: 'system',
    itemId: postpaid.items.Electricity,
    band: 'flat',
    energyMilli: 30_000,
  });
  settledPostpaid = await makeAccount(db, owner, 'R202', { billingMode: 'postpaid', openedAt: opened });
  await post(db, kind, settledPostpaid.account, at('2026-10-03T12:00:00'), { kind: 'topup', amountMinor: 800, idemKey: 'pay:s1', operator: 'alpha' });
  // Closed before October (no bill), and opened after it (no bill).
  await makeAccount(db, owner, 'R301', { openedAt: at('2026-08-01T00:00:00'), closedAt: at('2026-09-15T00:00:00') });
  await makeAccount(db, owner, 'R302', { openedAt: at('2026-11-03T00:00:00') });
}, 60_000);
afterAll(() => t.close());

const issue = (month: string) => t.app.inject({ method: 'POST', url: '/api/prepaid/bills/issue', headers: bearer(token), payload: { month } });
async function billOf(account: number, month: string): Promise<BillRow> {
  const response = await t.app.inject({ method: 'GET', url: `/api/prepaid/bills?accountId=${account}&month=${month}`, headers: bearer(token) });
  const body = response.json() as { data: { list: BillRow[]; total: number } };
  expect(body.data.total).toBe(1);
  return body.data.list[0]!;
}

describe('local months', () => {
  it('start at local midnight of the 1st', () => {
    expect(localMonthRange('2026-10', TZ)).toEqual({ start: Date.parse('2026-09-30T16:00:00Z'), end: Date.parse('2026-10-31T16:00:00Z') });
    expect(localMonthRange('2026-03', 'Europe/Madrid')).toEqual({ start: Date.parse('2026-02-28T23:00:00Z'), end: Date.parse('2026-03-31T22:00:00Z') });
  });
});

describe('issuing a month', () => {
  it('refuses a month that has not ended', async () => {
    const response = await issue('2099-01');
    expect(response.json()).toMatchObject({ code: 40000, message: 'month: 2099-01 has not ended yet: only a finished month can be billed' });
  });

  it('writes one bill per account open in the month, and a second issue writes none', async () => {
    const first = (await issue('2026-10')).json() as { data: BillIssueResult; message: string };
    expect(first.data).toEqual({ month: '2026-10', issued: 3, existing: 0 });
    expect(first.message).toBe('3 bills issued');
    const again = (await issue('2026-10')).json() as { data: BillIssueResult; message: string };
    expect(again.data).toEqual({ month: '2026-10', issued: 0, existing: 3 });
    expect(again.message).toBe('No bill was missing');
  });

  it('states opening, charges per item and band, fees, top-ups, refunds, adjustments and closing by hand', async () => {
    const { Electricity: E, 'Service fee': F, 'Top-up fee': S } = prepaid.items as Record<string, number>;
    const bill = await billOf(prepaid.account, '2026-10');
    // opening 10 000 − 1 234 = 8 766; closing 8 766 + 5 000 − 1 820 − 325 − 1 000 + 150 = 10 771
    expect(bill).toMatchObject({
      roomCode: 'R101',
      memberName: 'Acme Ltd',
      kind: 'statement',
      state: 'issued',
      dueDay: null,
      openingMinor: 8766,
      chargesMinor: 1820,
      feesMinor: 325,
      topupsMinor: 5000,
      refundsMinor: 1000,
      adjustmentsMinor: 150,
      closingMinor: 10_771,
    });
    expect(bill.lines).toEqual([
      { itemId: E, name: 'Electricity', kind: 'charge', band: 'peak', energyMilli: 15_000, amountMinor: 1500 },
      { itemId: E, name: 'Electricity', kind: 'charge', band: 'valley', energyMilli: 8000, amountMinor: 320 },
      { itemId: E, name: 'Electricity', kind: 'adjustment', band: 'peak', energyMilli: 500, amountMinor: 50 },
      { itemId: F, name: 'Service fee', kind: 'fee', band: null, energyMilli: 0, amountMinor: 200 },
      { itemId: S, name: 'Top-up fee', kind: 'service_fee', band: null, energyMilli: 0, amountMinor: 125 },
    ]);
    // The closing balance is the balance after October's last entry.
    const last = await t.app.storage.db
      .selectFrom('ledger_entries')
      .select('balance_after_minor')
      .where('account_id', '=', prepaid.account)
      .where('idem_key', '=', 'manual:1')
      .executeTakeFirstOrThrow();
    expect(Number(last.balance_after_minor)).toBe(10_771);
    // Read by id too.
    const one = (await t.app.inject({ method: 'GET', url: `/api/prepaid/bills/${bill.id}`, headers: bearer(token) })).json() as { data: BillRow };
    expect(one.data).toEqual(bill);
  });

  it('gives a postpaid room an invoice due 15 days after the month, paid at once when nothing is owed', async () => {
    const invoice = await billOf(postpaid.account, '2026-10');
    expect(invoice).toMatchObject({
      kind: 'invoice',
      dueDay: '2026-11-15',
      state: 'issued',
      openingMinor: 0,
      chargesMinor: 3000,
      closingMinor: -3000,
      paidAt: null,
    });
    const settled = await billOf(settledPostpaid.account, '2026-10');
    expect(settled).toMatchObject({ kind: 'invoice', dueDay: '2026-11-15', state: 'paid', closingMinor: 800 });
  });
});

describe('invoice states', () => {
  it('becomes overdue the day after its due day, and paid once top-ups since the month cover it', async () => {
    const bills = new Bills(t.app.storage.db, TZ);
    expect(await bills.markOverdue('2026-11-15')).toBe(0);
    expect(await bills.markOverdue('2026-11-16')).toBe(1);
    expect((await billOf(postpaid.account, '2026-10')).state).toBe('overdue');
    const overdue = (await t.app.inject({ method: 'GET', url: '/api/prepaid/bills?overdue=true', headers: bearer(token) })).json() as {
      data: { list: BillRow[] };
    };
    expect(overdue.data.list.map((bill) => bill.roomCode)).toEqual(['R201']);

    const db = t.app.storage.db;
    const kind = t.app.storage.kind;
    const a = postpaid.account;
    // November's own charges do not count against October's invoice.
    await post(db, kind, a, at('2026-11-18T12:00:00'), { kind: 'charge', amountMinor: -500, idemKey: 'charge:p:nov', operator: 'system' });
    const part = await postEntries(db, kind, a, [{ kind: 'topup', amountMinor: 2000, idemKey: 'pay:p1', operator: 'alpha' }], at('2026-11-20T09:00:00'));
    t.app.prepaid.events.announce(part, 'topup', at('2026-11-20T09:00:00'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await billOf(a, '2026-10')).state).toBe('overdue');
    const rest = await postEntries(db, kind, a, [{ kind: 'topup', amountMinor: 1000, idemKey: 'pay:p2', operator: 'alpha' }], at('2026-11-21T09:00:00'));
    expect(rest.balanceMinor).toBe(-500);
    t.app.prepaid.events.announce(rest, 'topup', at('2026-11-21T09:00:00'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await billOf(a, '2026-10')).toMatchObject({ state: 'paid', paidAt: at('2026-11-21T09:00:00') });
  });
});

describe('two processes', () => {
  it('issue a month once: the claim lets one run, and the unique account-month keeps racing issues from writing twice', async () => {
    const db = t.app.storage.db;
    const now = at('2026-12-01T00:05:00');
    const [one, two] = await Promise.all([new BillJob(db, TZ).runIfDue(now), new BillJob(db, TZ).runIfDue(now)]);
    const issuedBy = [one, two].filter((run) => run.issued !== null);
    expect(issuedBy).toHaveLength(1);
    // R101, R201, R202 and R302 (opened 3 November) were open in November.
    expect(issuedBy[0]!.issued).toEqual({ month: '2026-11', issued: 4, existing: 0 });
    const claim = await db.selectFrom('job_claims').select('period').where('job', '=', BILL_ISSUE_JOB).executeTakeFirstOrThrow();
    expect(claim.period).toBe('2026-11');

    const racing = await Promise.all([new Bills(db, TZ).issue(null, '2026-11', now), new Bills(db, TZ).issue(null, '2026-11', now)]);
    expect(racing.map((run) => run.issued)).toEqual([0, 0]);
    const september = await Promise.all([new Bills(db, TZ).issue(null, '2026-09', now), new Bills(db, TZ).issue(null, '2026-09', now)]);
    // R101, R201, R202 and R301 (closed 15 September) were open in September: written once between the two.
    expect(september[0]!.issued + september[1]!.issued).toBe(4);
    const rows = await db.selectFrom('bills').select(['account_id']).where('month', '=', '2026-09').execute();
    expect(rows).toHaveLength(4);
  });
});
