import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { MEMBER_CODE_MAX_TRIES, MEMBER_CODE_TTL_MS } from '@shared/prepaid';
import { createTestApp, loginAs, TEST_JWT_SECRET, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { localDayStart, localPeriods, addDays } from '../../metering/calendar';
import { MemberTokens } from '../../prepaid/members/memberTokens';
import { MemberSignIn } from '../../prepaid/members/memberSignIn';

/**
 * The member page's API on Asia/Shanghai. Tree A: member "Alpha tenant" (phone 13900000001) holds room A-101 (balance
 * 123.45) and, through the room only, A-102; tree B: member with phone 13900000002 holds B-201. The demo's code
 * answer is exercised through a MemberSignIn in demo mode on the same database (the app itself runs with the demo off).
 */
const TZ = 'Asia/Shanghai';
const PHONE_A = '13900000001';
const PHONE_B = '13900000002';
let t: TestApp;
let trees: TwoTrees;
let demoSignIn: MemberSignIn;
const ids = { a101: 0, a102: 0, b201: 0, memberA: 0, memberB: 0 };
let addressSeq = 0;
/** Each test speaks from its own address, so the per-address limit counts only what that test does. */
const freshAddress = () => `10.9.0.${++addressSeq}`;

async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, remoteAddress = '10.1.1.1') {
  const response = await t.app.inject({
    method,
    url,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function room(owner: number, code: string, memberId: number | null, accountMember: number | null, balance: number): Promise<number> {
  const { db } = t.app.storage;
  const now = Date.now();
  const roomRow = await db
    .insertInto('rooms')
    .values({ owner_user_id: owner, code, building: 'B1', floor: '1', number: code, area: 40, department_id: null, member_id: memberId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto('prepaid_accounts')
    .values({
      owner_user_id: owner,
      room_id: roomRow.id,
      member_id: accountMember,
      billing_mode: 'prepaid',
      alarm1_minor: 5000,
      alarm2_minor: 1000,
      no_cut_from: null,
      no_cut_to: null,
      balance_minor: balance,
      charged_until: now,
      opened_at: now - 30 * 86_400_000,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(account.id);
}

async function demoToken(phone: string): Promise<string> {
  const address = freshAddress();
  // A minute on: the first test already asked for this phone's code.
  const answer = await demoSignIn.requestCode(phone, address, Date.now() + 61_000);
  const login = await call('POST', '/api/member/login', null, { phone, code: answer.demoCode }, address);
  expect(login.status).toBe(200);
  return login.body.data.token as string;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: TZ });
  trees = await twoTrees(t.app, ['/wx/wxUser']);
  const { db } = t.app.storage;
  const member = async (owner: number, code: string, name: string, phone: string) =>
    Number((await db.insertInto('members').values({ owner_user_id: owner, code, name, kind: 'person', phone }).returning('id').executeTakeFirstOrThrow()).id);
  ids.memberA = await member(trees.alpha.id, 'MA', 'Alpha tenant', PHONE_A);
  ids.memberB = await member(trees.beta.id, 'MB', 'Beta tenant', PHONE_B);
  ids.a101 = await room(trees.alpha.id, 'A-101', null, ids.memberA, 12345);
  ids.a102 = await room(trees.alpha.id, 'A-102', ids.memberA, null, -200);
  ids.b201 = await room(trees.beta.id, 'B-201', ids.memberB, ids.memberB, 999);
  demoSignIn = new MemberSignIn(db, new MemberTokens(TEST_JWT_SECRET), { serverSecret: TEST_JWT_SECRET, demo: true, log: t.app.log });
}, 60_000);
afterAll(() => t.close());

describe('member sign-in by SMS code', () => {
  it('answers a known and an unknown number alike, without the code outside the demo', async () => {
    const address = freshAddress();
    const known = await call('POST', '/api/member/code', null, { phone: PHONE_A }, address);
    const unknown = await call('POST', '/api/member/code', null, { phone: '13912345678' }, address);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data).toEqual({ resendAfterMs: 60_000, expiresInMs: MEMBER_CODE_TTL_MS });
    const stored = await t.app.storage.db.selectFrom('member_login_codes').selectAll().where('phone', '=', PHONE_A).executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second code within a minute (42901) and a malformed number (40000)', async () => {
    const again = await call('POST', '/api/member/code', null, { phone: PHONE_A }, freshAddress());
    expect([again.status, again.body.code, again.body.message]).toEqual([429, 42901, 'A code was sent less than a minute ago; wait before asking again']);
    const bad = await call('POST', '/api/member/code', null, { phone: '12345' }, freshAddress());
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    expect(bad.body.message).toContain('Enter a mobile number');
  });

  it('gives the code in the demo answer when no SMS provider is set up', async () => {
    const answer = await demoSignIn.requestCode('13900000009', freshAddress());
    expect(answer.demoCode).toMatch(/^\d{6}$/);
  });

  it('refuses a wrong code, and the right one after the tries are used up', async () => {
    const phone = '13900000011';
    const address = freshAddress();
    const { demoCode } = await demoSignIn.requestCode(phone, address);
    const wrong = String((Number(demoCode) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MEMBER_CODE_MAX_TRIES; i++) {
      const refused = await call('POST', '/api/member/login', null, { phone, code: wrong }, address);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([401, 40102, 'The code is wrong or has expired; ask for a new one']);
    }
    const late = await call('POST', '/api/member/login', null, { phone, code: demoCode }, address);
    expect([late.status, late.body.code]).toEqual([401, 40102]);
  });

  it('refuses an expired code', async () => {
    const phone = '13900000012';
    const { demoCode } = await demoSignIn.requestCode(phone, freshAddress(), Date.now() - MEMBER_CODE_TTL_MS - 1);
    const expired = await call('POST', '/api/member/login', null, { phone, code: demoCode }, freshAddress());
    expect([expired.status, expired.body.code]).toEqual([401, 40102]);
  });

  it('signs in once with the right code; the code is spent', async () => {
    const phone = '13900000013';
    const address = freshAddress();
    const { demoCode } = await demoSignIn.requestCode(phone, address);
    const login = await call('POST', '/api/member/login', null, { phone, code: demoCode }, address);
    expect(login.status).toBe(200);
    expect(login.body.data.token).toEqual(expect.any(String));
    const again = await call('POST', '/api/member/login', null, { phone, code: demoCode }, address);
    expect(again.body.code).toBe(40102);
  });

  it('limits one address to 30 code requests and sign-in tries per 15 minutes', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      const answer = await call('POST', '/api/member/login', null, { phone: '13900000014', code: '000000' }, address);
      expect(answer.body.code).toBe(40102);
    }
    const refused = await call('POST', '/api/member/code', null, { phone: '13900000015' }, address);
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCode.TOO_MANY_ATTEMPTS]);
    expect(refused.body.message).toBe('Too many sign-in attempts from this address; try again in 15 minutes');
    expect(Number(refused.body.data.retryAfterSeconds)).toBeGreaterThan(800);
  });
});

describe('what a member reads', () => {
  let token: string;
  beforeAll(async () => {
    token = await demoToken(PHONE_A);
  });

  it('lists only its own rooms: the account it holds and the room it holds', async () => {
    const me = await call('GET', '/api/member/me', token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ memberIds: [ids.memberA], name: 'Alpha tenant', phone: PHONE_A });
    expect(me.body.data.rooms).toEqual([
      { accountId: ids.a101, roomCode: 'A-101', building: 'B1', balanceMinor: 12345, balanceLevel: 0, supplyState: 'on', daysLeft: null, currency: 'CNY' },
      { accountId: ids.a102, roomCode: 'A-102', building: 'B1', balanceMinor: -200, balanceLevel: 0, supplyState: 'on', daysLeft: null, currency: 'CNY' },
    ]);
  });

  it("answers another member's account as one that does not exist", async () => {
    for (const url of [`/api/member/rooms/${ids.b201}/usage`, `/api/member/rooms/${ids.b201}/bills`]) {
      const other = await call('GET', url, token);
      expect([other.status, other.body.code, other.body.message]).toEqual([404, ErrorCode.NOT_FOUND, `Room account ${ids.b201} was not found`]);
    }
    const topup = await call('POST', `/api/member/rooms/${ids.b201}/topups`, token, { amountMinor: 100 });
    expect([topup.status, topup.body.code]).toEqual([404, ErrorCode.NOT_FOUND]);
  });

  it("sums charges, adjustments and fees per local day, and the days left at the last 7 days' pace", async () => {
    const { db } = t.app.storage;
    const now = Date.now();
    const today = localDayStart(now, TZ);
    const entry = (kind: string, amount: number, hour: number, energy: number | null, key: string) => ({
      owner_user_id: trees.alpha.id,
      account_id: ids.a101,
      kind,
      amount_minor: amount,
      balance_after_minor: 0,
      hour_start: today + hour * 3600_000,
      item_id: null,
      band: null,
      energy_milli: energy,
      payment_id: null,
      operator: 'system',
      idem_key: key,
      created_at: Math.min(now, today + hour * 3600_000),
    });
    // Today (local): 00:00 daily fee 1.00; 00:00 charge 1.5 kWh 1.50; 00:00 late adjustment +0.2 kWh 0.20. Yesterday 20:00: 3 kWh 3.00.
    await db
      .insertInto('ledger_entries')
      .values([
        entry('fee', -100, 0, null, 'fee:t:1'),
        entry('charge', -150, 0, 1500, 'charge:t:1'),
        entry('adjustment', -20, 0, 200, 'adjust:t:1'),
        entry('charge', -300, -4, 3000, 'charge:t:2'),
        entry('topup', 5000, 0, null, 'pay:t:1'),
      ])
      .execute();
    const usage = await call('GET', `/api/member/rooms/${ids.a101}/usage?days=2`, token);
    const todayText = localPeriods(now, TZ).day;
    expect(usage.body.data).toEqual([
      { day: addDays(todayText, -1), energyMilli: 3000, chargesMinor: 300 },
      { day: todayText, energyMilli: 1700, chargesMinor: 270 },
    ]);
    // daysLeft as the room list has it: charges and fees 5.50 in 7 days → 0.7857 a day; 123.45 lasts 157.1 days.
    const me = await call('GET', '/api/member/me', token);
    expect(me.body.data.rooms[0].daysLeft).toBe(157.1);
  });

  it('lists the bills of its account, newest first', async () => {
    const { db } = t.app.storage;
    const roomId = (await db.selectFrom('prepaid_accounts').select('room_id').where('id', '=', ids.a101).executeTakeFirstOrThrow()).room_id;
    const bill = (month: string) => ({
      owner_user_id: trees.alpha.id,
      account_id: ids.a101,
      room_id: roomId,
      member_id: ids.memberA,
      month,
      kind: 'statement',
      opening_minor: 1000,
      charges_minor: 400,
      fees_minor: 100,
      topups_minor: 0,
      refunds_minor: 0,
      adjustments_minor: 0,
      closing_minor: 500,
      lines: JSON.stringify([{ itemId: null, name: 'Electricity', kind: 'charge', band: 'flat', energyMilli: 4000, amountMinor: 400 }]),
      due_day: null,
      state: 'issued',
      paid_at: null,
      created_at: Date.now(),
    });
    await db
      .insertInto('bills')
      .values([bill('2026-01'), bill('2026-02')])
      .execute();
    const bills = await call('GET', `/api/member/rooms/${ids.a101}/bills`, token);
    expect(bills.body.data.map((row: { month: string }) => row.month)).toEqual(['2026-02', '2026-01']);
    expect(bills.body.data[0]).toMatchObject({
      roomCode: 'A-101',
      memberName: 'Alpha tenant',
      openingMinor: 1000,
      closingMinor: 500,
      lines: [{ name: 'Electricity', energyMilli: 4000 }],
    });
  });

  it('reads the state of its own online top-up only', async () => {
    const { db } = t.app.storage;
    const pay = (account: number, owner: number, no: string) => ({
      owner_user_id: owner,
      account_id: account,
      member_id: null,
      channel: 'wechat',
      out_trade_no: no,
      provider_txn_id: null,
      amount_minor: 2000,
      state: 'created',
      operator: 'member',
      receipt_no: null,
      created_at: Date.now(),
      paid_at: null,
    });
    await db
      .insertInto('payments')
      .values([pay(ids.a101, trees.alpha.id, 'MEMBER-T-1'), pay(ids.b201, trees.beta.id, 'MEMBER-T-2')])
      .execute();
    const own = await call('GET', '/api/member/payments/MEMBER-T-1', token);
    expect(own.body.data).toEqual({ outTradeNo: 'MEMBER-T-1', accountId: ids.a101, amountMinor: 2000, state: 'created', paidAt: null, balanceMinor: 12345 });
    const other = await call('GET', '/api/member/payments/MEMBER-T-2', token);
    expect([other.status, other.body.message]).toEqual([404, 'Payment MEMBER-T-2 was not found']);
  });

  it('tops up its own account through the payments domain: a created wechat payment for its member, readable by its order number', async () => {
    const order = await call('POST', `/api/member/rooms/${ids.a101}/topups`, token, { amountMinor: 5000 });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data).toMatchObject({ outTradeNo: expect.any(String), amountMinor: 5000 });
    const row = await t.app.storage.db.selectFrom('payments').selectAll().where('out_trade_no', '=', order.body.data.outTradeNo).executeTakeFirstOrThrow();
    expect([Number(row.account_id), Number(row.member_id), row.channel, Number(row.amount_minor), row.state]).toEqual([
      ids.a101,
      ids.memberA,
      'wechat',
      5000,
      'created',
    ]);
    const status = await call('GET', `/api/member/payments/${order.body.data.outTradeNo}`, token);
    expect(status.body.data).toMatchObject({ accountId: ids.a101, amountMinor: 5000, state: 'created', paidAt: null });
    const zero = await call('POST', `/api/member/rooms/${ids.a101}/topups`, token, { amountMinor: 0 });
    expect([zero.status, zero.body.code]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
  });

  it('keeps member and console tokens apart', async () => {
    const meters = await call('GET', '/api/meters', token);
    expect([meters.status, meters.body.code]).toEqual([401, ErrorCode.TOKEN_INVALID]);
    const admin = await loginAs(t.app);
    const asAdmin = await call('GET', '/api/member/me', admin);
    expect([asAdmin.status, asAdmin.body.code]).toEqual([401, ErrorCode.TOKEN_INVALID]);
    const none = await call('GET', '/api/member/me', null);
    expect([none.status, none.body.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
  });
});

describe('WeChat sign-in', () => {
  it('is refused outside the demo, and in the demo accepts only a bound openid', async () => {
    const { db } = t.app.storage;
    await db
      .insertInto('wx_users')
      .values({ owner_user_id: trees.beta.id, openid: 'OPENID-B', nickname: 'b', member_id: ids.memberB, bound_at: Date.now(), created_at: Date.now() })
      .execute();
    const refused = await call('POST', '/api/member/wechat-login', null, { openid: 'OPENID-B' }, freshAddress());
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    await expect(demoSignIn.wechatLogin('OPENID-NONE', freshAddress())).rejects.toMatchObject({ code: 40102 });
    const { token } = await demoSignIn.wechatLogin('OPENID-B', freshAddress());
    const me = await callAs(t.app, token, 'GET', '/api/member/me');
    expect(me.body.data.rooms.map((r: { roomCode: string }) => r.roomCode)).toEqual(['B-201']);
  });
});
