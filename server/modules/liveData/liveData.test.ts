import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  METER_DIRECTORY_CHANNEL,
  energyChannel,
  type EnergyFlowData,
  type EnergySeriesData,
  type EnergySummaryData,
  type MeterDirectoryData,
} from '@shared/board/channels';
import type { ChannelError } from '@shared/realtime/protocol';
import { RealtimeClient } from '@shared/realtime/realtimeClient';
import { loginAs } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { energyKit, type EnergyKit } from '../../energy/energyKit.test-util';

/** The live-data channels end to end: a server on a free port, the shared RealtimeClient, readings through ingest. */
let k: EnergyKit;
let url: string;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  k = await energyKit();
  await k.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = k.t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await k.t.close();
});

function connect(token: string): RealtimeClient {
  const client = new RealtimeClient({ url, token, socket: { transports: ['websocket'] } });
  clients.push(client);
  return client;
}

function collect<T>(client: RealtimeClient, channel: string) {
  const received: { at: number; data: T }[] = [];
  const errors: ChannelError[] = [];
  const stop = client.subscribe<T>(
    channel,
    (data) => received.push({ at: Date.now(), data }),
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

/** A sub-user whose role grants exactly these menus. */
async function userWithScreens(username: string, fullpaths: string[]): Promise<string> {
  const db = k.t.app.storage.db;
  const userId = await insertSubUserRow(db, { username, password: 'Operator!234' });
  const role = await db
    .insertInto('roles')
    .values({ name: `${username}-role`, type: 1, description: '', is_default: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
  for (const fullpath of fullpaths) {
    const router = await db.selectFrom('routers').select('id').where('fullpath', '=', fullpath).executeTakeFirstOrThrow();
    await db.insertInto('role_routers').values({ role_id: role.id, router_id: router.id }).execute();
  }
  return loginAs(k.t.app, username, 'Operator!234');
}

describe('energy channels over the socket', () => {
  it('series: the snapshot, then a delta within 2.5 s of the ingest batch; a batch that changes nothing sends nothing', async () => {
    const now = Date.now();
    await k.ingest([{ meter: 'M010', ts: now - 120_000, values: { kwh: 500 } }]);
    const meter = await k.id('meters', 'M010');
    const channel = energyChannel({ kind: 'series', scope: 'meter', ids: [meter], energyType: 'electricity', grain: 'hour', periods: 2 });
    const series = collect<EnergySeriesData>(connect(k.token), channel);
    await until(() => series.received.length === 1, 'the snapshot');
    expect(series.received[0]!.data).toMatchObject({
      scope: 'meter',
      grain: 'hour',
      unit: 'kWh',
      series: [{ scopeId: meter, name: 'M010 Hall A distribution board', total: 0 }],
    });
    expect(series.received[0]!.data.periods).toHaveLength(2);
    expect(Math.abs(series.received[0]!.data.computedAt - Date.now())).toBeLessThan(2_000);

    await k.ingest([{ meter: 'M010', ts: now - 60_000, values: { kwh: 540 } }]);
    const ingested = Date.now();
    await until(() => series.received.length === 2, 'the delta', 2_500);
    expect(series.received[1]!.at - ingested).toBeLessThan(2_500);
    expect(series.received[1]!.data.series[0]!.total).toBeCloseTo(40, 5);

    // Another meter's batch recomputes the room, but its figures did not change: nothing is sent.
    await k.ingest([{ meter: 'M040', ts: now - 60_000, values: { kwh: 5 } }]);
    await pause(2_600);
    expect(series.received).toHaveLength(2);
    expect(series.errors).toEqual([]);
    series.stop();
  });

  it('flow and summary carry the live energy', async () => {
    const client = connect(k.token);
    const flow = collect<EnergyFlowData>(client, 'energy:flow:electricity:hour:2');
    const summary = collect<EnergySummaryData>(client, 'energy:summary');
    await until(() => flow.received.length === 1 && summary.received.length === 1, 'both snapshots');
    // Hall A's board measured 40 kWh; the plant's incomer M001 sent nothing, so the plant shows 0.
    expect(flow.received[0]!.data.links).toEqual([
      { source: 'Site', target: 'Main Plant', value: 0 },
      { source: 'Site', target: 'Office Building', value: 0 },
      { source: 'Main Plant', target: 'Production Hall A', value: expect.closeTo(40, 5) },
    ]);
    const electricity = summary.received[0]!.data.totals.find((row) => row.energyType === 'electricity')!;
    // The 40 kWh of Hall A are not in the site total (the plant counts its incomer); the meters are online.
    expect(electricity.today + electricity.yesterday).toBe(0);
    expect(summary.received[0]!.data.meters).toEqual({ total: 30, online: 2, offline: 28 });
    flow.stop();
    summary.stop();
  });

  it('refuses ids that do not exist and users without an analysis screen; the summary is for everyone', async () => {
    const admin = connect(k.token);
    const missing = collect(admin, 'energy:series:department:99999:electricity:hour:24');
    await until(() => missing.errors.length === 1, 'the refusal');
    expect(missing.errors).toEqual([{ channel: 'energy:series:department:99999:electricity:hour:24', message: 'No department with id 99999' }]);

    const operator = connect(await userWithScreens('ld-operator', ['/base/device']));
    const flow = collect(operator, 'energy:flow:electricity:day:1');
    const summary = collect<EnergySummaryData>(operator, 'energy:summary');
    await until(() => flow.errors.length === 1 && summary.received.length === 1, 'the answers');
    expect(flow.errors).toEqual([{ channel: 'energy:flow:electricity:day:1', message: 'You may not see energy:flow:electricity:day:1' }]);
    expect(flow.received).toEqual([]);

    const analyst = connect(await userWithScreens('ld-analyst', ['/others/basic']));
    const ranking = collect(analyst, 'energy:ranking:department:top:electricity:day:1:5');
    await until(() => ranking.received.length === 1, 'the ranking');
    expect(ranking.errors).toEqual([]);
  });
});

describe('meters:directory', () => {
  it('lists every meter with its department path, top-level department and online flag', async () => {
    const directory = collect<MeterDirectoryData>(connect(k.token), METER_DIRECTORY_CHANNEL);
    await until(() => directory.received.length === 1, 'the snapshot');
    const { meters, computedAt } = directory.received[0]!.data;
    expect(meters).toHaveLength(30);
    expect(Math.abs(computedAt - Date.now())).toBeLessThan(2_000);
    const byCode = new Map(meters.map((meter) => [meter.code, meter]));
    expect(byCode.get('M010')).toEqual({
      id: await k.id('meters', 'M010'),
      code: 'M010',
      name: 'Hall A distribution board',
      energyType: 'electricity',
      departmentId: await k.id('departments', 'HALL-A'),
      departmentPath: 'Main Plant / Production Hall A',
      topDepartmentId: await k.id('departments', 'PLANT'),
      online: true,
    });
    expect(byCode.get('M011')).toMatchObject({
      departmentPath: 'Main Plant / Production Hall A / Line 1',
      topDepartmentId: await k.id('departments', 'PLANT'),
      online: false,
    });
    expect(byCode.get('M040')).toMatchObject({ departmentPath: 'Office Building', topDepartmentId: await k.id('departments', 'OFFICE'), online: true });
    expect(byCode.get('M036')).toMatchObject({ energyType: 'water', departmentPath: 'Main Plant / Utilities / Boiler House' });
  });

  it('needs a meter screen', async () => {
    const deviceToken = await userWithScreens('ld-device', ['/base/meterData']);
    // The directory lists the caller's tree: the demo meters move into this top-level user's tree.
    const db = k.t.app.storage.db;
    const deviceUser = await db.selectFrom('users').select('id').where('username', '=', 'ld-device').executeTakeFirstOrThrow();
    await db.updateTable('meters').set({ owner_user_id: deviceUser.id }).execute();
    const device = collect<MeterDirectoryData>(connect(deviceToken), METER_DIRECTORY_CHANNEL);
    const none = collect(connect(await userWithScreens('ld-none', ['/others/basic'])), METER_DIRECTORY_CHANNEL);
    await until(() => device.received.length === 1 && none.errors.length === 1, 'the answers');
    expect(device.received[0]!.data.meters).toHaveLength(30);
    expect(none.errors).toEqual([{ channel: METER_DIRECTORY_CHANNEL, message: 'You may not see meters:directory' }]);
  });
});
