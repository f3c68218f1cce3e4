import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { REGISTER_ORDER_MESSAGE, type MonthRegisterRow } from '@shared/schemas/monthRegisters';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { treeUser } from '@tests/support/trees';
import { resourceCaller } from '../resources/resourceKit.test-util';
import { dayStartInstant, monthBounds } from './monthInstants';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let token: string;
let api: ReturnType<typeof resourceCaller>;
const ids: Record<string, number> = {};
const at = (local: string) => Date.parse(`${local}+08:00`);

async function send(readings: { meter: string; ts: number; kwh: number }[]) {
  const outcome = await t.app.ingest.submit(
    { readings: readings.map((r) => ({ meter: r.meter, ts: r.ts, values: { kwh: r.kwh } })) },
    { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' },
  );
  expect(outcome).toMatchObject({ accepted: readings.length, rejected: [] });
}

const record = async (query: string, as = token) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/month-registers?${query}`, headers: bearer(as) });
  return { status: response.statusCode, ...(response.json() as { code: number; data: any; message: string }) };
};
const rowOf = async (month: string, code: string): Promise<MonthRegisterRow> =>
  ((await record(`month=${month}`)).data.rows as MonthRegisterRow[]).find((row) => row.code === code)!;

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
  const gateway = await t.app.storage.db.selectFrom('gateways').select('id').where('sn', '=', 'GW-DEMO-01').executeTakeFirstOrThrow();
  ids.hall = (await api('POST', '/api/departments', { name: 'Register hall', code: 'REG-HALL' })).data.id;
  ids.bay = (await api('POST', '/api/departments', { name: 'Register bay', code: 'REG-BAY', parentId: ids.hall })).data.id;
  const meter = (code: string, gatewayId: number | null, departmentId: number | null) =>
    api('POST', '/api/meters', { code, name: `Register meter ${code}`, energyType: 'electricity', unit: 'kWh', ctRatio: 40, gatewayId, departmentId });
  ids.reg1 = (await meter('REG-1', gateway.id, ids.hall!)).data.id;
  ids.reg2 = (await meter('REG-2', gateway.id, ids.bay!)).data.id;
  ids.reg3 = (await meter('REG-3', null, null)).data.id;

  // REG-1: readings on the month edges (hand-computed below).
  await send([
    { meter: 'REG-1', ts: at('2026-09-30T23:45:00'), kwh: 1000 },
    { meter: 'REG-1', ts: at('2026-10-01T00:00:00'), kwh: 1000.5 },
    { meter: 'REG-1', ts: at('2026-10-15T12:00:00'), kwh: 1050 },
    { meter: 'REG-1', ts: at('2026-11-01T00:00:00'), kwh: 1100.25 },
    { meter: 'REG-1', ts: at('2026-11-01T00:15:00'), kwh: 1100.5 },
  ]);
  // REG-2: swapped on 10 October at 01:00 (old meter's final 601, new meter starts at 0).
  await send([
    { meter: 'REG-2', ts: at('2026-10-01T00:00:00'), kwh: 500 },
    { meter: 'REG-2', ts: at('2026-10-10T00:00:00'), kwh: 600 },
  ]);
  const swap = await api('POST', `/api/meters/${ids.reg2}/replacements`, {
    replacedAt: at('2026-10-10T01:00:00'),
    oldSerial: 'A',
    newSerial: 'B',
    oldFinalReading: 601,
    newInitialReading: 0,
  });
  expect(swap.code).toBe(0);
  await send([
    { meter: 'REG-2', ts: at('2026-10-20T00:00:00'), kwh: 30 },
    { meter: 'REG-2', ts: at('2026-11-01T00:00:00'), kwh: 80 },
  ]);
  // Band energy of REG-1's October as the band ledger keeps it: per tariff version, season and band.
  const db = t.app.storage.db;
  await db.deleteFrom('band_rollups').where('scope', '=', 'meter').where('scope_id', 'in', [ids.reg1!, ids.reg2!, ids.reg3!]).execute();
  const band = (version_id: number, name: string, energy: number, estimated = 0) => ({
    scope: 'meter' as const,
    scope_id: ids.reg1!,
    energy_type: 'electricity',
    grain: 'month' as const,
    period: '2026-10',
    version_id,
    season: 0,
    band: name,
    energy,
    estimated,
  });
  await db
    .insertInto('band_rollups')
    .values([band(1, 'valley', 2790, 30), band(1, 'peak', 1000), band(2, 'peak', 200)])
    .execute();
}, 60_000);
afterAll(() => t.close());

describe('month bounds in TIME_ZONE', () => {
  it('start at local midnight of the first day', () => {
    expect(dayStartInstant('2026-10-01', TZ)).toBe(Date.parse('2026-09-30T16:00:00Z'));
    expect(monthBounds('2026-12', TZ)).toEqual({ from: Date.parse('2026-11-30T16:00:00Z'), to: Date.parse('2026-12-31T16:00:00Z') });
    // A daylight-saving zone: Berlin's October has 31 days and 745 hours (the clock goes back on the 25th).
    const berlin = monthBounds('2026-10', 'Europe/Berlin');
    expect(berlin.from).toBe(Date.parse('2026-09-30T22:00:00Z'));
    expect((berlin.to - berlin.from) / 3_600_000).toBe(745);
  });
});

describe('GET /api/month-registers', () => {
  it('derives start and end registers, CT × PT and the register energy, matching the month rollup', async () => {
    const october = await rowOf('2026-10', 'REG-1');
    // Start: the reading at 10-01 00:00 (1000.5); end: the reading at 11-01 00:00 (1100.25).
    // (1100.25 − 1000.5) × 40 = 99.75 × 40 = 3990 kWh; counted: 49.5 × 40 + 50.25 × 40 = 1980 + 2010 = 3990.
    expect(october).toMatchObject({
      departmentName: 'Register hall',
      ctRatio: 40,
      ptRatio: 1,
      multiplier: 40,
      manual: false,
      startRegister: 1000.5,
      startAt: at('2026-10-01T00:00:00'),
      startSource: 'reading',
      endRegister: 1100.25,
      endAt: at('2026-11-01T00:00:00'),
      endSource: 'reading',
      notes: [],
      mismatch: false,
      typed: null,
    });
    expect(october.registerEnergy).toBeCloseTo(3990, 9);
    expect(october.rollupEnergy).toBeCloseTo(3990, 9);
    expect(october.difference).toBeCloseTo(0, 9);
    // Per band, summed over versions and seasons: peak 1000 + 200, valley 2790 (30 estimated).
    expect(october.bands).toEqual([
      { band: 'peak', energy: 1200, estimated: 0 },
      { band: 'valley', energy: 2790, estimated: 30 },
    ]);

    // September: nothing at or before 09-01 00:00, so the month's first reading (09-30 23:45, 1000) starts it;
    // 0.5 × 40 = 20 kWh, the one interval counted in September.
    const september = await rowOf('2026-09', 'REG-1');
    expect(september).toMatchObject({ startRegister: 1000, startAt: at('2026-09-30T23:45:00'), endRegister: 1000.5, notes: ['lateStart'], mismatch: false });
    expect(september.registerEnergy).toBeCloseTo(20, 9);
    expect(september.rollupEnergy).toBeCloseTo(20, 9);
    expect(september.bands).toEqual([]);
  });

  it('flags a month with a replacement: the registers of two meters do not give its energy', async () => {
    const october = await rowOf('2026-10', 'REG-2');
    // (80 − 500) × 40 = −16800; counted: (600 − 500) × 40 + credited (601 − 600) × 40 + 30 × 40 + 50 × 40 = 4000 + 40 + 1200 + 2000 = 7240.
    expect(october).toMatchObject({ startRegister: 500, endRegister: 80, mismatch: true });
    expect(october.notes).toEqual(['reset', 'replacement']);
    expect(october.registerEnergy).toBeCloseTo(-16800, 9);
    expect(october.rollupEnergy).toBeCloseTo(7240, 9);
    expect(october.difference).toBeCloseTo(-24040, 9);
  });

  it('filters by a department and the ones below it, and keeps to the caller’s tree', async () => {
    const hall = await record(`month=2026-10&departmentId=${ids.hall}`);
    expect(hall.data.rows.map((row: MonthRegisterRow) => row.code)).toEqual(['REG-1', 'REG-2']);
    const bay = await record(`month=2026-10&departmentId=${ids.bay}`);
    expect(bay.data.rows.map((row: MonthRegisterRow) => row.code)).toEqual(['REG-2']);
    expect(await record('month=2026-13')).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED });

    const other = await treeUser(t.app, 'reg_other', ['/settlement/power-month-record', '/settlement/power-month-record/edit']);
    const theirs = await record('month=2026-10', other.token);
    expect(theirs.data.rows).toEqual([]);
    expect((await record(`month=2026-10&departmentId=${ids.hall}`, other.token)).status).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/month-registers',
      headers: bearer(other.token),
      payload: { meterId: ids.reg3, month: '2026-10', startRegister: 1, endRegister: 2, reason: 'not mine' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('exports the record as CSV with the headers of the chosen language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/month-registers/export?month=2026-10&departmentId=${ids.hall}&format=csv&lang=en`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="meter-registers-2026-10.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Code,Name,Department,Unit,CT × PT,Start register,End register,Register energy,Counted energy,Difference,Sharp peak,Peak,Flat,Valley,Deep valley,Source,Notes',
    );
    expect(lines[1]).toBe('REG-1,Register meter REG-1,Register hall,kWh,40,1000.5,1100.25,3990,3990,0,,1200,,2790,,Derived,');
    expect(lines[2]).toBe(
      'REG-2,Register meter REG-2,Register bay,kWh,40,500,80,-16800,7240,-24040,,,,,,Derived,Mismatch; Register went back; Replaced this month',
    );
  });
});

describe('PUT /api/month-registers (manually read meters)', () => {
  const put = (payload: object) => api('PUT', '/api/month-registers', payload);

  it('takes typed registers with a reason, audited, and carries the end into the next month’s start', async () => {
    const saved = await put({ meterId: ids.reg3, month: '2026-10', band: 'total', startRegister: 2000, endRegister: 2012.5, reason: 'Read on site' });
    expect(saved.code).toBe(0);
    // (2012.5 − 2000) × 40 = 500 kWh typed in; nothing counted for a meter without readings.
    expect(saved.data).toMatchObject({
      code: 'REG-3',
      manual: true,
      startRegister: 2000,
      startSource: 'typed',
      endRegister: 2012.5,
      endSource: 'typed',
      registerEnergy: 500,
      rollupEnergy: 0,
      mismatch: true,
      notes: [],
      typed: { startRegister: 2000, endRegister: 2012.5, reason: 'Read on site', editedBy: 'admin' },
    });
    const november = await rowOf('2026-11', 'REG-3');
    expect(november).toMatchObject({ startRegister: 2012.5, startSource: 'previousMonth', endRegister: null, registerEnergy: null, notes: ['noReadings'] });

    await put({ meterId: ids.reg3, month: '2026-10', startRegister: 2000, endRegister: 2013, reason: 'Misread the last digit' });
    const audit = await api('GET', `/api/audit-log?entity=meter&entityId=${ids.reg3}`);
    const entries = (audit.data as { action: string; detail: Record<string, unknown> }[]).filter((entry) => entry.action === 'month-register');
    expect(entries.map((entry) => entry.detail)).toEqual([
      { month: '2026-10', band: 'total', reason: 'Read on site', before: null, after: { startRegister: 2000, endRegister: 2012.5 } },
      {
        month: '2026-10',
        band: 'total',
        reason: 'Misread the last digit',
        before: { startRegister: 2000, endRegister: 2012.5, reason: 'Read on site' },
        after: { startRegister: 2000, endRegister: 2013 },
      },
    ]);
    // Both empty: back to the readings (none), the typed row goes.
    const cleared = await put({ meterId: ids.reg3, month: '2026-10', startRegister: null, endRegister: null, reason: 'Typed by mistake' });
    expect(cleared.data).toMatchObject({ typed: null, startRegister: null, endRegister: null, registerEnergy: null });
  });

  it('refuses a meter read through a gateway, a missing reason, an end below the start and a closed month', async () => {
    const body = { meterId: ids.reg3, month: '2026-10', startRegister: 10, endRegister: 20, reason: 'Read on site' };
    expect(await put({ ...body, meterId: ids.reg1 })).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED });
    expect((await put({ ...body, meterId: ids.reg1 })).message).toMatch(/^meterId: Only a manually read meter/);
    expect((await put({ ...body, reason: '  ' })).message).toBe('body.reason: Give the reason for typing the registers in');
    expect((await put({ ...body, endRegister: 5 })).message).toBe(`body.endRegister: ${REGISTER_ORDER_MESSAGE}`);

    const admin = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await t.app.storage.db
      .insertInto('settlement_snapshots')
      .values({
        owner_user_id: admin.id,
        month: '2026-09',
        version: 1,
        state: 'closed',
        figures: '{}',
        tariff_versions: '[]',
        closed_by: admin.id,
        closed_at: Date.now(),
      })
      .execute();
    const closed = await put({ ...body, month: '2026-09' });
    expect(closed).toMatchObject({ status: 409, code: ErrorCode.PERIOD_CLOSED });
    expect(closed.message).toBe('2026-09 is closed for settlement; reopen it with a reason before changing its figures');
    expect((await rowOf('2026-09', 'REG-3')).typed).toBeNull();
  });
});
