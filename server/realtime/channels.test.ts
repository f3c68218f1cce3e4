import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmKind, AlarmRecord, AlarmState, AlarmTotalCount } from '@shared/schemas/alarms';
import { ErrorCode } from '@shared/errors';
import type { ChannelError, MeterLatestValues } from '@shared/realtime/protocol';
import { RealtimeClient, type Refusal } from '@shared/realtime/realtimeClient';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { toAlarmRecord } from '../alarms/alarmRecords';

/** The channel hub through the shared RealtimeClient, against a whole server listening on a free port. */
let t: TestApp;
let url: string;
let adminToken: string;
const clients: RealtimeClient[] = [];
const db = () => t.app.storage.db;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
  adminToken = await loginAs(t.app);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

function connect(token: string, refusals: Refusal[] = [], reconnectionDelay = 50): RealtimeClient {
  const client = new RealtimeClient({
    url,
    token,
    onRefused: (refusal) => refusals.push(refusal),
    socket: { transports: ['websocket'], reconnectionDelay, reconnectionDelayMax: reconnectionDelay },
  });
  clients.push(client);
  return client;
}

/** Everything a channel delivers, and its errors. */
function collect<T>(client: RealtimeClient, channel: string) {
  const received: T[] = [];
  const errors: ChannelError[] = [];
  const stop = client.subscribe<T>(
    channel,
    (data) => received.push(data),
    (error) => errors.push(error),
  );
  return { received, errors, stop };
}

async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meterId = async (code: string) => (await db().selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** An alarm record on meter M011, as the engine would write it. */
async function insertAlarm(kind: AlarmKind, state: AlarmState): Promise<AlarmRecord> {
  const subjectId = await meterId('M011');
  const { id } = await db()
    .insertInto('alarm_records')
    .values({
      kind,
      severity: 'high',
      processing_state: state,
      subject_type: 'meter',
      subject_id: subjectId,
      subject_code: 'M011',
      subject_name: 'Line 1 press',
      rule_id: 0,
      metric: 'kw',
      value: 512.3,
      limit_value: 500,
      message: 'kw 512.3 over 500 for 60 s',
      raised_at: Date.now(),
      ended_at: null,
      repeat_count: 0,
      last_repeat_at: null,
      acknowledged_by: null,
      acknowledged_at: null,
      processed_by: null,
      processed_at: null,
      note: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toAlarmRecord(await db().selectFrom('alarm_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

const counts = (total: number, deviceCount: number, errorCount: number, troubleCount: number, offlineCount: number): AlarmTotalCount => ({
  total,
  deviceCount,
  errorCount,
  troubleCount,
  offlineCount,
});

describe('realtime channels', () => {
  it('refuses a bad token with its code, and the client closes', async () => {
    const refusals: Refusal[] = [];
    const client = connect('garbage', refusals);
    await until(() => refusals.length === 1, 'the refusal');
    expect(refusals).toEqual([{ code: ErrorCode.TOKEN_INVALID, message: 'Invalid token, please log in again' }]);
    expect(client.isClosed).toBe(true);
  });

  it('alarms:counts: snapshot of the open alarms, then one coalesced update for a burst', async () => {
    await insertAlarm('device', 1);
    await insertAlarm('device', 2);
    await insertAlarm('offline', 2);
    await insertAlarm('error', 3); // processed: not counted
    const client = connect(adminToken);
    const channel = collect<AlarmTotalCount>(client, 'alarms:counts');
    await until(() => channel.received.length === 1, 'the snapshot');
    expect(channel.received).toEqual([counts(3, 2, 0, 0, 1)]);

    const burst = [await insertAlarm('error', 1), await insertAlarm('trouble', 1), await insertAlarm('device', 1)];
    for (const record of burst) t.app.alarms.events.emit('raised', record);
    await until(() => channel.received.length === 2, 'the update');
    await pause(400); // a second update would have come within 250 ms
    expect(channel.received).toEqual([counts(3, 2, 0, 0, 1), counts(6, 3, 1, 1, 1)]);
    channel.stop();
  });

  it('alarms:counts of a sub-user covers only its own tree; meter channels need a meter screen', async () => {
    // A role that grants the home page only: no meter screen.
    const userId = await insertSubUserRow(db(), { username: 'rt-operator', password: 'Operator!234' });
    const role = await db()
      .insertInto('roles')
      .values({ name: 'rt-home-only', type: 1, description: '', is_default: 0, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
    const client = connect(await loginAs(t.app, 'rt-operator', 'Operator!234'));
    const alarmCounts = collect<AlarmTotalCount>(client, 'alarms:counts');
    const meter = collect<MeterLatestValues>(client, `meter:${await meterId('M011')}:latest`);
    await until(() => alarmCounts.received.length === 1 && meter.errors.length === 1, 'the answers');
    // The operator owns no gateway: none of the M011 alarms is in its tree.
    expect(alarmCounts.received).toEqual([counts(0, 0, 0, 0, 0)]);
    expect(meter.errors).toEqual([{ channel: `meter:${await meterId('M011')}:latest`, message: `You may not see meter:${await meterId('M011')}:latest` }]);
    expect(meter.received).toEqual([]);

    // A new alarm outside its tree reaches the admin, not the operator.
    // A first subscription starts with the unacknowledged records the user may see (the admin: all of them).
    const waiting = (await db().selectFrom('alarm_records').select('id').where('processing_state', '=', 1).orderBy('id').execute()).map((r) => r.id);
    expect(waiting.length).toBeGreaterThan(0);
    const operatorAlarms = collect<AlarmRecord>(client, 'alarms:new');
    const adminAlarms = collect<AlarmRecord>(connect(adminToken), 'alarms:new');
    await until(() => adminAlarms.received.length === waiting.length, "the admin's unacknowledged alarms");
    const record = await insertAlarm('device', 1);
    t.app.alarms.events.emit('raised', record);
    await until(() => adminAlarms.received.length === waiting.length + 1, "the admin's alarm");
    await pause(100);
    expect(adminAlarms.received.map((r) => r.id)).toEqual([...waiting, record.id]);
    expect(operatorAlarms.received).toEqual([]);
  });

  it('refuses unknown channels and meters that do not exist', async () => {
    const client = connect(adminToken);
    const unknown = collect(client, 'alarms:everything');
    const missing = collect(client, 'meter:999999:latest');
    await until(() => unknown.errors.length === 1 && missing.errors.length === 1, 'both refusals');
    expect(unknown.errors).toEqual([{ channel: 'alarms:everything', message: 'Unknown channel "alarms:everything"' }]);
    expect(missing.errors).toEqual([{ channel: 'meter:999999:latest', message: 'Meter 999999 does not exist' }]);
    expect(client.isClosed).toBe(false);
  });

  it('meter:<id>:latest: the stored latest values, then the values of the next ingest batch', async () => {
    const id = await meterId('M040');
    const ts = Date.parse('2026-11-10T08:00:00Z');
    await t.app.ingest.submit({ readings: [{ meter: 'M040', ts, values: { kwh: 50, kw: 12.5 } }] }, { kind: 'http' });
    const client = connect(adminToken);
    const latest = collect<MeterLatestValues>(client, `meter:${id}:latest`);
    await until(() => latest.received.length === 1, 'the snapshot');
    expect(latest.received).toEqual([{ meterId: id, ts, values: { kwh: 50, kw: 12.5 } }]);

    await t.app.ingest.submit({ readings: [{ meter: 'M040', ts: ts + 60_000, values: { kwh: 50.25, kw: 15 } }] }, { kind: 'http' });
    await until(() => latest.received.length === 2, 'the delta');
    expect(latest.received[1]).toEqual({ meterId: id, ts: ts + 60_000, values: { kwh: 50.25, kw: 15 } });
    // Another meter's batch does not wake this channel.
    await t.app.ingest.submit({ readings: [{ meter: 'M011', ts: ts + 60_000, values: { kw: 1 } }] }, { kind: 'http' });
    await pause(400);
    expect(latest.received).toHaveLength(2);
  });

  it('alarms:new: live records, and after a reconnect the ones raised meanwhile', async () => {
    // Nothing waits to be acknowledged: the first subscription's snapshot is empty.
    await db().updateTable('alarm_records').set({ processing_state: 3 }).where('processing_state', '=', 1).execute();
    const client = connect(adminToken, [], 500);
    const alarms = collect<AlarmRecord>(client, 'alarms:new');
    await until(() => client.connected, 'the connection');
    await pause(100); // the subscribe's ack carries the cursor
    const live = await insertAlarm('device', 1);
    t.app.alarms.events.emit('raised', live);
    await until(() => alarms.received.length === 1, 'the live alarm');
    expect(alarms.received.map((r) => r.id)).toEqual([live.id]);

    // Drop the connection; while the client waits to reconnect (500 ms) two alarms are raised.
    for (const socket of await t.app.realtime.io.fetchSockets()) (socket as unknown as { conn: { close(): void } }).conn?.close();
    await until(() => !client.connected, 'the drop');
    const missed = [await insertAlarm('offline', 1), await insertAlarm('error', 1)];
    for (const record of missed) t.app.alarms.events.emit('raised', record);
    await until(() => alarms.received.length === 3, 'the missed alarms', 5_000);
    expect(alarms.received.map((r) => r.id)).toEqual([live.id, missed[0]!.id, missed[1]!.id]);
    expect(alarms.received[1]).toEqual(missed[0]);
  });

  it('alarms:open: one list of the new and acknowledged records in scope, then each change; a sub-user sees none outside its tree', async () => {
    const fresh = await insertAlarm('device', 1);
    const acknowledged = await insertAlarm('offline', 2);
    await insertAlarm('error', 3); // processed: not open
    const openIds = (
      await db().selectFrom('alarm_records').select('id').where('processing_state', 'in', [1, 2]).orderBy('raised_at', 'desc').orderBy('id', 'desc').execute()
    ).map((r) => r.id);
    const admin = collect<AlarmRecord[] | AlarmRecord>(connect(adminToken), 'alarms:open');
    const operator = collect<AlarmRecord[] | AlarmRecord>(connect(await loginAs(t.app, 'rt-operator', 'Operator!234')), 'alarms:open');
    await until(() => admin.received.length === 1 && operator.received.length === 1, 'both snapshots');
    const snapshot = admin.received[0] as AlarmRecord[];
    expect(snapshot.map((r) => r.id)).toEqual(openIds);
    expect(snapshot.slice(0, 2).map((r) => [r.id, r.processingState])).toEqual([
      [acknowledged.id, 2],
      [fresh.id, 1],
    ]);
    expect(operator.received).toEqual([[]]);

    // Processing the acknowledged one is sent as the changed record (state 3): the client drops it.
    await db().updateTable('alarm_records').set({ processing_state: 3 }).where('id', '=', acknowledged.id).execute();
    t.app.alarms.events.emit('changed', { ...acknowledged, processingState: 3 });
    await until(() => admin.received.length === 2, 'the change');
    expect(admin.received[1]).toMatchObject({ id: acknowledged.id, processingState: 3 });
    await pause(100);
    expect(operator.received).toHaveLength(1);
  });

  it('checks the session again on subscribe: a revoked one is refused and disconnected', async () => {
    const refusals: Refusal[] = [];
    const token = await loginAs(t.app);
    const client = connect(token, refusals);
    await until(() => client.connected, 'the connection');
    // Revoked behind the socket's back (no disconnectSession): the next subscribe finds out.
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    await db().updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', sid).execute();
    client.subscribe('alarms:counts', () => undefined);
    await until(() => refusals.length === 1, 'the refusal');
    expect(refusals[0]!.code).toBe(ErrorCode.TOKEN_REVOKED);
    expect(client.isClosed).toBe(true);
  });
});
