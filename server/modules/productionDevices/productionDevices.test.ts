import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { DEVICE_RULE_MESSAGES } from '@shared/resources/productionDevices';
import type { DeviceDayAnswer, DeviceDaysAnswer, DeviceOverview } from '@shared/productionDevices/api';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { wallTime } from '../../shifts/shiftClock';

/**
 * Tree A's press is measured by two meters (M1, M2); thresholds run 40 kW, off 5 kW, rated 60 kW. Asia/Shanghai.
 * 2 March 2026, per quarter hour (M1 + M2 = kWh; × 4 = kW):
 *   00:00–06:00 24 q × (0.5 + 0.5) = 1 kWh → 4 kW off      = 24 kWh, 6 h
 *   06:00–08:00  8 q × (3 + 2)     = 5 kWh → 20 kW idle    = 40 kWh, 2 h
 *   08:00–16:00 32 q × (8 + 4)     = 12 kWh → 48 kW running = 384 kWh, 8 h
 *   16:00–18:00  8 q × (3 + 2)     = 5 kWh → idle          = 40 kWh, 2 h   → idle 4 h, 80 kWh
 *   18:00–23:00 20 q × (0.25 + 0.25) = 0.5 kWh → 2 kW off  = 10 kWh, 5 h   → off 11 h, 34 kWh
 *   23:00–24:00  4 q × M1 1 kWh, M2 missing → no data 1 h, 4 kWh kept as no-data energy
 *   total 384 + 80 + 34 + 4 = 502 kWh; per running hour 502 / 8 = 62.75 kWh
 * Line output that day: product P1 (coefficient 1.5) 100 whole day + 20 on the Day shift = 180 standard units,
 * P2 (coefficient 0.5) 40 = 20 → 200 standard units; energy per unit 502 / 200 = 2.51 kWh.
 * 3 March: every quarter M1 2 + M2 1 = 3 kWh → 12 kW idle: 24 h, 288 kWh; output P1 10 × 1.5 = 15 → 19.2 kWh per unit.
 * 1 March: nothing stored → 24 h no data, no output.
 */
const TZ = 'Asia/Shanghai';
const SCREEN = '/energy-efficiency-management/production-device';
let t: TestApp;
let trees: TwoTrees;
let a: TreeObjects;
let b: TreeObjects;
let meter2: number;
let waterMeter: number;
let line: number;
let press: number;
let betaDevice: number;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => callAs(t.app, token, method, url, payload);
const quarter = (day: string, index: number) => wallTime(day, index * 15, TZ);
const device = (overrides: Record<string, unknown> = {}) => ({
  code: 'PRESS-1',
  name: 'Press 1',
  lineId: line,
  meterIds: [a.meter, meter2],
  ratedPowerKw: 60,
  runThresholdKw: 40,
  offThresholdKw: 5,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: TZ });
  const db = t.app.storage.db;
  trees = await twoTrees(t.app, [SCREEN, `${SCREEN}/add`, `${SCREEN}/edit`, `${SCREEN}/delete`]);
  a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
  b = await treeObjects(t.app, trees.beta.id, 'BETA');
  const meterRow = (code: string, energyType: string) => ({
    code,
    name: code,
    gateway_id: a.gateway,
    department_id: a.department,
    subitem_id: null,
    energy_type: energyType,
    unit: energyType === 'water' ? 'm³' : 'kWh',
    ct_ratio: 1,
    pt_ratio: 1,
    register_max: 99_999_999,
    rated_power_kw: 100,
    is_main: 0,
    created_at: Date.now(),
    owner_user_id: trees.alpha.id,
  });
  meter2 = (await db.insertInto('meters').values(meterRow('ALPHA-M2', 'electricity')).returning('id').executeTakeFirstOrThrow()).id;
  waterMeter = (await db.insertInto('meters').values(meterRow('ALPHA-W1', 'water')).returning('id').executeTakeFirstOrThrow()).id;
  line = (
    await db
      .insertInto('product_lines')
      .values({ owner_user_id: trees.alpha.id, code: 'L1', name: 'Line 1', department_id: null, energy_type: 'electricity', target_sec_kwh: null, note: '' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const product = async (code: string, coefficient: number) =>
    (
      await db
        .insertInto('products')
        .values({ owner_user_id: trees.alpha.id, code, name: code, unit: 'pcs', standard_coefficient: coefficient, target_sec_kwh: null, note: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const p1 = await product('P1', 1.5);
  const p2 = await product('P2', 0.5);
  const record = (productId: number, day: string, shift: string, quantity: number) => ({
    owner_user_id: trees.alpha.id,
    line_id: line,
    product_id: productId,
    day,
    shift,
    quantity,
    source: 'manual' as const,
    reference: '',
    note: '',
  });
  await db
    .insertInto('product_records')
    .values([record(p1, '2026-03-02', '', 100), record(p1, '2026-03-02', 'Day', 20), record(p2, '2026-03-02', '', 40), record(p1, '2026-03-03', '', 10)])
    .execute();

  const rows: { meter_id: number; start: number; energy: number }[] = [];
  const both = (from: number, count: number, m1: number, m2: number | null) => {
    for (let i = from; i < from + count; i++) {
      rows.push({ meter_id: a.meter, start: quarter('2026-03-02', i), energy: m1 });
      if (m2 !== null) rows.push({ meter_id: meter2, start: quarter('2026-03-02', i), energy: m2 });
    }
  };
  both(0, 24, 0.5, 0.5);
  both(24, 8, 3, 2);
  both(32, 32, 8, 4);
  both(64, 8, 3, 2);
  both(72, 20, 0.25, 0.25);
  both(92, 4, 1, null);
  for (let i = 0; i < 96; i++)
    rows.push({ meter_id: a.meter, start: quarter('2026-03-03', i), energy: 2 }, { meter_id: meter2, start: quarter('2026-03-03', i), energy: 1 });
  await db.insertInto('energy_intervals').values(rows).execute();
}, 60_000);
afterAll(() => t.close());

describe('production devices: the resource', () => {
  it('refuses thresholds out of order, a device without meters and a meter that is not electricity, each with its reason', async () => {
    const offAtRun = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ offThresholdKw: 40 }));
    expect(offAtRun.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `body.offThresholdKw: ${DEVICE_RULE_MESSAGES.offBelowRun}` });
    const runOverRated = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ runThresholdKw: 61 }));
    expect(runOverRated.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `body.runThresholdKw: ${DEVICE_RULE_MESSAGES.runAboveRated}` });
    const negative = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ offThresholdKw: -1 }));
    expect(negative.body.message).toBe(`body.offThresholdKw: ${DEVICE_RULE_MESSAGES.offNotNegative}`);
    const none = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ meterIds: [] }));
    expect(none.body.message).toBe(`body.meterIds: ${DEVICE_RULE_MESSAGES.meters}`);
    const water = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ meterIds: [a.meter, waterMeter] }));
    expect(water.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: "meterIds: Meter ALPHA-W1 measures water: a device's state is read from its electric power, so choose electricity meters",
    });
    // Run equal to rated is allowed (off < run ≤ rated).
    const atRated = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ code: 'EDGE', runThresholdKw: 60 }));
    expect(atRated.body.code).toBe(0);
    expect((await as(trees.alpha.token, 'DELETE', `/api/production-devices/${atRated.body.data.id}`)).body.code).toBe(0);
  });

  it('keeps the meters with the device and each tree to its own meters, lines and devices', async () => {
    const created = await as(trees.alphaSub.token, 'POST', '/api/production-devices', device());
    expect(created.body.code).toBe(0);
    press = created.body.data.id;
    expect(created.body.data).toMatchObject({ code: 'PRESS-1', lineId: line, meterIds: [a.meter, meter2].sort((x, y) => x - y) });
    const foreignMeter = await as(trees.beta.token, 'POST', '/api/production-devices', device({ code: 'BETA-X', lineId: null, meterIds: [a.meter] }));
    expect(foreignMeter.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `meterIds: ${a.meter} does not exist` });
    const foreignLine = await as(trees.beta.token, 'POST', '/api/production-devices', device({ code: 'BETA-X', lineId: line, meterIds: [b.meter] }));
    expect(foreignLine.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `lineId: ${line} does not exist` });
    const own = await as(trees.beta.token, 'POST', '/api/production-devices', device({ code: 'BETA-D', lineId: null, meterIds: [b.meter] }));
    betaDevice = own.body.data.id;
    const list = await as(trees.beta.token, 'GET', '/api/production-devices');
    expect(list.body.data.rows.map((row: { code: string }) => row.code)).toEqual(['BETA-D']);
  });
});

describe('production devices: states and figures', () => {
  it('sums a day into hours and energy by state, per running hour and per unit of the line’s standard output', async () => {
    const reply = await as(trees.alpha.token, 'GET', `/api/production-devices/${press}/day?day=2026-03-02`);
    expect(reply.status).toBe(200);
    const day = reply.body.data as DeviceDayAnswer;
    expect(day.device).toMatchObject({ code: 'PRESS-1', lineName: 'Line 1', runThresholdKw: 40, offThresholdKw: 5 });
    expect(day.hours).toEqual({ running: 8, idle: 4, off: 11, noData: 1 });
    expect(day.energy).toEqual({ running: 384, idle: 80, off: 34, noData: 4, total: 502 });
    expect(day.energyPerRunningHour).toBe(62.75);
    expect(day.standardOutput).toBe(200);
    expect(day.energyPerUnit).toBeCloseTo(2.51, 12);
    expect(day.timeline.map((segment) => [segment.state, (segment.to - segment.from) / 3_600_000, segment.energy])).toEqual([
      ['off', 6, 24],
      ['idle', 2, 40],
      ['running', 8, 384],
      ['idle', 2, 40],
      ['off', 5, 10],
      ['noData', 1, 4],
    ]);
    // Local midnight in Asia/Shanghai (UTC+8) is 16:00 UTC the day before.
    expect([day.dayStart, day.dayEnd]).toEqual([Date.parse('2026-03-01T16:00:00Z'), Date.parse('2026-03-02T16:00:00Z')]);
    expect(day.timeline[0]!.from).toBe(day.dayStart);
    expect(day.timeline[2]!.averageKw).toBe(48);
  });

  it('gives every day of a range for the idle-energy bars', async () => {
    const reply = await as(trees.alpha.token, 'GET', `/api/production-devices/${press}/days?from=2026-03-01&to=2026-03-03`);
    const { days } = reply.body.data as DeviceDaysAnswer;
    expect(days.map((day) => [day.day, day.hours.idle, day.energy.idle, day.hours.noData, day.standardOutput, day.energyPerUnit])).toEqual([
      ['2026-03-01', 0, 0, 24, null, null],
      ['2026-03-02', 4, 80, 1, 200, 502 / 200],
      ['2026-03-03', 24, 288, 0, 15, 288 / 15],
    ]);
    const tooLong = await as(trees.alpha.token, 'GET', `/api/production-devices/${press}/days?from=2026-01-01&to=2026-04-30`);
    expect(tooLong.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'to: At most 92 days can be shown at once' });
    const reversed = await as(trees.alpha.token, 'GET', `/api/production-devices/${press}/days?from=2026-03-03&to=2026-03-01`);
    expect(reversed.body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('lists every device of the caller’s tree with the day’s totals', async () => {
    const alpha = (await as(trees.alpha.token, 'GET', '/api/production-devices/overview?day=2026-03-03')).body.data as DeviceOverview;
    expect(alpha.devices.map((row) => [row.code, row.energy.idle, row.hours.running])).toEqual([['PRESS-1', 288, 0]]);
    expect(alpha.totals).toEqual({ energy: 288, idleEnergy: 288, runningHours: 0, idleHours: 24 });
    const beta = (await as(trees.beta.token, 'GET', '/api/production-devices/overview?day=2026-03-03')).body.data as DeviceOverview;
    expect(beta.devices.map((row) => row.code)).toEqual(['BETA-D']);
    const admin = await loginAs(t.app);
    const all = (await as(admin, 'GET', '/api/production-devices/overview?day=2026-03-03')).body.data as DeviceOverview;
    expect(all.devices.map((row) => row.code)).toEqual(['BETA-D', 'PRESS-1']);
  });

  it('answers another tree’s device as one that does not exist', async () => {
    const foreign = await as(trees.beta.token, 'GET', `/api/production-devices/${press}/day?day=2026-03-02`);
    expect(foreign.body).toMatchObject({ code: ErrorCode.NOT_FOUND, message: `production device ${press} was not found` });
    expect((await as(trees.alpha.token, 'GET', `/api/production-devices/${betaDevice}/days?from=2026-03-01&to=2026-03-02`)).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('keeps a device whose line is deleted, unassigned', async () => {
    const db = t.app.storage.db;
    const spare = await db
      .insertInto('product_lines')
      .values({ owner_user_id: trees.alpha.id, code: 'L9', name: 'Spare', department_id: null, energy_type: 'electricity', target_sec_kwh: null, note: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await as(trees.alpha.token, 'POST', '/api/production-devices', device({ code: 'SPARE', lineId: spare.id }));
    await db.deleteFrom('product_lines').where('id', '=', spare.id).execute();
    const read = await as(trees.alpha.token, 'GET', `/api/production-devices/${moved.body.data.id}`);
    expect(read.body.data).toMatchObject({ code: 'SPARE', lineId: null });
    await as(trees.alpha.token, 'DELETE', `/api/production-devices/${moved.body.data.id}`);
  });
});
