import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterRecentChannel, type MeterRecentData } from '@shared/board/channels';
import type { ChannelError } from '@shared/realtime/protocol';
import type { RealtimeClient } from '@shared/realtime/realtimeClient';
import { BOARD_CONFIG_SCREEN, type DisplayCreated } from '@shared/schemas/boards';
import { displaysKit, until, type DisplaysKit } from '../modules/displays/displaysKit.test-util';
import { loadMeterRef } from '../energy/meterRef';
import { recentSeries } from '../energy/recentSeries';

/** The recent-series channel through the shared RealtimeClient against a listening server, as a wall reads it. */
let k: DisplaysKit;
const minute = 60_000;
const meterId = async (code: string) => (await k.t.app.storage.db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  k = await displaysKit();
});
afterAll(() => k.close());

async function displayToken(owner: string, boardId: number): Promise<string> {
  const { status, body } = await k.call('POST', '/api/displays', owner, { name: `Wall ${boardId}`, scope: { kind: 'boards', boardIds: [boardId] } });
  if (status !== 200) throw new Error(`display not created: ${body.message}`);
  return (body.data as DisplayCreated).token;
}

/** The first answer (or refusal) of a channel. */
async function first(client: RealtimeClient, channel: string): Promise<{ data?: MeterRecentData; error?: ChannelError }> {
  const received: MeterRecentData[] = [];
  const errors: ChannelError[] = [];
  const stop = client.subscribe<MeterRecentData>(
    channel,
    (data) => received.push(data),
    (error) => errors.push(error),
  );
  await until(() => received.length + errors.length > 0);
  stop();
  return { data: received[0], error: errors[0] };
}

describe('meter:<id>:recent:<metric>:<windowS>', () => {
  it('answers the stored window with the last reading before it, to a wall of the meter’s tree', async () => {
    const id = await meterId('M040');
    const now = Date.now();
    // kW 10 forty minutes ago (before the 30-minute window: the lead-in), then 20, 30, 40 inside it.
    const stored: [number, number][] = [
      [now - 40 * minute, 10],
      [now - 20 * minute, 20],
      [now - 10 * minute, 30],
      [now - minute, 40],
    ];
    // Seventy minutes ago: more than a window before the window, so not a lead-in.
    await k.t.app.ingest.submit({ readings: [{ meter: 'M040', ts: now - 70 * minute, values: { kwh: 99, kw: 5 } }] }, { kind: 'http' });
    await k.t.app.ingest.submit({ readings: stored.map(([ts, kw], i) => ({ meter: 'M040', ts, values: { kwh: 100 + i, kw } })) }, { kind: 'http' });

    const wall = k.client(await displayToken(k.adminToken, await k.board('Control room')));
    const before = Date.now();
    const { data, error } = await first(wall, meterRecentChannel(id, 'kw', 1800));
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ meterId: id, metric: 'kw', bucketMs: 0, points: stored });
    expect(data!.to).toBeGreaterThanOrEqual(before);
    expect(data!.to - data!.from).toBe(1_800_000);

    // A 6-minute window holds only the newest reading, led in by the one 10 minutes ago (within a window before it).
    expect((await first(wall, meterRecentChannel(id, 'kw', 360))).data!.points).toEqual(stored.slice(2));
  });

  it('answers again after a reconnection, with the readings stored while the wall was away', async () => {
    const id = await meterId('M042');
    const now = Date.now();
    await k.t.app.ingest.submit({ readings: [{ meter: 'M042', ts: now - 5 * minute, values: { kwh: 1, kw: 50 } }] }, { kind: 'http' });
    const wall = k.client(await displayToken(k.adminToken, await k.board('Reconnecting wall')));
    const received: MeterRecentData[] = [];
    wall.subscribe<MeterRecentData>(meterRecentChannel(id, 'kw', 900), (data) => received.push(data));
    await until(() => received.length === 1);
    expect(received[0]!.points).toEqual([[now - 5 * minute, 50]]);

    // Away: the connection drops, a reading is stored meanwhile; back, the wall gets the window again with it.
    for (const socket of await k.t.app.realtime.io.fetchSockets()) (socket as unknown as { conn: { close(): void } }).conn?.close();
    await until(() => !wall.connected);
    await k.t.app.ingest.submit({ readings: [{ meter: 'M042', ts: now - minute, values: { kwh: 2, kw: 60 } }] }, { kind: 'http' });
    await until(() => received.length === 2);
    expect(received[1]!.points).toEqual([
      [now - 5 * minute, 50],
      [now - minute, 60],
    ]);
  });

  it('refuses a wall of another tree as if the meter did not exist, and a user without a live-values screen', async () => {
    const id = await meterId('M040');
    const channel = meterRecentChannel(id, 'kw', 1800);
    const other = await k.userWith('recent_other_tree', [BOARD_CONFIG_SCREEN]);
    const otherWall = k.client(await displayToken(other.token, await k.board('Other tree wall', other.id)));
    expect(await first(otherWall, channel)).toEqual({ data: undefined, error: { channel, message: `Meter ${id} does not exist` } });

    const clerk = await k.userWith('recent_clerk', [], await k.adminId());
    expect((await first(k.client(clerk.token), channel)).error).toEqual({ channel, message: `You may not see ${channel}` });
  });

  it('refuses a window over 24 hours and a metric outside the catalogue', async () => {
    const id = await meterId('M040');
    const admin = k.client(k.adminToken);
    const long = `meter:${id}:recent:kw:86401`;
    expect((await first(admin, long)).error).toEqual({ channel: long, message: `${long} is not a recent-series channel (window at most 24 h)` });
    const unknown = meterRecentChannel(id, 'volts', 600);
    expect((await first(admin, unknown)).error).toEqual({ channel: unknown, message: 'metric: "volts" is not in the metric catalogue' });
  });

  it('answers bucket means when the window holds more readings than the cap', async () => {
    // 700 readings a second apart from a whole minute on, kW = the reading's index: 60-second buckets.
    const base = Math.floor((Date.now() - 60 * minute) / minute) * minute;
    const readings = Array.from({ length: 700 }, (_, i) => ({ meter: 'M041', ts: base + i * 1000, values: { kwh: 10 + i / 1000, kw: i } }));
    for (let start = 0; start < readings.length; start += 100) await k.t.app.ingest.submit({ readings: readings.slice(start, start + 100) }, { kind: 'http' });
    const meter = await loadMeterRef(k.t.app.storage.db, await meterId('M041'));
    const series = await recentSeries(k.t.app.storage, meter, 'kw', base, base + 699_000, 600);
    expect(series.bucketMs).toBe(60_000);
    // Minute k holds readings 60k … 60k + 59 (mean 60k + 29.5); the last one 660 … 699 (mean 679.5).
    expect(series.points).toEqual([...Array.from({ length: 11 }, (_, m) => [base + m * minute, 60 * m + 29.5]), [base + 11 * minute, 679.5]]);
    // Under the cap: the raw readings.
    expect((await recentSeries(k.t.app.storage, meter, 'kw', base, base + 9_000, 600)).points).toEqual(readings.slice(0, 10).map((r) => [r.ts, r.values.kw]));
  });
});
