import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '../../../tests/support/testApp';
import type { MqttIngress } from '../../mqtt';
import { waitFor } from '../../mqtt/mqttKit.test-util';
import { PrepaidEvents } from '../prepaidEvents';
import { SupplyControl } from './supplyControl';
import { addTestGateway, connectGateway, makeSupplyRoom, post, startSupplyBroker, type TestGateway } from './supplyKit.test-util';

const TZ = 'Asia/Shanghai';
/** Thursday 2026-11-26 23:30 in Shanghai (UTC+8) */
const THU_2330 = Date.UTC(2026, 10, 26, 15, 30);
/** Friday 2026-11-27 07:00 in Shanghai */
const FRI_0700 = Date.UTC(2026, 10, 26, 23, 0);
/** Saturday 2026-11-28 12:00 in Shanghai */
const SAT_NOON = Date.UTC(2026, 10, 28, 4, 0);

let t: TestApp;
let broker: MqttIngress;
let gateway: TestGateway;
let owner: number;
let events: PrepaidEvents;
let control: SupplyControl;
let clockAt: number | null = null;
const SN = 'GW-SUPPLY';

const account = (id: number) => t.app.storage.db.selectFrom('prepaid_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const commands = (id: number) => t.app.storage.db.selectFrom('supply_commands').selectAll().where('account_id', '=', id).orderBy('id').execute();
const eventsOf = async (id: number) =>
  (await t.app.storage.db.selectFrom('account_events').select(['what', 'detail', 'operator']).where('account_id', '=', id).orderBy('id').execute()).map(
    (row) => ({
      what: row.what,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
      operator: row.operator,
    }),
  );

function makeControl(options: { ackTimeoutMs?: number; retryDelaysMs?: number[] } = {}): SupplyControl {
  return new SupplyControl({
    db: t.app.storage.db,
    timeZone: TZ,
    events,
    clock: () => clockAt ?? Date.now(),
    ackTimeoutMs: options.ackTimeoutMs ?? 5_000,
    retryDelaysMs: options.retryDelaysMs ?? [5_000],
    tickMs: 25,
    sweepMs: 3_600_000,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  // The app's own supply control listens to app.prepaid.events; these tests drive their own on their own events.
  events = new PrepaidEvents((error) => {
    throw error;
  });
  control = makeControl();
  control.start();
  broker = await startSupplyBroker(t.app, () => control);
  control.connect({ publish: broker.publish! });
  // The app's own control answers the HTTP route here; its timers are stopped so only `control` resends.
  await t.app.prepaid.supply.stop();
  t.app.prepaid.supply.connect({ publish: broker.publish! });
  gateway = await connectGateway(broker.port!, SN, await addTestGateway(t.app, SN, owner));
}, 30_000);

afterAll(async () => {
  await gateway?.close();
  await control?.stop();
  await broker?.close();
  await t?.close();
});

describe('cut-off at the credit limit, restore after a top-up', () => {
  it('cuts at zero (command on gateways/{sn}/commands, acked → cut), a top-up restores (acked → on), every step logged', async () => {
    gateway.mode = 'ok';
    const room = await makeSupplyRoom(t.app, owner, SN);
    await post(t.app, events, room.accountId, 300, 'topup');
    await post(t.app, events, room.accountId, -300, 'charge');
    await control.idle();
    await waitFor(() => gateway.received.some((c) => c.meter === room.meterCode && c.action === 'cut'));
    const cut = gateway.received.find((c) => c.meter === room.meterCode)!;
    expect(Object.keys(cut).sort()).toEqual(['action', 'at', 'commandId', 'issuedAt', 'meter']);
    await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('cut');
    const [command] = await commands(room.accountId);
    expect(command).toMatchObject({
      command_id: cut.commandId,
      action: 'cut',
      state: 'acked',
      cause: 'balance',
      operator: 'system',
      attempts: 1,
      gateway_sn: SN,
    });

    await post(t.app, events, room.accountId, 5_000, 'topup');
    await waitFor(() => gateway.received.some((c) => c.meter === room.meterCode && c.action === 'restore'));
    await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('on');
    const all = await commands(room.accountId);
    expect(all.map((c) => [c.action, c.state, c.cause])).toEqual([
      ['cut', 'acked', 'balance'],
      ['restore', 'acked', 'topup'],
    ]);
    expect((await eventsOf(room.accountId)).map((e) => e.what)).toEqual(['supply_cut', 'supply_command_acked', 'supply_restore', 'supply_command_acked']);
    expect((await eventsOf(room.accountId))[0]!.detail).toMatchObject({ cause: 'balance', meters: [room.meterCode], balanceMinor: 0 });
  });

  it('the credit limit: −4.99 with a 5.00 limit stays on; −5.00 cuts', async () => {
    gateway.mode = 'ok';
    const room = await makeSupplyRoom(t.app, owner, SN, { credit_limit_minor: 500 });
    await post(t.app, events, room.accountId, -499, 'charge');
    await control.idle();
    expect(await commands(room.accountId)).toEqual([]);
    await post(t.app, events, room.accountId, -1, 'charge');
    await control.idle();
    await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('cut');
  });
});

describe('cut-off held back', () => {
  it('in the night no-cut window (22:00–07:00): logged why, cut by the sweep when the window ends', async () => {
    const room = await makeSupplyRoom(t.app, owner, SN, { no_cut_from: '22:00', no_cut_to: '07:00' });
    clockAt = THU_2330;
    try {
      await post(t.app, events, room.accountId, -100, 'charge', THU_2330);
      await control.idle();
      expect(await commands(room.accountId)).toEqual([]);
      expect(await eventsOf(room.accountId)).toEqual([
        { what: 'supply_cut_blocked', detail: { reason: 'In the no-cut window 22:00–07:00' }, operator: 'system' },
      ]);
      clockAt = FRI_0700 - 60_000; // 06:59: still inside
      await control.sweep();
      expect(await commands(room.accountId)).toEqual([]);
      clockAt = FRI_0700;
      await control.sweep();
      expect((await commands(room.accountId)).map((c) => [c.action, c.cause])).toEqual([['cut', 'balance']]);
    } finally {
      clockAt = null;
    }
  });

  it('at weekends and on public holidays of the working calendar', async () => {
    const weekend = await makeSupplyRoom(t.app, owner, SN, { no_cut_weekends: 1 });
    const holiday = await makeSupplyRoom(t.app, owner, SN, { no_cut_holidays: 1 });
    await t.app.storage.db
      .insertInto('calendar_days')
      .values({ day: '2026-11-27', day_type: 'holiday', name: 'Test holiday', updated_by: null, updated_at: 0 })
      .execute();
    clockAt = SAT_NOON;
    try {
      await post(t.app, events, weekend.accountId, -100, 'charge', SAT_NOON);
      await control.idle();
      clockAt = FRI_0700;
      await post(t.app, events, holiday.accountId, -100, 'charge', FRI_0700);
      await control.idle();
    } finally {
      clockAt = null;
    }
    expect(await commands(weekend.accountId)).toEqual([]);
    expect(await commands(holiday.accountId)).toEqual([]);
    expect((await eventsOf(weekend.accountId))[0]!.detail).toEqual({ reason: 'No cut-off at weekends (2026-11-28)' });
    expect((await eventsOf(holiday.accountId))[0]!.detail).toEqual({ reason: 'No cut-off on public holidays (2026-11-27)' });
  });

  it('by keep-supply; turning it off cuts, turning it on again restores a room cut for its balance', async () => {
    gateway.mode = 'ok';
    const room = await makeSupplyRoom(t.app, owner, SN, { keep_supply: 1 });
    await post(t.app, events, room.accountId, -100, 'charge');
    await control.idle();
    expect(await commands(room.accountId)).toEqual([]);
    expect((await eventsOf(room.accountId))[0]).toEqual({ what: 'supply_cut_blocked', detail: { reason: 'Keep-supply is on' }, operator: 'system' });

    expect(await control.manual([room.accountId], 'keepOff', 'Tenant moved out', 'alice')).toEqual([
      { accountId: room.accountId, ok: true, message: 'Keep-supply is off', commandIds: [] },
    ]);
    await control.idle();
    await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('cut');
    await control.manual([room.accountId], 'keepOn', 'Cold store inside', 'alice');
    await control.idle();
    await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('on');
    expect((await eventsOf(room.accountId)).map((e) => [e.what, e.operator])).toEqual([
      ['supply_cut_blocked', 'system'],
      ['keep_supply_off', 'alice'],
      ['supply_cut', 'system'],
      ['supply_command_acked', 'system'],
      ['keep_supply_on', 'alice'],
      ['supply_restore', 'system'],
      ['supply_command_acked', 'system'],
    ]);
  });
});

describe('a gateway that does not ack', () => {
  it('never acks: resent after the timeout and each retry delay, then unknown (command and account)', async () => {
    const quick = makeControl({ ackTimeoutMs: 100, retryDelaysMs: [100, 100] });
    const previous = control;
    await previous.stop(); // one sender in this test, so the attempts follow the quick delays
    control = quick;
    quick.connect({ publish: broker.publish! });
    gateway.mode = 'silent';
    try {
      const room = await makeSupplyRoom(t.app, owner, SN, { balance_level: 3 }); // balance 0: arrears
      await quick.evaluate(room.accountId, 'balance', true);
      quick.start();
      await expect.poll(async () => (await commands(room.accountId))[0]?.state, { timeout: 5_000 }).toBe('unknown');
      const [command] = await commands(room.accountId);
      expect(command).toMatchObject({ attempts: 3, result: 'No ack after 3 attempts', action: 'cut' });
      expect(gateway.received.filter((c) => c.commandId === command!.command_id)).toHaveLength(3);
      // The account follows its command in a write of its own, a moment later.
      await expect.poll(async () => (await account(room.accountId)).supply_state, { timeout: 5_000 }).toBe('unknown');
      await expect.poll(async () => (await eventsOf(room.accountId)).map((e) => e.what), { timeout: 5_000 }).toEqual(['supply_cut', 'supply_command_unknown']);
    } finally {
      await quick.stop();
      control = previous;
      previous.start();
      gateway.mode = 'ok';
    }
  });

  it('acks ok:false: the command failed with the gateway message, the account unknown', async () => {
    gateway.mode = 'refuse';
    try {
      const room = await makeSupplyRoom(t.app, owner, SN, { balance_level: 3 });
      await control.evaluate(room.accountId, 'balance', true);
      await expect.poll(async () => (await commands(room.accountId))[0]?.state).toBe('failed');
      expect((await commands(room.accountId))[0]).toMatchObject({ result: 'relay stuck' });
      await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('unknown');
      expect((await eventsOf(room.accountId)).at(-1)).toMatchObject({ what: 'supply_command_failed', detail: { message: 'relay stuck', action: 'cut' } });
    } finally {
      gateway.mode = 'ok';
    }
  });

  it('an ack for another gateway’s command is ignored', async () => {
    const room = await makeSupplyRoom(t.app, owner, SN, { balance_level: 3 });
    gateway.mode = 'silent';
    await control.evaluate(room.accountId, 'balance', true);
    const [command] = await commands(room.accountId);
    expect(await control.handleAck('GW-OTHER', JSON.stringify({ commandId: command!.command_id, ok: true }))).toBe(false);
    expect((await commands(room.accountId))[0]!.state).toBe('sent');
    gateway.mode = 'ok';
  });
});

describe('by hand: POST /api/prepaid/supply and GET /api/prepaid/commands', () => {
  it('cuts a batch with a reason, says why not per account; a top-up does not restore an operator cut', async () => {
    gateway.mode = 'ok';
    const token = await loginAs(t.app);
    const withGateway = await makeSupplyRoom(t.app, owner, SN, { balance_minor: 0 });
    const kept = await makeSupplyRoom(t.app, owner, SN, { keep_supply: 1 });
    const noGateway = await makeSupplyRoom(t.app, owner, null);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prepaid/supply',
      headers: bearer(token),
      payload: { accountIds: [withGateway.accountId, kept.accountId, noGateway.accountId, 999_999], action: 'cut', reason: 'Meter room inspection' },
    });
    const results = response.json().data as { accountId: number; ok: boolean; message: string; commandIds: string[] }[];
    expect(results.map(({ accountId, ok, message }) => ({ accountId, ok, message }))).toEqual([
      { accountId: withGateway.accountId, ok: true, message: 'Cut-off sent' },
      { accountId: kept.accountId, ok: false, message: 'Keep-supply is on' },
      { accountId: noGateway.accountId, ok: false, message: 'No meter of this room has a gateway' },
      { accountId: 999_999, ok: false, message: 'Account 999999 was not found' },
    ]);
    expect(results[0]!.commandIds).toHaveLength(1);
    await expect.poll(async () => (await account(withGateway.accountId)).supply_state).toBe('cut');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/prepaid/supply',
      headers: bearer(token),
      payload: { accountIds: [withGateway.accountId], action: 'cut', reason: 'again' },
    });
    expect(again.json().data[0].message).toBe('Supply is already cut');

    // The app's own supply control: a top-up on an operator cut sends nothing.
    await post(t.app, t.app.prepaid.events, withGateway.accountId, 10_000, 'topup');
    await t.app.prepaid.supply.evaluate(withGateway.accountId, 'topup', true);
    expect((await commands(withGateway.accountId)).map((c) => c.action)).toEqual(['cut']);

    const list = await t.app.inject({ method: 'GET', url: `/api/prepaid/commands?accountId=${withGateway.accountId}`, headers: bearer(token) });
    expect(list.json().data).toMatchObject({
      total: 1,
      list: [
        {
          accountId: withGateway.accountId,
          action: 'cut',
          state: 'acked',
          cause: 'operator',
          reason: 'Meter room inspection',
          operator: 'admin',
          gatewaySn: SN,
          attempts: 1,
        },
      ],
    });

    const restore = await t.app.inject({
      method: 'POST',
      url: '/api/prepaid/supply',
      headers: bearer(token),
      payload: { accountIds: [withGateway.accountId], action: 'restore', reason: 'Inspection done' },
    });
    expect(restore.json().data[0]).toMatchObject({ ok: true, message: 'Restore sent' });
    await expect.poll(async () => (await account(withGateway.accountId)).supply_state).toBe('on');
  });

  it('refuses a restore while one is on its way (a second operator would publish a second command)', async () => {
    const token = await loginAs(t.app);
    const restoring = await makeSupplyRoom(t.app, owner, SN, { supply_state: 'restoring' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prepaid/supply',
      headers: bearer(token),
      payload: { accountIds: [restoring.accountId], action: 'restore', reason: 'Asked again' },
    });
    expect(response.json().data).toEqual([{ accountId: restoring.accountId, ok: false, message: 'Supply is already on', commandIds: [] }]);
    expect(await commands(restoring.accountId)).toEqual([]);
  });

  it('refuses a batch without a reason', async () => {
    const token = await loginAs(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prepaid/supply',
      headers: bearer(token),
      payload: { accountIds: [1], action: 'cut', reason: ' ' },
    });
    expect(response.json()).toMatchObject({ code: 40000 });
    expect(JSON.stringify(response.json())).toContain('Give a reason');
  });
});

describe('top-up announce → restore published', () => {
  it('p95 under a second (40 rooms, one after another)', async () => {
    gateway.mode = 'ok';
    const latencies: number[] = [];
    for (let i = 0; i < 40; i++) {
      const room = await makeSupplyRoom(t.app, owner, SN, { balance_level: 3 });
      await control.evaluate(room.accountId, 'balance', true);
      await expect.poll(async () => (await account(room.accountId)).supply_state).toBe('cut');
      const started = Date.now();
      await post(t.app, events, room.accountId, 10_000, 'topup', started);
      await waitFor(() => gateway.received.some((c) => c.meter === room.meterCode && c.action === 'restore'), 5_000);
      latencies.push(gateway.received.find((c) => c.meter === room.meterCode && c.action === 'restore')!.at - started);
    }
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
    console.log(`top-up announce → restore received by the gateway: p50 ${latencies[20]} ms, p95 ${p95} ms, max ${latencies.at(-1)} ms`);
    expect(p95).toBeLessThan(1_000);
  }, 60_000);
});
