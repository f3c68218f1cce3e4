import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import type { TariffDefinition } from '@shared/tariffs/tariffDefinition';
import type { Database } from '../db/schema';
import { localPeriods } from '../metering/calendar';

const TZ = 'Asia/Shanghai';
const SCREEN = '/devices/peakvalley';
const ALL = [SCREEN, `${SCREEN}/add`, `${SCREEN}/edit`, `${SCREEN}/delete`];

let t: TestApp;
let db: Kysely<Database>;
let admin: string;
let alpha: TreeUser;
let reader: TreeUser;
let beta: TreeUser;
const ids: Record<string, number> = {};

/** Peak 08:00–22:00, valley 22:00→08:00 across midnight: every month in one season. */
function definition(peak = '0.900000', valley = '0.300000', peakFrom = '08:00'): TariffDefinition {
  return {
    prices: { peak, valley },
    seasons: [
      {
        name: 'All year',
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        layouts: {
          workday: [
            { from: peakFrom, to: '22:00', band: 'peak' },
            { from: '22:00', to: peakFrom, band: 'valley' },
          ],
        },
      },
    ],
    tiers: [],
  };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token: string = alpha.token) =>
  callAs(t.app, token, method, url, payload);
async function accepted(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string): Promise<any> {
  const answer = await api(method, url, payload, token);
  expect(answer.body.code, answer.body.message).toBe(0);
  return answer.body.data;
}
const today = () => localPeriods(Date.now(), TZ).day;
function daysBefore(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString().slice(0, 10);
}
const job = (id: number) => db.selectFrom('recompute_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tariff = (name: string, energyType = 'electricity', token?: string) => accepted('POST', '/api/tariffs', { name, energyType }, token);

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ, seedDemo: false });
  db = t.app.storage.db;
  admin = await loginAs(t.app);
  alpha = await treeUser(t.app, 'tariff_alpha', ALL);
  reader = await treeUser(t.app, 'tariff_reader', [SCREEN], alpha.id);
  beta = await treeUser(t.app, 'tariff_beta', ALL);
  const department = async (owner: number, code: string, name: string, parent: number | null) =>
    (
      await db
        .insertInto('departments')
        .values({ owner_user_id: owner, code, name, parent_id: parent, level: parent === null ? 1 : 2, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const meter = async (owner: number, code: string, energyType: string, departmentId: number) =>
    (
      await db
        .insertInto('meters')
        .values({
          owner_user_id: owner,
          code,
          name: `Meter ${code}`,
          energy_type: energyType,
          unit: energyType === 'water' ? 'm3' : 'kWh',
          ct_ratio: 1,
          pt_ratio: 1,
          register_max: 99_999_999,
          department_id: departmentId,
          created_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.plant = await department(alpha.id, 'PLANT', 'Plant', null);
  ids.line = await department(alpha.id, 'LINE-1', 'Line 1', ids.plant);
  ids.m1 = await meter(alpha.id, 'E-1', 'electricity', ids.line);
  ids.w1 = await meter(alpha.id, 'W-1', 'water', ids.line);
  ids.betaDept = await department(beta.id, 'B-PLANT', 'Beta plant', null);
  ids.betaMeter = await meter(beta.id, 'B-E-1', 'electricity', ids.betaDept);
  t.app.ingest.directory.invalidate();
}, 60_000);
afterAll(async () => t?.close());

describe('tariffs', () => {
  it('creates a tariff in the caller tree with CNY by default, and keeps it from other trees', async () => {
    const created = await tariff('  Commercial TOU ');
    expect(created).toMatchObject({
      name: 'Commercial TOU',
      energyType: 'electricity',
      currency: 'CNY',
      note: '',
      versions: [],
      currentVersionId: null,
      assignmentCount: 0,
    });
    // The sub-user of the same tree reads it; the other tree neither lists nor reads it.
    expect((await accepted('GET', '/api/tariffs', undefined, reader.token)).items.map((x: any) => x.id)).toContain(created.id);
    expect((await accepted('GET', '/api/tariffs', undefined, beta.token)).items.map((x: any) => x.id)).not.toContain(created.id);
    const foreign = await api('GET', `/api/tariffs/${created.id}`, undefined, beta.token);
    expect(foreign.body).toMatchObject({ code: 40400, message: `Tariff ${created.id} was not found` });
    // Reading is not writing.
    expect((await api('POST', '/api/tariffs', { name: 'x', energyType: 'gas' }, reader.token)).body.code).toBe(10008);
    const bad = await api('POST', '/api/tariffs', { name: 'x', energyType: 'gas', currency: 'cny' });
    expect(bad.body.code).toBe(40000);
    expect(bad.body.data.issues[0]).toMatchObject({ field: 'body.currency', message: 'Enter a currency as 3 capital letters (ISO 4217, e.g. CNY)' });
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'tariff')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'created', user_id: alpha.id }]);
  });

  it('answers a version with its warnings and refuses a definition that breaks a rule', async () => {
    const { id } = await tariff('Rules');
    const low = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-01-01', definition: definition('0.750000', '0.300000') });
    expect(low).toMatchObject({
      validFrom: '2025-01-01',
      validTo: null,
      note: '',
      warnings: [{ path: 'prices.peak', message: 'The peak:valley price ratio is 2.50:1, under the 3:1 national guidance' }],
    });
    const gap = definition();
    gap.seasons[0]!.layouts.workday = [
      { from: '00:00', to: '11:00', band: 'valley' },
      { from: '12:00', to: '24:00', band: 'peak' },
    ];
    const refused = await api('PUT', `/api/tariff-versions/${low.id}`, { validFrom: '2025-01-01', definition: gap });
    expect(refused.body).toMatchObject({
      code: 40000,
      message: 'body.definition.seasons.0.layouts.workday: Workday bands of season All year leave 11:00–12:00 uncovered',
    });
    const backwards = await api('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-03-02', validTo: '2025-03-01', definition: definition() });
    expect(backwards.body.data.issues[0]).toMatchObject({ field: 'body.validTo', message: 'The last day must not be before the first day' });
    const impossible = await api('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-02-30', definition: definition() });
    expect(impossible.body.data.issues[0]).toMatchObject({ field: 'body.validFrom', message: 'Enter a date as YYYY-MM-DD' });
  });

  it('closes the open version the day before a new one starts, and refuses versions that share days', async () => {
    const { id } = await tariff('Dated');
    const first = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-01-01', definition: definition() });
    const second = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-06-15', definition: definition('1.000000') });
    expect(second.closedPrevious).toEqual({ id: first.id, validTo: '2025-06-14' });
    expect(await accepted('GET', `/api/tariff-versions/${first.id}`)).toMatchObject({ validFrom: '2025-01-01', validTo: '2025-06-14' });
    const overlap = await api('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-03-01', validTo: '2025-03-31', definition: definition() });
    expect(overlap.body.data.issues[0]).toMatchObject({
      field: 'body.validFrom',
      message: 'The versions 2025-01-01–2025-06-14 and 2025-03-01–2025-03-31 overlap on 2025-03-01–2025-03-31',
    });
    // An edit may not reach into its neighbour either.
    const stretched = await api('PUT', `/api/tariff-versions/${first.id}`, { validFrom: '2025-01-01', validTo: '2025-06-20', definition: definition() });
    expect(stretched.body.data.issues[0].message).toBe('The versions 2025-06-15–open end and 2025-01-01–2025-06-20 overlap on 2025-06-15–2025-06-20');
    const listed = await accepted('GET', `/api/tariffs/${id}`);
    expect(listed.versions.map((v: any) => [v.validFrom, v.validTo, v.seasons, v.bands])).toEqual([
      ['2025-06-15', null, ['All year'], ['peak', 'valley']],
      ['2025-01-01', '2025-06-14', ['All year'], ['peak', 'valley']],
    ]);
    expect(listed.currentVersionId).toBe(second.id);
    expect((await accepted('GET', `/api/tariffs/${id}/versions`)).items.map((v: any) => v.id)).toEqual([second.id, first.id]);
  });

  it('never rewrites a month closed for settlement in the tariff tree', async () => {
    const { id } = await tariff('Closed');
    const first = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-01-01', validTo: '2025-06-30', definition: definition() });
    const second = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-07-01', definition: definition() });
    const close = (owner: number, month: string) =>
      db
        .insertInto('settlement_snapshots')
        .values({ owner_user_id: owner, month, version: 1, state: 'closed', figures: '{}', tariff_versions: '[]', diff: null, closed_by: null, closed_at: 1 })
        .execute();
    const boundary = await tariff('Boundary');
    const open = await accepted('POST', `/api/tariffs/${boundary.id}/versions`, { validFrom: '2025-01-01', definition: definition() });
    await close(alpha.id, '2025-02');
    await close(beta.id, '2025-08'); // another tree's close changes nothing here

    const priced = await api('PUT', `/api/tariff-versions/${first.id}`, { validFrom: '2025-01-01', validTo: '2025-06-30', definition: definition('0.950000') });
    expect(priced.status).toBe(409);
    expect(priced.body).toMatchObject({ code: 40901, data: { months: ['2025-02'] } });
    expect((await api('DELETE', `/api/tariff-versions/${first.id}`)).body.code).toBe(40901);
    expect((await api('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-02-10', validTo: '2025-02-12', definition: definition() })).body.code).toBe(
      40000,
    );
    // A note changes no figure; days gained or lost outside February are free to change.
    await accepted('PUT', `/api/tariff-versions/${first.id}`, {
      validFrom: '2025-01-01',
      validTo: '2025-06-30',
      definition: definition(),
      note: 'Regulator letter 12',
    });
    await accepted('PUT', `/api/tariff-versions/${first.id}`, { validFrom: '2025-01-01', validTo: '2025-05-31', definition: definition() });
    await accepted('PUT', `/api/tariff-versions/${second.id}`, { validFrom: '2025-06-01', definition: definition('1.100000') });
    // A new version from 1 March is refused only for its own days: closing February would keep February's pricing,
    // but 2025-03-01 lies inside the first version, so the answer is an overlap, not a closed month.
    const overlap = await api('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-03-01', validTo: '2025-03-31', definition: definition() });
    expect(overlap.body.code).toBe(40000);
    // The open version may end on the last day of a closed month: February keeps its pricing, March is open.
    const inFebruary = await api('POST', `/api/tariffs/${boundary.id}/versions`, { validFrom: '2025-02-20', definition: definition('1.200000') });
    expect(inFebruary.body).toMatchObject({ code: 40901, message: '2025-02 is closed for settlement; reopen it with a reason before changing its figures' });
    const march = await accepted('POST', `/api/tariffs/${boundary.id}/versions`, { validFrom: '2025-03-01', definition: definition('1.200000') });
    expect(march.closedPrevious).toEqual({ id: open.id, validTo: '2025-02-28' });
    const deleteTariff = await api('DELETE', `/api/tariffs/${id}`);
    expect(deleteTariff.body).toMatchObject({ code: 40901, data: { months: ['2025-02'] } });
  });
});

describe('assignments and the effective tariff', () => {
  it('assigns a tariff to a department, inherited by its meters, and queues the recompute of the meters it moved', async () => {
    const shop = await tariff('Shop floor');
    await accepted('POST', `/api/tariffs/${shop.id}/versions`, { validFrom: '2025-03-01', definition: definition() });
    const assigned = await accepted('POST', '/api/tariff-assignments', { tariffId: shop.id, target: 'department', targetId: ids.plant });
    expect(assigned).toMatchObject({
      tariffId: shop.id,
      tariffName: 'Shop floor',
      target: 'department',
      targetId: ids.plant,
      targetName: 'Plant',
      energyType: 'electricity',
    });
    // Only the electricity meter under Plant (via Line 1) moved; the water meter keeps no tariff.
    expect(await job(assigned.recomputeJobId)).toMatchObject({
      reason: 'assignment',
      meter_ids: JSON.stringify([ids.m1]),
      from_day: daysBefore(today(), 430),
      to_day: today(),
      owner_user_id: alpha.id,
    });
    const effective = await accepted('GET', `/api/tariff-assignments/effective?target=meter&targetId=${ids.m1}`);
    expect(effective.items).toEqual([
      expect.objectContaining({
        target: 'meter',
        targetId: ids.m1,
        energyType: 'electricity',
        tariff: { id: shop.id, name: 'Shop floor', currency: 'CNY' },
        assignmentId: assigned.id,
        inheritedFrom: { departmentId: ids.plant, departmentName: 'Plant' },
      }),
    ]);
    expect(effective.items[0].currentVersion).toMatchObject({ validFrom: '2025-03-01', validTo: null });
    const line = await accepted('GET', `/api/tariff-assignments/effective?target=department&targetId=${ids.line}`);
    expect(line.items.map((x: any) => [x.energyType, x.tariff?.name ?? null, x.inheritedFrom?.departmentName ?? null])).toEqual([
      ['electricity', 'Shop floor', 'Plant'],
      ['water', null, null],
      ['gas', null, null],
    ]);

    // A meter of its own: no longer inherited. Removing the department's then moves no meter.
    const own = await tariff('Compressor');
    const meterAssignment = await accepted('POST', '/api/tariff-assignments', { tariffId: own.id, target: 'meter', targetId: ids.m1 });
    expect(meterAssignment).toMatchObject({ targetName: 'Meter E-1', meterCode: 'E-1' });
    expect((await job(meterAssignment.recomputeJobId)).meter_ids).toBe(JSON.stringify([ids.m1]));
    expect((await accepted('GET', `/api/tariff-assignments/effective?target=meter&targetId=${ids.m1}`)).items[0]).toMatchObject({
      tariff: { name: 'Compressor' },
      inheritedFrom: null,
    });
    expect(await accepted('DELETE', `/api/tariff-assignments/${assigned.id}`)).toEqual({ recomputeJobId: null });
    const removed = await accepted('DELETE', `/api/tariff-assignments/${meterAssignment.id}`);
    expect((await job(removed.recomputeJobId)).meter_ids).toBe(JSON.stringify([ids.m1]));
    expect((await accepted('GET', `/api/tariff-assignments/effective?target=meter&targetId=${ids.m1}`)).items[0]).toMatchObject({
      tariff: null,
      inheritedFrom: null,
    });
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'tariff_assignment')
      .where('entity_id', '=', assigned.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['created', 'deleted']);
  });

  it('refuses another tree target, a meter of another energy type and a second tariff for one target', async () => {
    const { id } = await tariff('Checks');
    const water = await api('POST', '/api/tariff-assignments', { tariffId: id, target: 'meter', targetId: ids.w1 });
    expect(water.body.data.issues[0]).toMatchObject({
      field: 'body.tariffId',
      message: 'Tariff Checks prices electricity, but meter Meter W-1 measures water',
    });
    const foreign = await api('POST', '/api/tariff-assignments', { tariffId: id, target: 'meter', targetId: ids.betaMeter });
    expect(foreign.body.data.issues[0]).toMatchObject({ field: 'body.targetId', message: `Meter ${ids.betaMeter} does not exist` });
    const foreignTariff = await api('POST', '/api/tariff-assignments', { tariffId: id, target: 'department', targetId: ids.betaDept }, beta.token);
    expect(foreignTariff.body.data.issues[0]).toMatchObject({ field: 'body.tariffId', message: `Tariff ${id} does not exist` });
    const first = await accepted('POST', '/api/tariff-assignments', { tariffId: id, target: 'department', targetId: ids.line });
    const other = await tariff('Other');
    const second = await api('POST', '/api/tariff-assignments', { tariffId: other.id, target: 'department', targetId: ids.line });
    expect(second.body.data.issues[0]).toMatchObject({
      field: 'body.targetId',
      message: 'Department Line 1 already has tariff Checks for electricity; remove that assignment first',
    });
    // An assigned tariff keeps its energy type and cannot be deleted.
    const retype = await api('PUT', `/api/tariffs/${id}`, { name: 'Checks', energyType: 'gas' });
    expect(retype.body.data.issues[0]).toMatchObject({ field: 'body.energyType' });
    expect((await api('DELETE', `/api/tariffs/${id}`)).body.code).toBe(40000);
    expect((await accepted('GET', `/api/tariff-assignments?tariffId=${id}`)).items.map((a: any) => a.id)).toEqual([first.id]);
    expect(
      (await accepted('GET', `/api/tariff-assignments?target=department&targetId=${ids.line}&energyType=electricity`)).items.map((a: any) => a.id),
    ).toEqual([first.id]);
    expect((await accepted('GET', `/api/tariff-assignments?target=department&targetId=${ids.line}&energyType=water`)).items).toEqual([]);
    expect((await accepted('GET', '/api/tariff-assignments', undefined, beta.token)).items).toEqual([]);
    expect((await api('GET', `/api/tariff-assignments/effective?target=meter&targetId=${ids.betaMeter}`)).body.code).toBe(40000);
    await accepted('DELETE', `/api/tariff-assignments/${first.id}`);
    await accepted('DELETE', `/api/tariffs/${id}`);
    expect((await api('GET', `/api/tariffs/${id}`)).body.code).toBe(40400);
  });

  it('recomputes the days a version change moves, clipped to today, and nothing for a price or note edit', async () => {
    const { id } = await tariff('Recompute');
    const assignment = await accepted('POST', '/api/tariff-assignments', { tariffId: id, target: 'meter', targetId: ids.m1 });
    const created = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2025-03-01', definition: definition() });
    expect(await job(created.recomputeJobId)).toMatchObject({
      reason: 'tariff-version',
      meter_ids: JSON.stringify([ids.m1]),
      from_day: '2025-03-01',
      to_day: today(),
    });
    const priced = await accepted('PUT', `/api/tariff-versions/${created.id}`, { validFrom: '2025-03-01', definition: definition('1.500000') });
    expect(priced.recomputeJobId).toBeNull();
    const moved = await accepted('PUT', `/api/tariff-versions/${created.id}`, {
      validFrom: '2025-03-01',
      definition: definition('1.500000', '0.300000', '09:00'),
    });
    expect(await job(moved.recomputeJobId)).toMatchObject({ from_day: '2025-03-01', to_day: today() });
    // Starting later only moves the days given up.
    const later = await accepted('PUT', `/api/tariff-versions/${created.id}`, {
      validFrom: '2025-04-10',
      definition: definition('1.500000', '0.300000', '09:00'),
    });
    expect(await job(later.recomputeJobId)).toMatchObject({ from_day: '2025-03-01', to_day: '2025-04-09' });
    // A version that starts after today moves no stored energy.
    const future = await accepted('POST', `/api/tariffs/${id}/versions`, { validFrom: '2099-01-01', definition: definition() });
    expect(future.recomputeJobId).toBeNull();
    expect(future.closedPrevious).toEqual({ id: created.id, validTo: '2098-12-31' });
    const gone = await accepted('DELETE', `/api/tariff-versions/${created.id}`);
    expect(await job(gone.recomputeJobId)).toMatchObject({ from_day: '2025-04-10', to_day: today() });
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'tariff_version')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['created', 'updated', 'updated', 'updated', 'deleted']);
    await accepted('DELETE', `/api/tariff-assignments/${assignment.id}`);
  });

  it('answers two racing assignments of one target with one assignment and one refusal', async () => {
    const { id } = await tariff('Racing');
    const body = { tariffId: id, target: 'department', targetId: ids.plant };
    const answers = await Promise.all([api('POST', '/api/tariff-assignments', body), api('POST', '/api/tariff-assignments', body)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 40000]);
    expect(answers.find((a) => a.body.code === 40000)!.body.data.issues[0]).toMatchObject({ field: 'body.targetId', rule: 'unique' });
    await accepted('DELETE', `/api/tariff-assignments/${answers.find((a) => a.body.code === 0)!.body.data.id}`);
  });

  it('lets an administrator work on another tree and keeps the assignment in the tariff tree', async () => {
    const { id } = await tariff('Beta tariff', 'electricity', beta.token);
    const mixed = await api('POST', '/api/tariff-assignments', { tariffId: id, target: 'meter', targetId: ids.m1 }, admin);
    expect(mixed.body.data.issues[0]).toMatchObject({ field: 'body.targetId', message: `Meter ${ids.m1} does not exist` });
    const made = await accepted('POST', '/api/tariff-assignments', { tariffId: id, target: 'meter', targetId: ids.betaMeter }, admin);
    expect((await db.selectFrom('tariff_assignments').select('owner_user_id').where('id', '=', made.id).executeTakeFirstOrThrow()).owner_user_id).toBe(beta.id);
  });
});
