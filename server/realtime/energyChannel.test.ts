import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { energyChannel, type EnergyFlowData, type EnergyRankingData, type EnergySeriesData, type EnergySummaryData } from '@shared/board/channels';
import type { AuthContext } from '../auth/authService';
import { EnergyAnalysis } from '../energy/energyAnalysis';
import { at, energyKit, TZ, type EnergyKit } from '../energy/energyKit.test-util';
import { ChannelRefusal, type ActiveRoom, type ChannelProvider, type ChannelPublisher } from './channelProvider';
import { energyChannels } from './energyChannel';
import { LatestValuesFeed } from './latestValuesFeed';

// The energyFigures fixture: one hour (00:00–01:00, 2026-11-10 Shanghai) of
//   M001 plant incomer 100 kWh, M010 hall A 40, M020 hall B 30, M030 chiller (utilities → HVAC) 10, M011 line 1 5.
// The provider runs on a fixed clock at 12:00 that day, outside the socket hub.
let k: EnergyKit;
const H0 = at('2026-11-10T00:00:00');
const H1 = at('2026-11-10T01:00:00');
const NOW = at('2026-11-10T12:00:00');
const feed = new LatestValuesFeed();
const errors: unknown[] = [];
let provider: ChannelProvider;
const admin = { isAdmin: true, display: null, permittedPaths: async () => new Set<string>() } as unknown as AuthContext;
/** A non-admin caller; user 1 is the built-in admin, whose tree holds the demo site these figures read. */
const withScreens = (...paths: string[]) =>
  ({ isAdmin: false, display: null, user: { id: 1 }, permittedPaths: async () => new Set(paths) }) as unknown as AuthContext;

beforeAll(async () => {
  k = await energyKit();
  const step = (meter: string, from: number, to: number) => [
    { meter, ts: H0, values: { kwh: from } },
    { meter, ts: H1, values: { kwh: to } },
  ];
  await k.ingest([...step('M001', 1000, 1100), ...step('M010', 500, 540), ...step('M020', 200, 230), ...step('M030', 10, 20), ...step('M011', 0, 5)]);
  const db = k.t.app.storage.db;
  provider = energyChannels({ db, analysis: new EnergyAnalysis(db, TZ), timeZone: TZ, feed, onError: (error) => errors.push(error), now: () => NOW });
});
afterAll(() => k.t.close());

async function snapshotOf<T>(channel: string, auth = admin): Promise<T> {
  expect(provider.matches(channel)).toBe(true);
  const subscription = { channel, auth, afterId: undefined };
  const joined = await provider.join(subscription);
  const userId = auth.isAdmin ? null : auth.user.id;
  expect(joined).toEqual({ room: userId === null ? `${channel}#all` : `${channel}#user:${userId}`, scope: { userId } });
  const { messages } = await provider.snapshot(subscription, joined.scope);
  expect(messages).toHaveLength(1);
  return messages[0] as T;
}

async function refusal(channel: string, auth = admin): Promise<string> {
  try {
    await provider.join({ channel, auth, afterId: undefined });
  } catch (error) {
    expect(error).toBeInstanceOf(ChannelRefusal);
    return (error as Error).message;
  }
  throw new Error(`${channel} was not refused`);
}

describe('energy:* snapshots', () => {
  it('series: the department rollups of the last two local days, with computedAt', async () => {
    const [plant, hallA] = [await k.id('departments', 'PLANT'), await k.id('departments', 'HALL-A')];
    const data = await snapshotOf<EnergySeriesData>(
      energyChannel({ kind: 'series', scope: 'department', ids: [hallA, plant], energyType: 'electricity', grain: 'day', periods: 2 }),
    );
    expect(data).toEqual({
      scope: 'department',
      energyType: 'electricity',
      grain: 'day',
      unit: 'kWh',
      periods: ['2026-11-09', '2026-11-10'],
      series: [
        {
          scopeId: plant,
          name: 'Main Plant',
          total: 100,
          points: [
            { period: '2026-11-09', energy: 0 },
            { period: '2026-11-10', energy: 100 },
          ],
        },
        {
          scopeId: hallA,
          name: 'Production Hall A',
          total: 40,
          points: [
            { period: '2026-11-09', energy: 0 },
            { period: '2026-11-10', energy: 40 },
          ],
        },
      ],
      computedAt: NOW,
    });
  });

  it('series by hour: 13 hours from 00:00 to the current hour', async () => {
    const meter = await k.id('meters', 'M011');
    const data = await snapshotOf<EnergySeriesData>(`energy:series:meter:${meter}:electricity:hour:13`);
    expect(data.periods).toHaveLength(13);
    expect(data.periods[0]).toBe(String(H0));
    expect(data.series[0]).toMatchObject({ name: 'M011 Line 1 press', total: 5 });
    expect(data.series[0]!.points[0]).toEqual({ period: String(H0), energy: 5 });
  });

  it('ranking: the children of the plant today, top 2, shares of all of them', async () => {
    const plant = await k.id('departments', 'PLANT');
    const data = await snapshotOf<EnergyRankingData>(`energy:ranking:department:${plant}:electricity:day:1:2`);
    expect(data).toEqual({
      unit: 'kWh',
      rows: [
        { scopeId: await k.id('departments', 'HALL-A'), name: 'Production Hall A', energy: 40, share: 0.5 },
        { scopeId: await k.id('departments', 'HALL-B'), name: 'Production Hall B', energy: 30, share: 0.375 },
      ],
      computedAt: NOW,
    });
    const subitems = await snapshotOf<EnergyRankingData>('energy:ranking:subitem:top:electricity:day:1:10');
    expect(subitems.rows.map((row) => [row.name, row.energy])).toEqual([
      ['HVAC', 10],
      ['Power', 5],
      ['Lighting', 0],
      ['Special', 0],
    ]);
  });

  it('flow: Site → top-level departments → their children with energy', async () => {
    const data = await snapshotOf<EnergyFlowData>('energy:flow:electricity:day:1');
    expect(data).toEqual({
      unit: 'kWh',
      nodes: [
        { name: 'Site', depth: 0 },
        { name: 'Main Plant', depth: 1 },
        { name: 'Office Building', depth: 1 },
        { name: 'Production Hall A', depth: 2 },
        { name: 'Production Hall B', depth: 2 },
        { name: 'Utilities', depth: 2 },
      ],
      links: [
        { source: 'Site', target: 'Main Plant', value: 100 },
        { source: 'Site', target: 'Office Building', value: 0 },
        { source: 'Main Plant', target: 'Production Hall A', value: 40 },
        { source: 'Main Plant', target: 'Production Hall B', value: 30 },
        { source: 'Main Plant', target: 'Utilities', value: 10 },
      ],
      computedAt: NOW,
    });
  });

  it('flow: names are made unique with the department code (node names key the Sankey)', async () => {
    const db = k.t.app.storage.db;
    await db.updateTable('departments').set({ name: 'Site' }).where('code', '=', 'OFFICE').execute();
    await db.updateTable('departments').set({ name: 'Production Hall A' }).where('code', '=', 'HALL-B').execute();
    try {
      const data = await snapshotOf<EnergyFlowData>('energy:flow:electricity:day:1');
      expect(data.nodes.map((node) => node.name)).toEqual([
        'Site',
        'Main Plant',
        'Site (OFFICE)',
        'Production Hall A',
        'Production Hall A (HALL-B)',
        'Utilities',
      ]);
      expect(data.links[3]).toEqual({ source: 'Main Plant', target: 'Production Hall A (HALL-B)', value: 30 });
    } finally {
      await db.updateTable('departments').set({ name: 'Office Building' }).where('code', '=', 'OFFICE').execute();
      await db.updateTable('departments').set({ name: 'Production Hall B' }).where('code', '=', 'HALL-B').execute();
    }
  });

  it("summary: the home figures at the provider's clock", async () => {
    const data = await snapshotOf<EnergySummaryData>('energy:summary');
    expect(data.computedAt).toBe(NOW);
    expect(data.totals.find((row) => row.energyType === 'electricity')).toMatchObject({ today: 100, month: 100 });
    expect(data.todayByHour).toHaveLength(13);
    expect(data.topDepartments.map((d) => [d.name, d.energy])).toEqual([
      ['HVAC', 10],
      ['Line 1', 5],
    ]);
    expect(data.timeZone).toBe(TZ);
  });
});

describe('energy:* refusals', () => {
  it('names ids that do not exist, unknown energy types and windows longer than the grain allows', async () => {
    expect(await refusal('energy:series:department:99999:electricity:hour:24')).toBe('No department with id 99999');
    expect(await refusal(`energy:series:subitem:${await k.id('subitems', 'HVAC')}.99998.99999:electricity:day:7`)).toBe('No sub-item with id 99998, 99999');
    expect(await refusal('energy:series:meter:99999:electricity:hour:24')).toBe('No meter with id 99999');
    expect(await refusal('energy:ranking:department:99999:electricity:day:1:5')).toBe('No department with id 99999');
    expect(await refusal(`energy:ranking:subitem:${await k.id('subitems', 'HVAC')}:electricity:day:1:5`)).toBe(
      'A sub-item ranking has no parent: use energy:ranking:subitem:top:…',
    );
    expect(await refusal('energy:flow:steam:day:1')).toBe('Unknown energy type "steam"');
    expect(await refusal('energy:flow:electricity:day:400')).toBe('400 days is longer than day queries may cover (367 days)');
    expect(await refusal('energy:ranking:subitem:top:electricity:month:400:5')).toBe('400 months is longer than month queries may cover (3660 days)');
  });

  it('needs an analysis screen (admins pass); the summary, like GET /energy/summary, any signed-in user', async () => {
    expect(await refusal('energy:flow:electricity:day:1', withScreens('/base/device'))).toBe('You may not see energy:flow:electricity:day:1');
    expect((await snapshotOf<EnergyFlowData>('energy:flow:electricity:day:1', withScreens('/others/electricBalance'))).links).toHaveLength(5);
    expect((await snapshotOf<EnergySummaryData>('energy:summary', withScreens())).computedAt).toBe(NOW);
  });

  it('does not match names outside the energy family or out of range', () => {
    expect(provider.matches('energy:flow:electricity:week:1')).toBe(false);
    expect(provider.matches('energy:summary:today')).toBe(false);
    expect(provider.matches('meter:1:latest')).toBe(false);
  });
});

describe('energy:* deltas', () => {
  /** A hub stand-in: the rooms given are active; what is published is recorded. */
  function fakeHub(rooms: string[]) {
    const published: { room: string; channel: string; data: unknown }[] = [];
    const publisher: ChannelPublisher = {
      publish: (room, channel, data) => void published.push({ room, channel, data }),
      activeRooms: () => rooms.map((room): ActiveRoom => ({ room, channel: room.split('#')[0]!, scope: { userId: null } })),
      hasRoom: (room) => rooms.includes(room),
    };
    return { publisher, published };
  }
  const until = async (condition: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('recomputes the rooms after an ingest batch and publishes only what changed', async () => {
    const meter = await k.id('meters', 'M020');
    const channel = `energy:series:meter:${meter}:electricity:day:1`;
    const room = `${channel}#all`;
    const { publisher, published } = fakeHub([room]);
    const stop = provider.start(publisher);
    try {
      expect((await snapshotOf<EnergySeriesData>(channel)).series[0]!.total).toBe(30);
      feed.notify([meter]); // nothing new in the rollups: recomputed, not sent
      await pause(300);
      expect(published).toEqual([]);

      await k.ingest([{ meter: 'M020', ts: at('2026-11-10T02:00:00'), values: { kwh: 245 } }]);
      feed.notify([meter]);
      // The previous recompute was < 2 s ago: this one waits for ENERGY_COALESCE_MS.
      await until(() => published.length === 1, 'the delta');
      expect(published[0]).toMatchObject({ room, channel });
      expect((published[0]!.data as EnergySeriesData).series[0]!.total).toBe(45);
      expect(errors).toEqual([]);
    } finally {
      stop();
      provider.released?.(room);
    }
  });

  it('runs one recompute per room at a time, however many batches arrive', async () => {
    const room = 'energy:summary#all';
    const { publisher, published } = fakeHub([room]);
    let calls = 0;
    let computing = 0;
    let most = 0;
    const db = k.t.app.storage.db;
    const analysis = new EnergyAnalysis(db, TZ);
    // Slow, and different every time (the call number), so every recompute is worth sending.
    const slow = Object.assign(Object.create(analysis) as EnergyAnalysis, {
      summary: async (owners: number[] | null, now?: number) => {
        const call = ++calls;
        most = Math.max(most, ++computing);
        await pause(150);
        computing--;
        return { ...(await analysis.summary(owners, now)), pendingQuarantine: call };
      },
    });
    const own = energyChannels({ db, analysis: slow, timeZone: TZ, feed, onError: (error) => errors.push(error), now: () => NOW });
    const stop = own.start(publisher);
    try {
      await own.snapshot({ channel: 'energy:summary', auth: admin, afterId: undefined }, { userId: null });
      for (let i = 0; i < 5; i++) {
        feed.notify([1]);
        await pause(40);
      }
      // The first batch recomputes at once; the others, arriving while it runs and within 2 s, fold into one more.
      await until(() => published.length === 2, 'two deltas');
      await pause(300);
      expect(most).toBe(1);
      expect(calls).toBe(3);
      expect(published.map((message) => (message.data as EnergySummaryData).pendingQuarantine)).toEqual([2, 3]);
    } finally {
      stop();
    }
  });

  it('rolls the window over without ingest: every active room recomputes on the refresh timer', async () => {
    const meter = await k.id('meters', 'M011');
    const channel = `energy:series:meter:${meter}:electricity:hour:1`;
    const room = `${channel}#all`;
    const { publisher, published } = fakeHub([room]);
    let clock = at('2026-11-10T00:30:00');
    const db = k.t.app.storage.db;
    const own = energyChannels({
      db,
      analysis: new EnergyAnalysis(db, TZ),
      timeZone: TZ,
      feed,
      onError: (error) => errors.push(error),
      now: () => clock,
      refreshMs: 100,
    });
    const stop = own.start(publisher);
    try {
      const [snapshot] = (await own.snapshot({ channel, auth: admin, afterId: undefined }, { userId: null })).messages as EnergySeriesData[];
      expect(snapshot!.series[0]!.points).toEqual([{ period: String(H0), energy: 5 }]);
      await pause(350); // refreshes within the same hour change nothing
      expect(published).toEqual([]);
      clock = at('2026-11-10T01:30:00');
      await until(() => published.length === 1, 'the next hour');
      expect((published[0]!.data as EnergySeriesData).series[0]!.points).toEqual([{ period: String(H1), energy: 0 }]);
      expect((published[0]!.data as EnergySeriesData).computedAt).toBe(clock);
    } finally {
      stop();
    }
  });
});
