import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { currentShift, shiftEnergy, type ShiftPricing } from '../../shifts/shiftEnergy';
import { wallTime } from '../../shifts/shiftClock';

/**
 * Shifts of tree A on Asia/Shanghai (UTC+8, no daylight saving). Energy: every quarter hour of 2 March 2026
 * (local) holds 1 kWh, every quarter of 3 March 2 kWh, nothing else. Hand-computed:
 * - Day 08:00–16:00 on 2 March: 32 quarters × 1 = 32 kWh; on 3 March 32 × 2 = 64 kWh.
 * - Night 22:00–06:00 counted on its start day: 1 March = 2 March 00:00–06:00 = 24 × 1 = 24;
 *   2 March = 8 × 1 (22:00–24:00) + 24 × 2 (3 March 00:00–06:00) = 56; 3 March = 8 × 2 = 16 (4 March is empty).
 */
const TZ = 'Asia/Shanghai';
let t: TestApp;
let trees: TwoTrees;
let a: TreeObjects;
let b: TreeObjects;
let dayShift: number;
let nightShift: number;
const team: Record<string, number> = {};

const SCREENS = ['/devices/shift', '/devices/shift/add', '/devices/shift/edit', '/devices/shift/delete'];
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => callAs(t.app, token, method, url, payload);
const quarter = (day: string, index: number) => wallTime(day, index * 15, TZ);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: TZ });
  trees = await twoTrees(t.app, SCREENS);
  a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
  b = await treeObjects(t.app, trees.beta.id, 'BETA');
  const rows = [
    ...Array.from({ length: 96 }, (_, i) => ({ meter_id: a.meter, start: quarter('2026-03-02', i), energy: 1 })),
    ...Array.from({ length: 96 }, (_, i) => ({ meter_id: a.meter, start: quarter('2026-03-03', i), energy: 2 })),
  ];
  await t.app.storage.db.insertInto('energy_intervals').values(rows).execute();
  // 3 March 09:00 local holds an estimate (a completed gap).
  await t.app.storage.db
    .insertInto('interval_estimates')
    .values({ meter_id: a.meter, start: quarter('2026-03-03', 36), energy: 2, completion_id: 1 })
    .execute();
}, 60_000);
afterAll(() => t.close());

describe('shift templates and teams', () => {
  it('creates templates on the quarter hour; a night shift crosses midnight', async () => {
    const day = await as(trees.alpha.token, 'POST', '/api/shift-templates', { name: 'Day', start: '08:00', end: '16:00', sort: 1 });
    expect(day.body.data).toMatchObject({ name: 'Day', start: '08:00', end: '16:00', crossesMidnight: false, minutes: 480 });
    dayShift = day.body.data.id;
    const night = await as(trees.alpha.token, 'POST', '/api/shift-templates', { name: 'Night', start: '22:00', end: '06:00', sort: 2 });
    expect(night.body.data).toMatchObject({ crossesMidnight: true, minutes: 480 });
    nightShift = night.body.data.id;
    for (const name of ['Team A', 'Team B', 'Team C']) team[name] = (await as(trees.alpha.token, 'POST', '/api/shift-teams', { name })).body.data.id;
    await as(trees.beta.token, 'POST', '/api/shift-templates', { name: 'Beta day', start: '07:00', end: '19:00' });
  });

  it('refuses a time off the quarter hour and a name used twice in the tree', async () => {
    const off = await as(trees.alpha.token, 'POST', '/api/shift-templates', { name: 'Odd', start: '08:10', end: '16:00' });
    expect(off.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(off.body.message).toBe('body.start: Enter a time on the quarter hour as HH:MM (00:00, 00:15 … 23:45)');
    const twice = await as(trees.alphaSub.token, 'POST', '/api/shift-templates', { name: 'Day', start: '06:00', end: '14:00' });
    expect(twice.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'name: "Day" is already used' });
    // Another tree may use the name.
    expect((await as(trees.beta.token, 'POST', '/api/shift-teams', { name: 'Team A' })).body.code).toBe(0);
  });

  it('keeps each tree to its own templates and teams', async () => {
    const names = (reply: { body: { data: { name: string }[] } }) => reply.body.data.map((row) => row.name);
    expect(names(await as(trees.alphaSub.token, 'GET', '/api/shift-templates'))).toEqual(['Day', 'Night']);
    expect(names(await as(trees.beta.token, 'GET', '/api/shift-templates'))).toEqual(['Beta day']);
    // An administrator sees every tree's; with a department, only that department's tree's (what its rota may use).
    const admin = await loginAs(t.app);
    expect(names(await as(admin, 'GET', '/api/shift-templates')).sort()).toEqual(['Beta day', 'Day', 'Night']);
    expect(names(await as(admin, 'GET', `/api/shift-templates?departmentId=${a.department}`))).toEqual(['Day', 'Night']);
    expect(names(await as(admin, 'GET', `/api/shift-teams?departmentId=${b.department}`))).toEqual(['Team A']);
    const foreignDepartment = await as(trees.beta.token, 'GET', `/api/shift-teams?departmentId=${a.department}`);
    expect(foreignDepartment.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `departmentId: ${a.department} does not exist` });
    const foreign = await as(trees.beta.token, 'PUT', `/api/shift-templates/${dayShift}`, { name: 'Mine', start: '08:00', end: '16:00' });
    expect(foreign.body).toMatchObject({ code: ErrorCode.NOT_FOUND, message: `Shift ${dayShift} was not found` });
    expect((await as(trees.beta.token, 'DELETE', `/api/shift-teams/${team['Team A']}`)).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('rota', () => {
  it('fills a department by a cycling pattern and reads it back', async () => {
    const fill = await as(trees.alpha.token, 'POST', '/api/shift-rota/fill', {
      departmentId: a.department,
      from: '2026-03-01',
      to: '2026-03-04',
      pattern: [
        { shiftId: dayShift, teamIds: [team['Team A'], team['Team B']] },
        { shiftId: nightShift, teamIds: [team['Team C']] },
      ],
    });
    expect(fill.body.data).toEqual({ days: 4, slots: 8 });
    const rota = await as(trees.alpha.token, 'GET', `/api/shift-rota?departmentId=${a.department}&from=2026-03-01&to=2026-03-04`);
    const dayTeams = (rota.body.data as { day: string; shiftId: number; teamId: number }[]).filter((s) => s.shiftId === dayShift).map((s) => s.teamId);
    expect(dayTeams).toEqual([team['Team A'], team['Team B'], team['Team A'], team['Team B']]);
  });

  it('replaces one day: a null team leaves the shift unplanned', async () => {
    const put = await as(trees.alpha.token, 'PUT', '/api/shift-rota', {
      departmentId: a.department,
      day: '2026-03-04',
      slots: [
        { shiftId: dayShift, teamId: team['Team C'] },
        { shiftId: nightShift, teamId: null },
      ],
    });
    expect(put.body.data).toEqual([{ day: '2026-03-04', shiftId: dayShift, teamId: team['Team C'] }]);
  });

  it('refuses another tree’s department, shift or team as if they did not exist', async () => {
    const otherDepartment = await as(trees.alpha.token, 'PUT', '/api/shift-rota', { departmentId: b.department, day: '2026-03-04', slots: [] });
    expect(otherDepartment.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `departmentId: ${b.department} does not exist` });
    const betaTeam = (await as(trees.beta.token, 'GET', '/api/shift-teams')).body.data[0].id as number;
    const otherTeam = await as(trees.alpha.token, 'PUT', '/api/shift-rota', {
      departmentId: a.department,
      day: '2026-03-04',
      slots: [{ shiftId: dayShift, teamId: betaTeam }],
    });
    expect(otherTeam.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `slots.0.teamId: Team ${betaTeam} does not exist` });
    const backwards = await as(trees.alpha.token, 'GET', `/api/shift-rota?departmentId=${a.department}&from=2026-03-04&to=2026-03-01`);
    expect(backwards.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'to: to must not be before from' });
  });
});

describe('shift energy', () => {
  type Row = { day: string; shiftName: string; teamName: string | null; energy: number; estimated: boolean; costMinor: number | null };
  const pick = (rows: Row[]) => rows.map((row) => [row.day, row.shiftName, row.teamName, row.energy, row.estimated]);

  it('sums the quarters of each shift, a night shift on the day it starts, with the planned team', async () => {
    const answer = await as(trees.alpha.token, 'GET', `/api/shift-energy?departmentId=${a.department}&from=2026-03-01&to=2026-03-03`);
    expect(answer.body.code).toBe(0);
    expect(pick(answer.body.data)).toEqual([
      ['2026-03-01', 'Day', 'Team A', 0, false],
      ['2026-03-01', 'Night', 'Team C', 24, false],
      ['2026-03-02', 'Day', 'Team B', 32, false],
      ['2026-03-02', 'Night', 'Team C', 56, false],
      ['2026-03-03', 'Day', 'Team A', 64, true],
      ['2026-03-03', 'Night', 'Team C', 16, false],
    ]);
    // No tariff is assigned: nothing priced.
    expect((answer.body.data as Row[]).every((row) => row.costMinor === null)).toBe(true);
    const night = (answer.body.data as (Row & { from: number; to: number })[])[3]!;
    expect(night).toMatchObject({ start: '22:00', end: '06:00' });
    expect(new Date(night.from).toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(new Date(night.to).toISOString()).toBe('2026-03-02T22:00:00.000Z');
  });

  it('prices each quarter by its band and rounds once per shift', async () => {
    // Peak 08:00–12:00 local at 1.200000, everything else valley at 0.300000 (micro-units per kWh).
    const pricing: ShiftPricing = {
      effective: new Map([[a.meter, 7]]),
      book: {
        slotOf: (tariffId, start) => {
          const hour = (new Date(start).getUTCHours() + 8) % 24;
          return tariffId === 7 ? { versionId: 1, season: 0, band: hour >= 8 && hour < 12 ? 'peak' : 'valley' } : null;
        },
        priceMicro: (slot) => (slot.band === 'peak' ? 1_200_000 : 300_000),
      },
    };
    const rows = await shiftEnergy(
      t.app.storage.db,
      { all: true, home: trees.alpha.id },
      { departmentId: a.department, from: '2026-03-02', to: '2026-03-02', energyType: 'electricity' },
      TZ,
      pricing,
    );
    // Day 2 March: 16 peak quarters × 1 kWh × 1.2 + 16 valley × 1 × 0.3 = 19.20 + 4.80 = 24.00 → 2400 fen.
    // Night 2 March: 8 × 1 × 0.3 + 24 × 2 × 0.3 = 2.40 + 14.40 = 16.80 → 1680 fen.
    expect(rows.map((row) => [row.shiftName, row.energy, row.costMinor])).toEqual([
      ['Day', 32, 2400],
      ['Night', 56, 1680],
    ]);
  });

  it('prices through the department’s tariff (peak 08:00–22:00 at 0.900000, valley 0.300000)', async () => {
    const db = t.app.storage.db;
    const now = Date.now();
    const tariff = await db
      .insertInto('tariffs')
      .values({ owner_user_id: trees.alpha.id, name: 'Alpha TOU', energy_type: 'electricity', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const definition = {
      prices: { peak: '0.900000', valley: '0.300000' },
      seasons: [
        {
          name: 'All year',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          layouts: {
            workday: [
              { from: '08:00', to: '22:00', band: 'peak' },
              { from: '22:00', to: '08:00', band: 'valley' },
            ],
          },
        },
      ],
      tiers: [],
    };
    await db
      .insertInto('tariff_versions')
      .values({ tariff_id: tariff.id, valid_from: '2026-01-01', valid_to: null, definition: JSON.stringify(definition), created_by: null, created_at: now })
      .execute();
    await db
      .insertInto('tariff_assignments')
      .values({
        owner_user_id: trees.alpha.id,
        tariff_id: tariff.id,
        target: 'department',
        target_id: a.department,
        energy_type: 'electricity',
        created_at: now,
      })
      .execute();
    await t.app.tariffs.reload();
    const answer = await as(trees.alpha.token, 'GET', `/api/shift-energy?departmentId=${a.department}&from=2026-03-01&to=2026-03-02`);
    // Day 1 March: no intervals, nothing priced. Night 1 March: 24 valley quarters × 1 kWh × 0.30 = 7.20.
    // Day 2 March: 32 peak × 1 × 0.90 = 28.80. Night 2 March: 8 × 1 × 0.30 + 24 × 2 × 0.30 = 2.40 + 14.40 = 16.80.
    expect((answer.body.data as Row[]).map((row) => [row.day, row.shiftName, row.costMinor])).toEqual([
      ['2026-03-01', 'Day', null],
      ['2026-03-01', 'Night', 720],
      ['2026-03-02', 'Day', 2880],
      ['2026-03-02', 'Night', 1680],
    ]);
  });

  it('refuses another tree’s department and a range over 92 days', async () => {
    const other = await as(trees.beta.token, 'GET', `/api/shift-energy?departmentId=${a.department}&from=2026-03-01&to=2026-03-03`);
    expect(other.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `departmentId: ${a.department} does not exist` });
    const long = await as(trees.alpha.token, 'GET', `/api/shift-energy?departmentId=${a.department}&from=2026-01-01&to=2026-04-30`);
    expect(long.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'to: At most 92 days at once' });
  });
});

describe('current shift', () => {
  it('is yesterday’s night shift early in the morning and the day shift later', async () => {
    const owners = [trees.alpha.id];
    const early = await currentShift(t.app.storage.db, owners, a.department, quarter('2026-03-03', 12), TZ); // 03:00
    expect(early).toMatchObject({ day: '2026-03-02', shiftName: 'Night', teamName: 'Team C' });
    const morning = await currentShift(t.app.storage.db, owners, a.department, quarter('2026-03-03', 40), TZ); // 10:00
    expect(morning).toMatchObject({ day: '2026-03-03', shiftName: 'Day', teamName: 'Team A' });
    expect(await currentShift(t.app.storage.db, owners, a.department, quarter('2026-03-03', 72), TZ)).toBeNull(); // 18:00
  });
});
