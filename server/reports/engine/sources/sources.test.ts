import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMilli } from '@shared/metering';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { postEntries, type EntryWrite } from '../../../prepaid/ledger';
import { reportSpecSchema } from '@shared/reports/spec';
import { buildReportTable } from '../buildReportTable';
import { cellKey, type MetricRequest, type MetricValues, type ReportContext, type ReportObject, type ReportSlot } from '../reportContext';
import { alarmSource } from './alarms';
import { demandSource } from './demand';
import { registerSource, REGISTER_LOOK_BACK_MS } from './registers';
import { roomSource } from './rooms';

/** Shanghai keeps no daylight saving: local midnight is 16:00 UTC the day before. */
const TZ = 'Asia/Shanghai';
const at = (local: string): number => Date.parse(`${local}+08:00`);
const slot = (key: string, from: string, to: string): ReportSlot => ({
  key,
  label: key,
  from: from.slice(0, 10),
  to: to.slice(0, 10),
  startMs: at(from),
  endMs: at(to),
});
const DAY = slot('2026-03-10', '2026-03-10T00:00:00', '2026-03-11T00:00:00');
const NEXT_DAY = slot('2026-03-11', '2026-03-11T00:00:00', '2026-03-12T00:00:00');
const MARCH = slot('2026-03', '2026-03-01T00:00:00', '2026-04-01T00:00:00');
const FEBRUARY = slot('2026-02', '2026-02-01T00:00:00', '2026-03-01T00:00:00');
const JANUARY = slot('2026-01', '2026-01-01T00:00:00', '2026-02-01T00:00:00');
const MARCH_1 = slot('2026-03-01', '2026-03-01T00:00:00', '2026-03-02T00:00:00');
const MARCH_15 = slot('2026-03-15', '2026-03-15T00:00:00', '2026-03-16T00:00:00');
const MOVE_HOUR = slot('2026-03-15 14:00', '2026-03-15T14:00:00', '2026-03-15T15:00:00');

let t: TestApp;
let admin: number;
let other: number;
const ids: Record<string, number> = {};

const db = () => t.app.storage.db;
const context = (owners: ReportContext['owners'] = [admin]): ReportContext => ({
  db: db(),
  dbKind: t.app.storage.kind,
  sqlite: t.app.storage.sqlite,
  owners,
  timeZone: TZ,
});
const object = (kind: ReportObject['kind'], id: number): ReportObject => ({
  kind,
  id,
  code: String(id),
  name: String(id),
  departmentId: null,
  departmentName: '',
  energyType: 'electricity',
});
const ask = (request: Omit<MetricRequest, 'grain'> & { grain?: MetricRequest['grain'] }) => ({ grain: 'day' as const, ...request });
/** The cells as {"object|slot": value} (and "*" after estimated ones), numbers to 9 places so float dust cannot hide a wrong sum. */
const cells = (values: MetricValues) =>
  Object.fromEntries([...values].map(([key, cell]) => [key, `${Number(cell.value.toFixed(9))}${cell.estimated ? '*' : ''}`]));

async function department(code: string, parent: number | null, owner = admin): Promise<number> {
  const row = await db()
    .insertInto('departments')
    .values({ owner_user_id: owner, name: code, code, parent_id: parent, level: parent ? 2 : 1, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function meter(
  code: string,
  fields: { department?: number | null; main?: boolean; ct?: number; owner?: number; subitem?: number | null; gateway?: number | null },
) {
  const row = await db()
    .insertInto('meters')
    .values({
      owner_user_id: fields.owner ?? admin,
      code,
      name: code,
      gateway_id: fields.gateway ?? null,
      department_id: fields.department ?? null,
      subitem_id: fields.subitem ?? null,
      energy_type: 'electricity',
      unit: 'kWh',
      ct_ratio: fields.ct ?? 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      rated_power_kw: 100_000,
      is_main: fields.main ? 1 : 0,
      created_at: at('2025-01-01T00:00:00'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const intervals = (meterId: number, rows: [string, number][]) =>
  db()
    .insertInto('energy_intervals')
    .values(rows.map(([local, energy]) => ({ meter_id: meterId, start: at(local), energy })))
    .execute();

async function alarm(kind: string, subjectType: string, subjectId: number, raised: string) {
  await db()
    .insertInto('alarm_records')
    .values({
      kind,
      severity: 'major',
      processing_state: 1,
      subject_type: subjectType,
      subject_id: subjectId,
      subject_code: null,
      subject_name: `${subjectType} ${subjectId}`,
      rule_id: 0,
      message: `${kind} on ${subjectType} ${subjectId}`,
      raised_at: at(raised),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ, seedDemo: false });
  admin = (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  other = await insertSubUserRow(db(), { username: 'tree_b', password: 'Other!2345test', type: 0, passwordHash: 'x' });
  const gateway = await db()
    .insertInto('gateways')
    .values({ sn: 'GW-REPORTS', name: 'reports gateway', owner_user_id: admin, online: 0, last_seen_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Plant (no main meter) ⊃ Hall (no main meter) ⊃ M1, M2; Plant ⊃ M3; Office has the main meter M4 beside M5.
  ids.gateway = gateway.id;
  ids.plant = await department('PLANT', null);
  ids.hall = await department('HALL', ids.plant);
  ids.office = await department('OFFICE', null);
  ids.m1 = await meter('M1', { department: ids.hall, gateway: gateway.id });
  ids.m2 = await meter('M2', { department: ids.hall, gateway: gateway.id });
  ids.m3 = await meter('M3', { department: ids.plant, gateway: gateway.id });
  ids.m4 = await meter('M4', { department: ids.office, main: true, gateway: gateway.id });
  ids.m5 = await meter('M5', { department: ids.office, gateway: gateway.id });
  // Another tree's meter wrongly placed in Hall: it must never count for tree A's departments.
  ids.mb = await meter('MB', { department: ids.hall, owner: other });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('demand (15-minute energy × 4, kW)', () => {
  beforeAll(async () => {
    await intervals(ids.m1!, [
      ['2026-03-10T10:00:00', 2.5],
      ['2026-03-10T10:15:00', 1.0],
      ['2026-03-10T11:00:00', 0.5],
    ]);
    await intervals(ids.m2!, [
      ['2026-03-10T10:00:00', 1.5],
      ['2026-03-10T10:15:00', 2.0],
    ]);
    await intervals(ids.m3!, [['2026-03-10T11:00:00', 0.25]]);
    await intervals(ids.m4!, [['2026-03-10T10:00:00', 1.0]]);
    await intervals(ids.m5!, [['2026-03-10T10:00:00', 0.5]]);
    await intervals(ids.mb!, [['2026-03-10T10:00:00', 100]]);
    // M2's 10:15 is a completed gap: its figures are flagged.
    await db()
      .insertInto('interval_estimates')
      .values({ meter_id: ids.m2!, start: at('2026-03-10T10:15:00'), energy: 2.0, completion_id: 1 })
      .execute();
  });

  it('meters: 2.5 kWh in a quarter hour is 10 kW; the smallest stored interval gives the minimum; a day without data is empty', async () => {
    const objects = [object('meter', ids.m1!), object('meter', ids.m2!)];
    const max = await demandSource.read(context(), ask({ metric: 'maxDemand', objects, slots: [DAY, NEXT_DAY] }));
    expect(cells(max)).toEqual({ [cellKey(ids.m1!, DAY.key)]: '10', [cellKey(ids.m2!, DAY.key)]: '8*' });
    const min = await demandSource.read(context(), ask({ metric: 'minDemand', objects, slots: [DAY] }));
    expect(cells(min)).toEqual({ [cellKey(ids.m1!, DAY.key)]: '2', [cellKey(ids.m2!, DAY.key)]: '6*' });
  });

  it("departments: the demand of the meters' sum in the same interval, not the largest meter's; a main meter is the department", async () => {
    const objects = [object('department', ids.hall!), object('department', ids.plant!), object('department', ids.office!)];
    const max = await demandSource.read(context(), ask({ metric: 'maxDemand', objects, slots: [DAY] }));
    // Hall 10:00: 2.5 + 1.5 = 4 kWh → 16 kW (M1 alone: 10 kW; another tree's MB is not Hall's);
    // Plant adds M3 (Hall has no main meter); Office is its main meter M4 only: 1 kWh → 4 kW, not 6.
    expect(cells(max)).toEqual({
      [cellKey(ids.hall!, DAY.key)]: '16*',
      [cellKey(ids.plant!, DAY.key)]: '16*',
      [cellKey(ids.office!, DAY.key)]: '4',
    });
    const min = await demandSource.read(context(), ask({ metric: 'minDemand', objects, slots: [DAY] }));
    // Hall 11:00: 0.5 → 2 kW; Plant 11:00: 0.5 + 0.25 = 0.75 → 3 kW.
    expect(cells(min)).toEqual({
      [cellKey(ids.hall!, DAY.key)]: '2*',
      [cellKey(ids.plant!, DAY.key)]: '3*',
      [cellKey(ids.office!, DAY.key)]: '4',
    });
  });
});

describe('registers at a month edge in Asia/Shanghai (register × CT × PT)', () => {
  beforeAll(async () => {
    ids.ct40 = await meter('CT40', { ct: 40, gateway: ids.gateway! });
    ids.stale = await meter('STALE', { gateway: ids.gateway! });
    ids.manual = await meter('MANUAL', { ct: 2 });
    const reading = (meterId: number, local: string, register: number) => ({
      meter_id: meterId,
      ts: at(local),
      register_milli: toMilli(register),
      rate_milli: null,
      extra: null,
    });
    await db()
      .insertInto('readings')
      .values([
        reading(ids.ct40, '2026-02-28T23:50:00', 1000),
        reading(ids.ct40, '2026-03-01T00:10:00', 1000.4),
        reading(ids.ct40, '2026-03-31T23:55:00', 1012.5),
        // exactly on the edge: ends March (and would start April)
        reading(ids.ct40, '2026-04-01T00:00:00', 1012.75),
        reading(ids.ct40, '2026-04-01T00:05:00', 1013),
        // older than the look-back at March's start
        reading(ids.stale, '2025-12-01T00:00:00', 77),
        reading(ids.manual, '2026-03-15T00:00:00', 555),
      ])
      .execute();
    await db()
      .insertInto('month_registers')
      .values({ meter_id: ids.manual, month: '2026-03', band: 'total', start_register: 500, end_register: 620, edited_by: null, edited_at: Date.now() })
      .execute();
  });

  it('the last reading at or before local midnight, not the first one after it; the end edge reading ends the month', async () => {
    const objects = [object('meter', ids.ct40!), object('meter', ids.stale!)];
    const start = await registerSource.read(context(), ask({ metric: 'registerStart', objects, slots: [MARCH, MARCH_1] }));
    // 1000 × 40 at 2026-02-28 16:00 UTC; STALE's 77 is older than the look-back: empty
    expect(cells(start)).toEqual({ [cellKey(ids.ct40!, MARCH.key)]: '40000', [cellKey(ids.ct40!, MARCH_1.key)]: '40000' });
    const end = await registerSource.read(context(), ask({ metric: 'registerEnd', objects, slots: [MARCH, MARCH_1] }));
    // 1012.75 × 40 = 40510 at April's first instant; March 1st ends at 00:00 on the 2nd: the 00:10 reading 1000.4 × 40
    expect(cells(end)).toEqual({ [cellKey(ids.ct40!, MARCH.key)]: '40510', [cellKey(ids.ct40!, MARCH_1.key)]: '40016' });
    expect(at('2026-03-01T00:00:00') - at('2025-12-01T00:00:00')).toBeGreaterThan(REGISTER_LOOK_BACK_MS);
  });

  it("a manually read meter's typed registers stand at the month's edges; inside the month its reading does", async () => {
    const objects = [object('meter', ids.manual!)];
    const mid = slot('2026-03-16', '2026-03-16T00:00:00', '2026-03-17T00:00:00');
    const start = await registerSource.read(context(), ask({ metric: 'registerStart', objects, slots: [MARCH, mid] }));
    expect(cells(start)).toEqual({ [cellKey(ids.manual!, MARCH.key)]: '1000', [cellKey(ids.manual!, mid.key)]: '1110' });
    const end = await registerSource.read(context(), ask({ metric: 'registerEnd', objects, slots: [MARCH] }));
    expect(cells(end)).toEqual({ [cellKey(ids.manual!, MARCH.key)]: '1240' });
  });
});

describe('alarm counts', () => {
  beforeAll(async () => {
    await alarm('device', 'meter', ids.m1!, '2026-03-01T00:00:00');
    await alarm('device', 'meter', ids.m1!, '2026-03-05T08:00:00');
    await alarm('offline', 'meter', ids.m1!, '2026-03-10T08:00:00');
    await alarm('device', 'meter', ids.m1!, '2026-04-01T00:00:00');
    await alarm('device', 'meter', ids.m2!, '2026-03-20T08:00:00');
    await alarm('error', 'meter', ids.m3!, '2026-03-02T08:00:00');
    await alarm('device', 'department', ids.hall!, '2026-03-11T08:00:00');
    await alarm('device', 'department', ids.office!, '2026-03-12T08:00:00');
    await alarm('device', 'meter', ids.m4!, '2026-03-12T09:00:00');
    await alarm('offline', 'gateway', ids.gateway!, '2026-03-03T08:00:00');
    await alarm('device', 'meter', ids.mb!, '2026-03-06T08:00:00');
  });

  it('counts alarms raised in [start, end) of the kind asked; a meter counts its own', async () => {
    const device = await alarmSource.read(
      context(),
      ask({ metric: 'alarmCount', alarmKind: 'device', objects: [object('meter', ids.m1!)], slots: [MARCH, FEBRUARY] }),
    );
    expect(cells(device)).toEqual({ [cellKey(ids.m1!, MARCH.key)]: '2', [cellKey(ids.m1!, FEBRUARY.key)]: '0' });
    const every = await alarmSource.read(context(), ask({ metric: 'alarmCount', objects: [object('meter', ids.m1!)], slots: [MARCH] }));
    expect(cells(every)).toEqual({ [cellKey(ids.m1!, MARCH.key)]: '3' });
  });

  it("a department counts its own, its sub-departments' and their meters' alarms, only of the caller's trees", async () => {
    const objects = [object('department', ids.hall!), object('department', ids.plant!), object('department', ids.office!)];
    const device = await alarmSource.read(context(), ask({ metric: 'alarmCount', alarmKind: 'device', objects, slots: [MARCH] }));
    // Hall: itself 1 + M1 2 + M2 1 (not MB of another tree); Plant: Hall's 4 (M3's is an error); Office: itself + M4
    expect(cells(device)).toEqual({ [cellKey(ids.hall!, MARCH.key)]: '4', [cellKey(ids.plant!, MARCH.key)]: '4', [cellKey(ids.office!, MARCH.key)]: '2' });
    const every = await alarmSource.read(context(), ask({ metric: 'alarmCount', objects: [object('department', ids.plant!)], slots: [MARCH] }));
    expect(cells(every)).toEqual({ [cellKey(ids.plant!, MARCH.key)]: '6' });
    // An administrator reads every tree: MB's alarm now counts where it is placed.
    const admin = await alarmSource.read(
      context('all'),
      ask({ metric: 'alarmCount', alarmKind: 'device', objects: [object('department', ids.hall!)], slots: [MARCH] }),
    );
    expect(cells(admin)).toEqual({ [cellKey(ids.hall!, MARCH.key)]: '5' });
  });

  it('names an alarm column by its kind, in the report language, so the columns of a summary tell apart', async () => {
    const columns = [
      { id: 'device', kind: 'metric', metric: 'alarmCount', alarmKind: 'device' },
      { id: 'error', kind: 'metric', metric: 'alarmCount', alarmKind: 'error' },
      { id: 'all', kind: 'metric', metric: 'alarmCount' },
    ];
    const labels = async (lang: 'en' | 'zh' | 'es') => {
      const spec = reportSpecSchema.parse({ objects: { kind: 'meter', ids: [ids.m1!] }, columns, lang });
      const table = await buildReportTable(context(), spec, { from: '2026-03-01', to: '2026-03-31' }, { title: 'Alarms' });
      return table.columns.map((column) => column.label);
    };
    expect(await labels('en')).toEqual(['Threshold alarms', 'Data error alarms', 'Alarms']);
    expect(await labels('zh')).toEqual(['阈值告警数', '数据异常告警数', '告警数']);
    expect(await labels('es')).toEqual(['Alarmas de umbral', 'Alarmas de error de datos', 'Alarmas']);
  });
});

describe('rooms', () => {
  beforeAll(async () => {
    ids.mx = await meter('MX', { gateway: ids.gateway! });
    ids.my = await meter('MY', { gateway: ids.gateway! });
    const room = async (code: string) =>
      (
        await db()
          .insertInto('rooms')
          .values({ owner_user_id: admin, code, building: 'B1', floor: '1', number: code, department_id: null, member_id: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.r1 = await room('R1');
    ids.r2 = await room('R2');
    // R1's meter MX moves to R2 on the 15th at 14:00 and MY takes its place.
    const move = at('2026-03-15T14:00:00');
    await db()
      .insertInto('room_meters')
      .values([
        { owner_user_id: admin, room_id: ids.r1, meter_id: ids.mx, from_ts: at('2026-02-20T00:00:00'), to_ts: move },
        { owner_user_id: admin, room_id: ids.r1, meter_id: ids.my, from_ts: move, to_ts: null },
        { owner_user_id: admin, room_id: ids.r2, meter_id: ids.mx, from_ts: move, to_ts: null },
      ])
      .execute();
    // MX: 1 kWh at 09:00 every day of March, plus 0.5 at 13:45 and 0.25 at 14:00 on the 15th.
    const mx: [string, number][] = [];
    for (let day = 1; day <= 31; day++) mx.push([`2026-03-${String(day).padStart(2, '0')}T09:00:00`, 1]);
    mx.push(['2026-03-15T13:45:00', 0.5], ['2026-03-15T14:00:00', 0.25]);
    await intervals(ids.mx, mx);
    await intervals(ids.my, [
      ['2026-03-15T13:30:00', 2],
      ['2026-03-15T14:15:00', 3],
      ['2026-03-20T09:00:00', 4],
      ['2026-04-01T00:00:00', 9],
    ]);
    // The day rollups ingest keeps beside the intervals (by the interval's local start day).
    const rollup = (meterId: number, day: string, energy: number) => ({
      scope: 'meter' as const,
      scope_id: meterId,
      energy_type: 'electricity',
      grain: 'day' as const,
      period: day,
      energy,
    });
    await db()
      .insertInto('energy_rollups')
      .values([
        ...Array.from({ length: 31 }, (_, index) => {
          const day = `2026-03-${String(index + 1).padStart(2, '0')}`;
          return rollup(ids.mx!, day, day === '2026-03-15' ? 1.75 : 1);
        }),
        rollup(ids.my, '2026-03-15', 5),
        rollup(ids.my, '2026-03-20', 4),
        rollup(ids.my, '2026-04-01', 9),
      ])
      .execute();
  });

  it("energy follows the room's meters over time: a meter changed mid-month gives each room exactly its own intervals", async () => {
    const objects = [object('room', ids.r1!), object('room', ids.r2!)];
    const month = await roomSource.read(context(), ask({ metric: 'energy', objects, slots: [MARCH, MARCH_15] }));
    // R1: MX 1st–14th 14 + the 15th before 14:00 (1 + 0.5) = 15.5, MY from 14:00: 3 + the 20th's 4 = 7 → 22.5 (MY's 13:30 is not R1's);
    // R2: MX from 14:00 on the 15th: 0.25 + 16 days × 1 = 16.25. R1 + R2 from MX = MX's March, 31.75.
    // The 15th: R1 1 + 0.5 + 3 = 4.5, R2 0.25.
    expect(cells(month)).toEqual({
      [cellKey(ids.r1!, MARCH.key)]: '22.5',
      [cellKey(ids.r2!, MARCH.key)]: '16.25',
      [cellKey(ids.r1!, MARCH_15.key)]: '4.5',
      [cellKey(ids.r2!, MARCH_15.key)]: '0.25',
    });
    const hour = await roomSource.read(context(), ask({ metric: 'energy', grain: 'hour', objects, slots: [MOVE_HOUR] }));
    expect(cells(hour)).toEqual({ [cellKey(ids.r1!, MOVE_HOUR.key)]: '3', [cellKey(ids.r2!, MOVE_HOUR.key)]: '0.25' });
  });

  it('charges, top-ups and balance from the ledger, in minor units', async () => {
    const { kind } = t.app.storage;
    const account = await db()
      .insertInto('prepaid_accounts')
      .values({
        owner_user_id: admin,
        room_id: ids.r1!,
        member_id: null,
        billing_mode: 'prepaid',
        alarm1_minor: 0,
        alarm2_minor: 0,
        no_cut_from: null,
        no_cut_to: null,
        charged_until: at('2026-02-20T00:00:00'),
        opened_at: at('2026-02-20T00:00:00'),
        updated_at: at('2026-02-20T00:00:00'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = (local: string, entry: Omit<EntryWrite, 'operator'>) => postEntries(db(), kind, account.id, [{ operator: 'test', ...entry }], at(local));
    const hour = (local: string) => at(local);
    await post('2026-02-25T10:00:00', { kind: 'topup', amountMinor: 100_000, idemKey: 'pay:1' });
    await post('2026-03-01T00:02:00', { kind: 'charge', amountMinor: -999, idemKey: 'c:feb', hourStart: hour('2026-02-28T23:00:00'), itemId: 1 });
    await post('2026-03-01T00:05:00', { kind: 'fee', amountMinor: -500, idemKey: 'fee:day', hourStart: hour('2026-03-01T00:00:00'), itemId: 2 });
    await post('2026-03-02T11:05:00', { kind: 'charge', amountMinor: -1234, idemKey: 'c:1', hourStart: hour('2026-03-02T10:00:00'), itemId: 1 });
    await post('2026-03-05T12:00:00', { kind: 'adjustment', amountMinor: -66, idemKey: 'adj:1', hourStart: hour('2026-03-02T10:00:00'), itemId: 1 });
    await post('2026-03-10T09:00:00', { kind: 'topup', amountMinor: 50_000, idemKey: 'pay:2' });
    await post('2026-03-10T09:00:00', { kind: 'service_fee', amountMinor: -1000, idemKey: 'payfee:2' });
    await post('2026-03-20T09:00:00', { kind: 'refund', amountMinor: -3000, idemKey: 'refund:1' });
    await post('2026-03-21T09:00:00', { kind: 'adjustment', amountMinor: 700, idemKey: 'manual:1', reason: 'goodwill' });
    // March's last hour, charged after the month ended
    await post('2026-04-01T00:05:00', { kind: 'charge', amountMinor: -2000, idemKey: 'c:last', hourStart: hour('2026-03-31T23:00:00'), itemId: 1 });

    const objects = [object('room', ids.r1!), object('room', ids.r2!)];
    const read = async (metric: MetricRequest['metric'], slots: ReportSlot[]) => cells(await roomSource.read(context(), ask({ metric, objects, slots })));
    const r1 = (key: string) => cellKey(ids.r1!, key);
    // energy charged for March's hours: 1234 + 66 (late data) + 2000 (posted in April); not February's last hour
    expect(await read('cost', [MARCH])).toEqual({ [r1(MARCH.key)]: '3300' });
    // plus the day's fee
    expect(await read('charges', [MARCH])).toEqual({ [r1(MARCH.key)]: '3800' });
    // 50000 − 3000 refunded; the service fee is neither
    expect(await read('topUps', [MARCH, FEBRUARY])).toEqual({ [r1(MARCH.key)]: '47000', [r1(FEBRUARY.key)]: '100000' });
    // posted before April: 100000 − 999 − 500 − 1234 − 66 + 50000 − 1000 − 3000 + 700; R2 has no account; January is before the opening
    expect(await read('balance', [MARCH, FEBRUARY, JANUARY])).toEqual({ [r1(MARCH.key)]: '143901', [r1(FEBRUARY.key)]: '100000' });
  });
});
