import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync } from 'mqtt';
import { ErrorCode } from '@shared/errors';
import { INTERFACE_KEY_HEADER } from '@shared/schemas';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { hashPassword } from '../../auth/passwords';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { startMqttIngress, type MqttIngress } from '../../mqtt';
import { recordingLog, waitFor } from '../../mqtt/mqttKit.test-util';
import { lineCost } from '../../production/lineAnalytics';
import { loadLine } from '../../production/lineData';
import { productionOutputSink } from '../../production/mqttOutput';
import type { ShiftPricing } from '../../shifts/shiftEnergy';
import { wallTime } from '../../shifts/shiftClock';
import { InterfaceKeyRepository } from '../interfaces/keyRepository';

/**
 * Tree A on Asia/Shanghai (UTC+8). Meter ALPHA-M1 holds 1 kWh every quarter of 2 March 2026 and 2 kWh every
 * quarter of 3 March; line L1 takes 60 % of it: 57.6 kWh on 2 March, 115.2 on 3 March, 172.8 in all.
 * Products: P1 coefficient 1 (target 2 kWh/unit), P2 coefficient 2. Shifts of tree A: Day 06:00–18:00, Night 18:00–06:00.
 * Output: 2 March P1 Day 10, P2 Day 5 (= 10 standard), P1 Night 8; 3 March P1 whole day 40.
 *   2 March standard output 28 → SEC 57.6 / 28 = 2.0571…; 3 March 40 → 2.88; total 172.8 / 68 = 2.5411…
 */
const TZ = 'Asia/Shanghai';
const MENUS = [
  '/energyLine/product',
  '/energyLine/product/add',
  '/energyLine/product/delete',
  '/energyLine/product-line',
  '/energyLine/product-line/add',
  '/energyLine/product-line/edit',
  '/energyLine/product-line/delete',
  '/energyLine/product-record',
  '/energyLine/product-record/add',
  '/energyLine/energy-board',
  '/energyLine/energy-board/edit',
  '/devices/shift',
  '/devices/shift/add',
];
let t: TestApp;
let trees: TwoTrees;
let a: TreeObjects;
let b: TreeObjects;
let line: number;
let p1: number;
let p2: number;
let key: string;
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => callAs(t.app, token, method, url, payload);
const alpha = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => as(trees.alpha.token, method, url, payload);
const quarter = (day: string, index: number) => wallTime(day, index * 15, TZ);
const postOutput = (records: unknown[], presented = key) =>
  t.app.inject({ method: 'POST', url: '/api/ingest/output', headers: { [INTERFACE_KEY_HEADER]: presented }, payload: { records } });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: TZ });
  trees = await twoTrees(t.app, MENUS);
  a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
  b = await treeObjects(t.app, trees.beta.id, 'BETA');
  const db = t.app.storage.db;
  await db
    .insertInto('energy_intervals')
    .values([
      ...Array.from({ length: 96 }, (_, i) => ({ meter_id: a.meter, start: quarter('2026-03-02', i), energy: 1 })),
      ...Array.from({ length: 96 }, (_, i) => ({ meter_id: a.meter, start: quarter('2026-03-03', i), energy: 2 })),
    ])
    .execute();
  for (const shift of [
    { name: 'Day', start: '06:00', end: '18:00', sort: 1 },
    { name: 'Night', start: '18:00', end: '06:00', sort: 2 },
  ])
    expect((await alpha('POST', '/api/shift-templates', shift)).status).toBe(200);
  p1 = (await alpha('POST', '/api/products', { code: 'P1', name: 'Bracket', unit: 'pcs', standardCoefficient: 1, targetSecKwh: 2 })).body.data.id;
  p2 = (await alpha('POST', '/api/products', { code: 'P2', name: 'Double bracket', unit: 'pcs', standardCoefficient: 2 })).body.data.id;
  line = (await alpha('POST', '/api/product-lines', { code: 'L1', name: 'Press line', departmentId: a.department, targetSecKwh: 3 })).body.data.id;
  const keys = new InterfaceKeyRepository(db);
  const created = await keys.create(trees.alpha.id, trees.alpha.id, 'MES');
  await keys.setState(created.row.id, 'active');
  key = created.key;
}, 60_000);
afterAll(() => t.close());

describe('line meters', () => {
  it('keeps a meter’s ratios over all lines at most 1, and takes only meters of the tree and energy type', async () => {
    const saved = await alpha('PUT', `/api/production/lines/${line}/meters`, { meters: [{ meterId: a.meter, ratio: 0.6 }] });
    expect(saved.body.data).toEqual([{ meterId: a.meter, code: 'ALPHA-M1', name: expect.any(String), energyType: 'electricity', ratio: 0.6, otherLines: 0 }]);
    const other = (await alpha('POST', '/api/product-lines', { code: 'L2', name: 'Paint line' })).body.data.id;
    // 0.6 is taken: 0.4 fits exactly, 0.5 does not.
    const over = await alpha('PUT', `/api/production/lines/${other}/meters`, { meters: [{ meterId: a.meter, ratio: 0.5 }] });
    expect([over.status, over.body.message]).toEqual([
      400,
      'meters.0.ratio: Meter ALPHA-M1 already gives 0.6 of its energy to other lines: this line may take at most 0.4',
    ]);
    expect((await alpha('PUT', `/api/production/lines/${other}/meters`, { meters: [{ meterId: a.meter, ratio: 0.4 }] })).status).toBe(200);
    const foreign = await alpha('PUT', `/api/production/lines/${other}/meters`, { meters: [{ meterId: b.meter, ratio: 0.1 }] });
    expect(foreign.body.message).toBe(`meters.0.meterId: ${b.meter} does not exist`);
    const zero = await alpha('PUT', `/api/production/lines/${other}/meters`, { meters: [{ meterId: a.meter, ratio: 0 }] });
    expect(zero.status).toBe(400);
    expect((await alpha('PUT', `/api/production/lines/${other}/meters`, { meters: [] })).body.data).toEqual([]);
    expect((await alpha('DELETE', `/api/product-lines/${other}`)).status).toBe(200);
  });
});

describe('output records', () => {
  it('takes typed-in records, checks the shift name and a reference used once in the tree', async () => {
    const record = (productId: number, day: string, shift: string, quantity: number, reference = '') =>
      alpha('POST', '/api/product-records', { lineId: line, productId, day, shift, quantity, reference });
    expect((await record(p1, '2026-03-02', 'Day', 10)).body.data).toMatchObject({ source: 'manual', shift: 'Day', quantity: 10 });
    expect((await record(p2, '2026-03-02', 'Day', 5, 'MES-1')).status).toBe(200);
    const badShift = await record(p1, '2026-03-02', 'Late', 1);
    expect(badShift.body.message).toBe('shift: No shift named "Late" where this line takes its shifts from (Day, Night)');
    expect((await record(p1, '2026-03-02', '', 1, 'MES-1')).body.message).toBe('reference: reference "MES-1" is already used');
  });

  it('ingests over HTTP record by record: a bad record is answered with its reason, the rest kept; a repeated reference updates', async () => {
    const first = await postOutput([
      { line: 'L1', product: 'P1', day: '2026-03-02', shift: 'Night', quantity: 3, reference: 'MES-2' },
      { line: 'L1', product: 'NOPE', day: '2026-03-02', shift: null, quantity: 1, reference: 'MES-3' },
      { line: 'L1', product: 'P1', day: '2026-02-30', shift: null, quantity: 1 },
      { line: 'L1', product: 'P1', day: '2026-03-03', shift: null, quantity: 40, reference: 'MES-4' },
    ]);
    expect(first.json()).toMatchObject({
      code: 0,
      message: '2 records rejected',
      data: {
        created: 2,
        updated: 0,
        rejected: [
          { index: 1, reference: 'MES-3', reason: 'product: no product with code "NOPE"' },
          { index: 2, reference: '', reason: expect.stringContaining('day') },
        ],
      },
    });
    // The MES corrects its night count from 3 to 8: the same record, not a second one.
    const again = await postOutput([{ line: 'L1', product: 'P1', day: '2026-03-02', shift: 'Night', quantity: 8, reference: 'MES-2' }]);
    expect(again.json().data).toEqual({ created: 0, updated: 1, rejected: [] });
    const rows = await t.app.storage.db
      .selectFrom('product_records')
      .select(['quantity', 'source', 'owner_user_id'])
      .where('reference', '=', 'MES-2')
      .execute();
    expect(rows).toEqual([{ quantity: 8, source: 'http', owner_user_id: trees.alpha.id }]);
    expect((await postOutput([], key)).json().message).toBe('records: give at least one record');
    expect((await postOutput([{}], 'ek_wrong')).json().code).toBe(ErrorCode.SDK_KEY_INVALID);
  });

  it('reads line and product codes only in the key’s tree', async () => {
    const betaKeys = new InterfaceKeyRepository(t.app.storage.db);
    const created = await betaKeys.create(trees.beta.id, trees.beta.id, 'Beta MES');
    await betaKeys.setState(created.row.id, 'active');
    const answer = await postOutput([{ line: 'L1', product: 'P1', day: '2026-03-02', quantity: 1 }], created.key);
    expect(answer.json().data.rejected).toEqual([{ index: 0, reference: '', reason: 'line: no line with code "L1"' }]);
  });
});

describe('SEC', () => {
  it('per day and in all: energy × 60 % over standard output, with kgce and the target', async () => {
    const answer = await alpha('GET', `/api/production/lines/${line}/sec?from=2026-03-02&to=2026-03-03&period=day`);
    const report = answer.body.data;
    expect(report.periods.map((p: { period: string; energy: number; standardOutput: number; secKwh: number }) => [p.period, p.standardOutput])).toEqual([
      ['2026-03-02', 28],
      ['2026-03-03', 40],
    ]);
    expect(report.periods[0].energy).toBeCloseTo(57.6, 9);
    expect(report.periods[0].secKwh).toBeCloseTo(57.6 / 28, 9);
    expect(report.periods[1].secKwh).toBeCloseTo(2.88, 9);
    expect(report.total.energy).toBeCloseTo(172.8, 9);
    expect(report.total.energyKgce).toBeCloseTo(172.8 * 0.1229, 9);
    expect(report.total.secKwh).toBeCloseTo(172.8 / 68, 9);
    expect(report.total.vsTargetPercent).toBeCloseTo(((172.8 / 68 - 3) / 3) * 100, 9);
    expect(report.factor).toEqual({ kgcePerKwh: 0.1229, source: 'GB/T 2589-2020, electricity equivalent value 0.1229 kgce/kWh' });
  });

  it('splits the energy over the products by standard-output share; a product’s SEC is per its own unit', async () => {
    const report = (await alpha('GET', `/api/production/lines/${line}/sec?from=2026-03-02&to=2026-03-03&period=month`)).body.data;
    expect(report.periods.map((p: { period: string; from: string; to: string }) => [p.period, p.from, p.to])).toEqual([
      ['2026-03', '2026-03-02', '2026-03-03'],
    ]);
    // P1: 10 + 8 + 40 = 58 units = 58 standard; P2: 5 units = 10 standard; 68 in all.
    const [first, second] = report.products;
    expect([first.code, first.quantity, first.standardOutput, second.code, second.quantity, second.standardOutput]).toEqual(['P1', 58, 58, 'P2', 5, 10]);
    expect(first.energy).toBeCloseTo((172.8 * 58) / 68, 9); // 147.388…
    expect(first.secKwh).toBeCloseTo(172.8 / 68, 9); // coefficient 1: the line's SEC
    expect(first.vsTargetPercent).toBeCloseTo(((172.8 / 68 - 2) / 2) * 100, 9);
    expect(second.energy).toBeCloseTo((172.8 * 10) / 68, 9); // 25.411…
    expect(second.secKwh).toBeCloseTo((172.8 * 10) / 68 / 5, 9); // 5.082… = 2 × the line's SEC
  });

  it('per shift, a night shift counted on the day it starts; whole-day output and energy outside shifts beside', async () => {
    const report = (await alpha('GET', `/api/production/lines/${line}/shifts?from=2026-03-02&to=2026-03-03`)).body.data;
    // Day 2 March 06–18: 48 × 1 × 0.6 = 28.8 for 20 → 1.44. Night 2 March 18:00 → 3 March 06:00: (24 × 1 + 24 × 2) × 0.6 = 43.2 for 8 → 5.4.
    // Day 3 March: 48 × 2 × 0.6 = 57.6, Night 3 March: 24 × 2 × 0.6 = 28.8 (4 March is empty), no shift output (40 is whole-day).
    // Outside: 2 March 00:00–06:00 belongs to 1 March's night, not asked for: 24 × 0.6 = 14.4.
    const rows = report.rows.map((r: { day: string; shiftName: string; energy: number; standardOutput: number; secKwh: number | null }) => [
      r.day,
      r.shiftName,
      Number(r.energy.toFixed(9)),
      r.standardOutput,
      r.secKwh === null ? null : Number(r.secKwh.toFixed(9)),
    ]);
    expect(rows).toEqual([
      ['2026-03-02', 'Day', 28.8, 20, 1.44],
      ['2026-03-02', 'Night', 43.2, 8, 5.4],
      ['2026-03-03', 'Day', 57.6, 0, null],
      ['2026-03-03', 'Night', 28.8, 0, null],
    ]);
    expect(report.wholeDayOutput).toBe(40);
    expect(report.outsideShiftsEnergy).toBeCloseTo(14.4, 9);
    expect(report.shifts.map((s: { shiftName: string; standardOutput: number }) => [s.shiftName, s.standardOutput])).toEqual([
      ['Day', 20],
      ['Night', 8],
    ]);
  });

  it('prices each quarter by its band: cost per standard unit, rounded once per band line', async () => {
    // Peak 08:00–12:00 local at 1.200000, valley otherwise at 0.300000. 2 March: 0.6 kWh a quarter.
    // Peak 16 quarters = 9.6 kWh × 1.2 = 11.52 → 1152 fen; valley 80 quarters = 48 kWh × 0.3 = 14.40 → 1440 fen. Output 28.
    const pricing: ShiftPricing = {
      effective: new Map([[a.meter, 7]]),
      book: {
        slotOf: (tariffId, start) =>
          tariffId === 7
            ? {
                versionId: 1,
                season: 0,
                band: (new Date(start).getUTCHours() + 8) % 24 >= 8 && (new Date(start).getUTCHours() + 8) % 24 < 12 ? 'peak' : 'valley',
              }
            : null,
        priceMicro: (slot) => (slot.band === 'peak' ? 1_200_000 : 300_000),
      },
    };
    const db = t.app.storage.db;
    const cost = await lineCost(db, await loadLine(db, line), { from: '2026-03-02', to: '2026-03-02' }, TZ, pricing);
    const bands = Object.fromEntries(cost.bands.map((band) => [band.band, band]));
    expect([bands.peak!.costMinor, bands.valley!.costMinor, cost.total.costMinor, cost.standardOutput]).toEqual([1152, 1440, 2592, 28]);
    expect(bands.peak!.energy).toBeCloseTo(9.6, 9);
    expect(bands.peak!.costPerUnitMinor).toBeCloseTo(1152 / 28, 9); // 41.14 fen per unit
    expect(bands.valley!.costPerUnitMinor).toBeCloseTo(1440 / 28, 9);
    expect(cost.total.costPerUnitMinor).toBeCloseTo(2592 / 28, 9);
    expect(cost.unpricedEnergy).toBe(0);
  });

  it('saves the baseline choice; two days are too few for a regression', async () => {
    expect((await alpha('GET', `/api/production/lines/${line}/baseline?from=2026-03-02&to=2026-03-03`)).body.data).toMatchObject({
      baseline: null,
      problem: 'noBaseline',
    });
    const saved = await alpha('PUT', `/api/production/lines/${line}/baseline`, { from: '2026-03-01', to: '2026-03-03' });
    expect(saved.body.data).toMatchObject({ lineId: line, from: '2026-03-01', to: '2026-03-03' });
    expect((await alpha('GET', `/api/production/lines/${line}/baseline?from=2026-03-02&to=2026-03-03`)).body.data).toMatchObject({
      baseline: { from: '2026-03-01', to: '2026-03-03', saved: true },
      problem: 'tooFewDays',
    });
    const backwards = await alpha('PUT', `/api/production/lines/${line}/baseline`, { from: '2026-03-03', to: '2026-03-01' });
    expect(backwards.body.message).toBe('body.to: The baseline must not end before it starts');
  });

  it('summarises every line of the tree for the board, and nothing of another tree', async () => {
    const board = (await alpha('GET', '/api/production/board?from=2026-03-02&to=2026-03-03')).body.data;
    expect(board.lines.map((l: { code: string; standardOutput: number; status: string }) => [l.code, l.standardOutput, l.status])).toEqual([['L1', 68, 'ok']]);
    const beta = (await as(trees.beta.token, 'GET', '/api/production/board?from=2026-03-02&to=2026-03-03')).body.data;
    expect(beta.lines).toEqual([]);
    expect((await as(trees.beta.token, 'GET', `/api/production/lines/${line}/sec?from=2026-03-02&to=2026-03-03`)).status).toBe(404);
    expect((await as(trees.beta.token, 'PUT', `/api/production/lines/${line}/baseline`, { from: '2026-03-01', to: '2026-03-03' })).status).toBe(404);
  });

  it('keeps a product with records from being deleted', async () => {
    expect((await alpha('DELETE', `/api/products/${p2}`)).body.message).toBe('Product "P2" has output records: delete them first');
  });
});

describe('MQTT gateways/{sn}/output', () => {
  let mqtt: MqttIngress;
  afterAll(() => mqtt?.close());

  it('takes output from the gateway’s own login, in the gateway’s tree', async () => {
    const db = t.app.storage.db;
    await db
      .updateTable('gateways')
      .set({ mqtt_username: 'gw-alpha', mqtt_password_hash: await hashPassword('Gw!alpha-pass-1') })
      .where('id', '=', a.gateway)
      .execute();
    const log = recordingLog();
    mqtt = await startMqttIngress({
      storage: t.app.storage,
      ingest: t.app.ingest,
      port: 0,
      host: '127.0.0.1',
      log,
      env: {},
      output: productionOutputSink(db, log),
    });
    const client = await connectAsync(`mqtt://127.0.0.1:${mqtt.port}`, { username: 'gw-alpha', password: 'Gw!alpha-pass-1', reconnectPeriod: 0 });
    await client.publishAsync(
      `gateways/${a.gatewaySn}/output`,
      JSON.stringify({
        records: [
          { line: 'L1', product: 'P2', day: '2026-03-04', shift: 'Day', quantity: 7, reference: 'MQ-1' },
          { line: 'L1', product: 'P2', day: '2026-03-04', shift: 'Noon', quantity: 1 },
        ],
      }),
      { qos: 1 },
    );
    // The PUBACK came after the write.
    const row = await db.selectFrom('product_records').select(['quantity', 'source', 'shift']).where('reference', '=', 'MQ-1').executeTakeFirst();
    expect(row).toEqual({ quantity: 7, source: 'mqtt', shift: 'Day' });
    await waitFor(() => log.lines.some((entry) => entry.msg.includes('shift: no shift named "Noon"')));
    // Another gateway's topic closes the connection (no negative PUBACK in MQTT 3.1.1).
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`gateways/${b.gatewaySn}/output`, JSON.stringify({ records: [] }), { qos: 1 });
    await closed;
    await client.endAsync(true);
  });
});
