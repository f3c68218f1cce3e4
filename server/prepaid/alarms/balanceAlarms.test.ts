import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '../../../tests/support/testApp';
import { alarmCounts } from '../../alarms/alarmCounts';
import { makeSupplyRoom, post } from '../supply/supplyKit.test-util';

let t: TestApp;
let owner: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
}, 30_000);
afterAll(async () => t?.close());

const idle = async () => {
  await t.app.prepaid.balanceAlarms.idle();
  await t.app.prepaid.supply.idle();
};

describe('balance alarms', () => {
  it('level 1 raises (medium), level 2 escalates (high, the first cleared), a top-up clears; the member is told once per level', async () => {
    const { db } = t.app.storage;
    const member = await db
      .insertInto('members')
      .values({ owner_user_id: owner, code: 'MB-1', name: 'Lin Tenant', kind: 'person', phone: '13800000009', email: 'lin@tenant.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const room = await makeSupplyRoom(t.app, owner, null, { member_id: member.id });
    const events = t.app.prepaid.events;
    const records = () =>
      db.selectFrom('alarm_records').selectAll().where('kind', '=', 'balance').where('subject_id', '=', room.roomId).orderBy('id').execute();
    const alarmId = async () =>
      (await db.selectFrom('prepaid_accounts').select('balance_alarm_id').where('id', '=', room.accountId).executeTakeFirstOrThrow()).balance_alarm_id;

    await post(t.app, events, room.accountId, 10_000, 'topup'); // 100.00: normal
    await idle();
    expect(await records()).toEqual([]);

    await post(t.app, events, room.accountId, -6_000, 'charge'); // 40.00 < 50.00: level 1
    await idle();
    let rows = await records();
    expect(rows.map((r) => [r.severity, r.processing_state, r.subject_type, r.message])).toEqual([
      ['medium', 1, 'room', 'Balance 40.00 CNY under level 1 (50.00 CNY)'],
    ]);
    expect(await alarmId()).toBe(rows[0]!.id);

    await post(t.app, events, room.accountId, -100, 'charge'); // 39.00: still level 1, nothing new
    await idle();
    expect(await records()).toHaveLength(1);

    await post(t.app, events, room.accountId, -3_400, 'charge'); // 5.00 < 10.00: level 2
    await idle();
    rows = await records();
    expect(rows.map((r) => [r.severity, r.processing_state, r.message])).toEqual([
      ['medium', 4, 'Balance 40.00 CNY under level 1 (50.00 CNY)'],
      ['high', 1, 'Balance 5.00 CNY under level 2 (10.00 CNY)'],
    ]);
    expect(await alarmId()).toBe(rows[1]!.id);
    expect((await alarmCounts(db, { processingState: [1, 2] })).total).toBe(1);

    await post(t.app, events, room.accountId, 10_000, 'topup'); // 105.00: normal
    await idle();
    expect((await records()).map((r) => r.processing_state)).toEqual([4, 4]);
    expect(await alarmId()).toBeNull();

    const token = await loginAs(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/alarm-records?kind=balance', headers: bearer(token) });
    expect(list.json().data.total).toBe(2);

    const pushes = await db
      .selectFrom('push_records')
      .select(['channel', 'address', 'subject', 'body', 'recipient_name'])
      .where('recipient_name', '=', 'Lin Tenant')
      .orderBy('id')
      .execute();
    expect(pushes).toEqual([
      {
        channel: 'sms',
        address: '13800000009',
        recipient_name: 'Lin Tenant',
        subject: 'Low balance: SUP-R1',
        body: 'The balance of SUP-R1 is 40.00 CNY, under 50.00 CNY. Please top up.',
      },
      {
        channel: 'email',
        address: 'lin@tenant.test',
        recipient_name: 'Lin Tenant',
        subject: 'Low balance: SUP-R1',
        body: 'The balance of SUP-R1 is 40.00 CNY, under 50.00 CNY. Please top up.',
      },
      {
        channel: 'sms',
        address: '13800000009',
        recipient_name: 'Lin Tenant',
        subject: 'Very low balance: SUP-R1',
        body: 'The balance of SUP-R1 is 5.00 CNY, under 10.00 CNY. Top up soon to avoid a cut-off.',
      },
      {
        channel: 'email',
        address: 'lin@tenant.test',
        recipient_name: 'Lin Tenant',
        subject: 'Very low balance: SUP-R1',
        body: 'The balance of SUP-R1 is 5.00 CNY, under 10.00 CNY. Top up soon to avoid a cut-off.',
      },
    ]);
  });
});
