import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import type { AuthContext } from '../../auth/authService';
import { startSimulator } from '../../simulator/runSimulator';
import { localPeriods } from '../../metering/calendar';
import { seed } from '../../seed';
import { DEMO_CALENDAR_CSV } from '../../seed/demoTariffs';
import { readBandFigures } from '../../tariffs/bandFigures';
import { TariffBook } from '../../tariffs/tariffBook';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import type { ChannelPublisher } from '../../realtime/channelProvider';
import { bandCost, currentBand } from './wallFigures';
import { wallShiftEnergy, shiftDepartment } from './wallShiftEnergy';
import { wallTariffChannels } from './wallTariffChannels';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  token = await loginAs(t.app);
  // A short backfill through the real pipeline: ingest prices each interval with the demo's tariffs.
  const running = await startSimulator({
    db: t.app.storage.db,
    ingest: t.app.ingest,
    publish: async () => undefined,
    offlineIntervals: 2,
    intervalMs: 60_000,
    backfillDays: 2,
    log: { info: () => undefined, warn: () => undefined },
  });
  running.stop();
  await t.app.ingest.drain();
}, 120_000);
afterAll(() => t.close());

const db = () => t.app.storage.db;
const departmentId = async (code: string) => (await db().selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const count = async (
  table:
    | 'tariffs'
    | 'tariff_versions'
    | 'tariff_assignments'
    | 'calendar_days'
    | 'shift_templates'
    | 'shift_teams'
    | 'shift_rota'
    | 'apportion_rules'
    | 'recompute_jobs',
) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** 10:18 on Wednesday 15 July 2026 in Shanghai: summer, a workday, in the 08:00–11:00 peak. */
const SUMMER_WORKDAY = Date.parse('2026-07-15T02:18:00Z');

describe('the demo tariffs, calendar, shifts and apportionment', () => {
  it('are made once, in the admin’s tree, and a second seed changes nothing', async () => {
    const admin = await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const tariffs = await db().selectFrom('tariffs').select(['name', 'energy_type', 'currency', 'owner_user_id']).orderBy('id').execute();
    expect(tariffs).toEqual([
      { name: 'Industrial TOU (demo)', energy_type: 'electricity', currency: 'CNY', owner_user_id: admin.id },
      { name: 'Commercial TOU (demo)', energy_type: 'electricity', currency: 'CNY', owner_user_id: admin.id },
      { name: 'Water (demo)', energy_type: 'water', currency: 'CNY', owner_user_id: admin.id },
      { name: 'Natural gas (demo)', energy_type: 'gas', currency: 'CNY', owner_user_id: admin.id },
    ]);
    const assignments = await db()
      .selectFrom('tariff_assignments')
      .innerJoin('tariffs', 'tariffs.id', 'tariff_assignments.tariff_id')
      .innerJoin('departments', 'departments.id', 'tariff_assignments.target_id')
      .select(['tariffs.name', 'departments.code', 'tariff_assignments.energy_type'])
      .orderBy('tariff_assignments.id')
      .execute();
    expect(assignments.map((a) => `${a.code} ${a.energy_type}: ${a.name}`)).toEqual([
      'PLANT electricity: Industrial TOU (demo)',
      'OFFICE electricity: Industrial TOU (demo)',
      'FLOOR-2 electricity: Commercial TOU (demo)',
      'PLANT water: Water (demo)',
      'OFFICE water: Water (demo)',
      'PLANT gas: Natural gas (demo)',
      'OFFICE gas: Natural gas (demo)',
    ]);
    // One version each, from 430 days back, open-ended.
    const today = localPeriods(Date.now(), TZ).day;
    const versions = await db().selectFrom('tariff_versions').select(['valid_from', 'valid_to']).execute();
    expect(versions).toHaveLength(4);
    for (const version of versions) {
      expect(version.valid_to).toBeNull();
      expect((Date.parse(today) - Date.parse(version.valid_from)) / 86_400_000).toBe(430);
    }
    // Every line of the calendar CSV but its header; Spring Festival 2026 and a worked Saturday.
    expect(await count('calendar_days')).toBe(DEMO_CALENDAR_CSV.split('\n').length - 1);
    const days = await db()
      .selectFrom('calendar_days')
      .select(['day', 'day_type', 'name'])
      .where('day', 'in', ['2026-02-14', '2026-02-17', '2026-10-01'])
      .orderBy('day')
      .execute();
    expect(days).toEqual([
      { day: '2026-02-14', day_type: 'workday', name: 'Worked for Spring Festival' },
      { day: '2026-02-17', day_type: 'holiday', name: 'Spring Festival' },
      { day: '2026-10-01', day_type: 'holiday', name: 'National Day' },
    ]);
    expect(
      (await db().selectFrom('shift_templates').select(['name', 'start_time', 'end_time']).orderBy('sort').execute()).map(
        (s) => `${s.name} ${s.start_time}–${s.end_time}`,
      ),
    ).toEqual(['Morning 06:00–14:00', 'Evening 14:00–22:00', 'Night 22:00–06:00']);
    expect((await db().selectFrom('shift_teams').select('name').orderBy('sort').execute()).map((team) => team.name)).toEqual([
      'Team A',
      'Team B',
      'Team C',
      'Team D',
    ]);
    // 60 days back to 180 ahead, three shifts a day, all in Production Hall A.
    expect(await count('shift_rota')).toBe(2 * 241 * 3); // the plant and Hall A
    const rule = await db().selectFrom('apportion_rules').selectAll().executeTakeFirstOrThrow();
    expect([rule.name, rule.method, rule.source_department_id, JSON.parse(rule.shares)]).toEqual([
      'Data room shared by floor area',
      'area',
      await departmentId('DATA-ROOM'),
      [
        { departmentId: await departmentId('FLOOR-1'), value: 1200 },
        { departmentId: await departmentId('FLOOR-2'), value: 800 },
      ],
    ]);
    // A fresh site has nothing to recompute: the assignments' jobs were dropped.
    expect(await count('recompute_jobs')).toBe(0);

    const tables = [
      'tariffs',
      'tariff_versions',
      'tariff_assignments',
      'calendar_days',
      'shift_templates',
      'shift_teams',
      'shift_rota',
      'apportion_rules',
    ] as const;
    const before = await Promise.all(tables.map(count));
    await seed(db(), { adminPassword: undefined, demo: true, timeZone: TZ, dbKind: t.app.storage.kind });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('price the backfilled energy: the main plant has energy and cost in several bands', async () => {
    const plant = await departmentId('PLANT');
    const today = localPeriods(Date.now(), TZ).day;
    const yesterday = localPeriods(Date.now() - 86_400_000, TZ).day;
    const figures = await readBandFigures(db(), 'all', {
      scope: 'department',
      ids: [plant],
      energyType: 'electricity',
      grain: 'day',
      from: yesterday,
      to: today,
    });
    const bands = new Set(figures.filter((f) => f.energy > 0).map((f) => f.band));
    // Whatever the season: valley, flat and peak every workday (sharp in summer and winter); holidays bring deep valley.
    expect(bands.size).toBeGreaterThanOrEqual(3);
    for (const figure of figures) expect(figure.priceMicro).not.toBeNull();
  });
});

describe('the current band', () => {
  it('is the summer peak at 10:18 on a workday, 1.0123 a kWh, sharp from 11:00', async () => {
    const book = await TariffBook.load(db(), TZ);
    expect(await currentBand(db(), book, null, { departmentId: null, energyType: 'electricity' }, SUMMER_WORKDAY, TZ)).toEqual({
      computedAt: SUMMER_WORKDAY,
      departmentId: await departmentId('PLANT'),
      departmentName: 'Main Plant',
      tariffName: 'Industrial TOU (demo)',
      band: 'peak',
      priceMicro: 1_012_300,
      priceText: '1.0123',
      currency: 'CNY',
      unit: 'kWh',
      nextBand: 'sharp',
      changesAt: Date.parse('2026-07-15T03:00:00Z'),
      changesAtText: '11:00',
    });
  });

  it('follows the tree to the tenant’s own tariff, the holiday layout and the night into the next morning', async () => {
    const book = await TariffBook.load(db(), TZ);
    const floor2 = await currentBand(db(), book, null, { departmentId: await departmentId('FLOOR-2'), energyType: 'electricity' }, SUMMER_WORKDAY, TZ);
    expect([floor2?.tariffName, floor2?.band, floor2?.priceText, floor2?.nextBand, floor2?.changesAtText]).toEqual([
      'Commercial TOU (demo)',
      'peak',
      '1.1520',
      'flat',
      '12:00',
    ]);
    // Line 1 has no assignment of its own: it inherits the plant's.
    const line1 = await currentBand(db(), book, null, { departmentId: await departmentId('LINE-1'), energyType: 'electricity' }, SUMMER_WORKDAY, TZ);
    expect(line1?.tariffName).toBe('Industrial TOU (demo)');
    // National Day, 12:00: the holiday layout's deep valley until 15:00.
    const holiday = await currentBand(db(), book, null, { departmentId: null, energyType: 'electricity' }, Date.parse('2026-10-01T04:00:00Z'), TZ);
    expect([holiday?.band, holiday?.priceText, holiday?.nextBand, holiday?.changesAtText]).toEqual(['deepValley', '0.1807', 'flat', '15:00']);
    // Friday 4 December 2026, 23:30: winter valley until 07:00 on Saturday (a weekend takes the workday layout).
    const night = await currentBand(db(), book, null, { departmentId: null, energyType: 'electricity' }, Date.parse('2026-12-04T15:30:00Z'), TZ);
    expect([night?.band, night?.priceText, night?.nextBand, night?.changesAt, night?.changesAtText]).toEqual([
      'valley',
      '0.3012',
      'flat',
      Date.parse('2026-12-04T23:00:00Z'),
      '12-05 07:00',
    ]);
    // Water has one band all day: no change to count down to.
    const water = await currentBand(db(), book, null, { departmentId: null, energyType: 'water' }, SUMMER_WORKDAY, TZ);
    expect([water?.band, water?.priceMicro, water?.unit, water?.nextBand, water?.changesAt]).toEqual(['flat', 4_200_000, 'm³', null, null]);
  });

  it('is answered by GET /api/tariffs/current-band, and a department of no tree is refused with 40000', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tariffs/current-band?energyType=electricity', headers: bearer(token) });
    const body = response.json() as { code: number; data: { tariffName: string; band: string; departmentName: string } };
    expect(body.code).toBe(0);
    expect(body.data.tariffName).toBe('Industrial TOU (demo)');
    expect(body.data.departmentName).toBe('Main Plant');
    expect(['sharp', 'peak', 'flat', 'valley', 'deepValley']).toContain(body.data.band);
    const missing = await t.app.inject({ method: 'GET', url: '/api/tariffs/current-band?departmentId=99999', headers: bearer(token) });
    expect(missing.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'departmentId: 99999 does not exist' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/tariffs/current-band?energyType=steam', headers: bearer(token) });
    expect(bad.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });
});

describe('the wall channels', () => {
  it('band cost: today’s energy and cost per band of the whole site, sharp first, cost = Σ energy × price', async () => {
    let data = await bandCost(db(), null, { scope: 'department', id: null, energyType: 'electricity', period: 'today' }, Date.now(), TZ);
    // In the first minute of a day nothing of today is in yet: this month (yesterday with it) then.
    if (data?.bands.length === 0)
      data = await bandCost(db(), null, { scope: 'department', id: null, energyType: 'electricity', period: 'month' }, Date.now(), TZ);
    expect(data).not.toBeNull();
    // Shortly after midnight only the valley has begun.
    expect(data!.bands.length).toBeGreaterThanOrEqual(1);
    expect(data!.totalEnergy).toBeGreaterThan(0);
    expect(data!.currency).toBe('CNY');
    expect(data!.totalEnergy).toBeCloseTo(
      data!.bands.reduce((sum, line) => sum + line.energy, 0),
      6,
    );
    const order = ['sharp', 'peak', 'flat', 'valley', 'deepValley'];
    expect(data!.bands.map((line) => order.indexOf(line.band))).toEqual([...data!.bands.map((line) => order.indexOf(line.band))].sort((a, b) => a - b));
    // Each band's cost is its energy at its price (one version per tariff), rounded once to fen.
    const plantAndOffice = await Promise.all(['PLANT', 'OFFICE'].map(departmentId));
    const figures = await readBandFigures(db(), 'all', {
      scope: 'department',
      ids: plantAndOffice,
      energyType: 'electricity',
      grain: 'day',
      from: data!.periodKey,
      to: data!.periodKey,
    });
    for (const line of data!.bands) {
      const micro = figures.filter((f) => f.band === line.band).reduce((sum, f) => sum + f.costMicro, 0);
      expect(line.costMinor).toBe(Math.round(micro / 10_000));
    }
  });

  it('shift energy: the shift under way in the first department with a rota (the plant) and the finished ones before it, with teams from the rota', async () => {
    const scope = await ownerScopeOfUser(db(), (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id);
    const hall = await shiftDepartment(db(), null, null);
    expect(hall?.name).toBe('Main Plant');
    const now = Date.now();
    const data = await wallShiftEnergy(db(), scope, hall!, { departmentId: null, previous: 4 }, now, TZ, null, 'CNY');
    expect(data.previous).toHaveLength(4);
    expect(data.current).not.toBeNull();
    expect(data.current!.elapsed).toBeGreaterThanOrEqual(0);
    expect(data.current!.elapsed).toBeLessThan(1);
    for (const line of [...data.previous, data.current!]) {
      expect(['Morning', 'Evening', 'Night']).toContain(line.shiftName);
      expect(['Team A', 'Team B', 'Team C', 'Team D']).toContain(line.teamName);
      expect(line.energy).toBeGreaterThan(0);
    }
  });

  it('a subscriber gets the figures at once; another tree’s department is refused; unknown names are not this provider’s', async () => {
    const provider = wallTariffChannels({
      db: db(),
      timeZone: TZ,
      screens: ['/settlement/energy'],
      book: () => TariffBook.load(db(), TZ),
      shiftPricing: async () => null,
      onError: (error) => {
        throw error;
      },
    });
    const admin = await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const auth = { isAdmin: true, user: { id: admin.id }, permittedPaths: async () => new Set<string>() } as unknown as AuthContext;
    const channel = 'tariff:band-now:top:electricity';
    expect(provider.matches(channel)).toBe(true);
    expect(provider.matches('tariff:bands:department:top:electricity:today')).toBe(true);
    expect(provider.matches('shifts:energy:top:6')).toBe(true);
    expect(provider.matches('energy:summary')).toBe(false);
    const joined = await provider.join({ channel, auth, afterId: undefined });
    expect(joined.room).toBe(`${channel}#all`);
    const snapshot = await provider.snapshot({ channel, auth, afterId: undefined }, joined.scope);
    expect(snapshot.messages).toHaveLength(1);
    expect(snapshot.messages[0]).toMatchObject({ tariffName: 'Industrial TOU (demo)', departmentName: 'Main Plant' });
    await expect(provider.join({ channel: 'tariff:band-now:99999:electricity', auth, afterId: undefined })).rejects.toThrow('No department with id 99999');
    await expect(provider.join({ channel: 'tariff:bands:department:top:steam:today', auth, afterId: undefined })).rejects.toThrow(
      'Unknown energy type "steam"',
    );
    const stranger = { isAdmin: false, user: { id: admin.id }, permittedPaths: async () => new Set<string>(['/others/nothing']) } as unknown as AuthContext;
    await expect(provider.join({ channel, auth: stranger, afterId: undefined })).rejects.toThrow(`You may not see ${channel}`);
    // Sent again two seconds after each minute to the rooms that are active.
    const sent: { room: string; data: unknown }[] = [];
    const publisher: ChannelPublisher = {
      publish: (room, _channel, data) => void sent.push({ room, data }),
      activeRooms: () => [{ room: joined.room, channel, scope: joined.scope }],
      hasRoom: () => true,
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stop = provider.start(publisher);
      await vi.advanceTimersByTimeAsync(62_100);
      await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(1));
      expect(sent[0]).toMatchObject({ room: joined.room, data: { tariffName: 'Industrial TOU (demo)' } });
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
