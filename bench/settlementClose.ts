/**
 * Closing a settlement month: 1,000 meters and 70 departments, a month of band rollups seeded directly
 * with SQL (day and month grain, four bands per meter and department, as ingest keeps them), one tiered tariff and
 * one apportionment rule. Measures POST /api/settlement-closes (both figure sets computed and frozen), then a
 * reopen and a second close (with its diff), and a live GET /api/settlement of the month. Target: a close ≤ 10 s.
 *
 *   npx tsx bench/settlementClose.ts            (SQLite, then PostgreSQL when one answers; BENCH_ENGINES=sqlite for one)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { BandRollupsTable, Database, EnergyRollupsTable } from '../server/db/schema';
import { createOrganisation, dropSchema, fmtMs, postgresUrl, printTable, privateSchemaName, selectEngines, type Engine } from './benchSupport';

const METERS = 1000;
const MONTH = '2026-10';
const DAYS = 31;
const BANDS = ['peak', 'flat', 'valley', 'sharp'] as const;
const TARGET_MS = 10_000;

async function seed(db: Kysely<Database>): Promise<{ departments: number[] }> {
  const org = await createOrganisation(db, { meterCount: METERS, gatewayCount: 20 });
  const admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const tariffId = (
    await db
      .insertInto('tariffs')
      .values({ owner_user_id: admin, name: 'Bench TOU', energy_type: 'electricity', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const definition = {
    prices: { sharp: '1.2', peak: '0.95', flat: '0.62', valley: '0.31' },
    seasons: [{ name: 'All', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
    tiers: [{ fromUnits: 50_000, adder: '0.02' }],
  };
  const versionId = (
    await db
      .insertInto('tariff_versions')
      .values({ tariff_id: tariffId, valid_from: '2026-01-01', valid_to: null, definition: JSON.stringify(definition), created_by: null, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Per meter and day: 40 + (meter % 17) kWh per band; departments get the sum of their meters (leaf and both ancestors).
  const bandRows: Insertable<BandRollupsTable>[] = [];
  const energyRows: Insertable<EnergyRollupsTable>[] = [];
  const departmentDay = new Map<number, number>();
  for (const meter of org.meters) {
    const perBand = 40 + (meter.id % 17);
    for (const dep of [meter.departmentId, org.parentOf.get(meter.departmentId), org.parentOf.get(org.parentOf.get(meter.departmentId) ?? -1)]) {
      if (dep !== undefined) departmentDay.set(dep, (departmentDay.get(dep) ?? 0) + perBand);
    }
    pushScope('meter', meter.id, perBand);
  }
  for (const [dep, perBand] of departmentDay) pushScope('department', dep, perBand);
  function pushScope(scope: 'meter' | 'department', id: number, perBand: number) {
    for (let d = 1; d <= DAYS; d++) {
      const period = `${MONTH}-${String(d).padStart(2, '0')}`;
      for (const band of BANDS)
        bandRows.push({
          scope,
          scope_id: id,
          energy_type: 'electricity',
          grain: 'day',
          period,
          version_id: versionId,
          season: 0,
          band,
          energy: perBand,
          estimated: 0,
        });
      energyRows.push({ scope, scope_id: id, energy_type: 'electricity', grain: 'day', period, energy: perBand * BANDS.length });
    }
    for (const band of BANDS)
      bandRows.push({
        scope,
        scope_id: id,
        energy_type: 'electricity',
        grain: 'month',
        period: MONTH,
        version_id: versionId,
        season: 0,
        band,
        energy: perBand * DAYS,
        estimated: 0,
      });
    energyRows.push({ scope, scope_id: id, energy_type: 'electricity', grain: 'month', period: MONTH, energy: perBand * BANDS.length * DAYS });
  }
  for (let i = 0; i < bandRows.length; i += 2000)
    await db
      .insertInto('band_rollups')
      .values(bandRows.slice(i, i + 2000))
      .execute();
  for (let i = 0; i < energyRows.length; i += 2000)
    await db
      .insertInto('energy_rollups')
      .values(energyRows.slice(i, i + 2000))
      .execute();
  // The first top department is the common area, shared by the other nine by area.
  const [common, ...tenants] = org.topDepartmentIds;
  await db
    .insertInto('apportion_rules')
    .values({
      owner_user_id: admin,
      name: 'Bench common area',
      energy_type: 'electricity',
      source_department_id: common!,
      method: 'area',
      shares: JSON.stringify(tenants.map((id, k) => ({ departmentId: id, value: 100 + k * 10 }))),
      created_at: 0,
    })
    .execute();
  console.log(`  seeded ${bandRows.length.toLocaleString('en-US')} band rows and ${energyRows.length.toLocaleString('en-US')} energy rows`);
  return { departments: org.departmentIds };
}

async function run(engine: Engine): Promise<(string | number)[][]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-settlement-'));
  const url = engine === 'postgres' ? postgresUrl() : undefined;
  const schema = engine === 'postgres' ? privateSchemaName('settlement') : undefined;
  const config = loadConfig({
    dataDir,
    databaseUrl: url,
    adminPassword: 'Admin!2345bench',
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    webRoot: join(dataDir, 'no-web'),
    logLevel: 'silent',
    seedDemo: false,
    timeZone: 'Asia/Shanghai',
  });
  const app = await buildApp(config, { logger: false, ...(schema ? { postgresSchema: schema } : {}) });
  try {
    console.log(`${engine}:`);
    await seed(app.storage.db);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Admin!2345bench' } });
    const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
    const timed = async (label: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const began = performance.now();
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      const ms = performance.now() - began;
      const body = response.json() as { code: number; message: string; data: { id?: number; lines?: unknown[]; diff?: unknown[] | null } };
      if (body.code !== 0) throw new Error(`${label}: ${body.message}`);
      return { ms, body };
    };
    const live = await timed('live', 'GET', `/api/settlement?month=${MONTH}`);
    const meters = await timed('live per meter', 'GET', `/api/settlement?month=${MONTH}&by=meter`);
    const first = await timed('close', 'POST', '/api/settlement-closes', { month: MONTH });
    await timed('reopen', 'POST', `/api/settlement-closes/${first.body.data.id}/reopen`, { reason: 'bench' });
    const second = await timed('close again', 'POST', '/api/settlement-closes', { month: MONTH });
    const frozen = await timed('closed', 'GET', `/api/settlement?month=${MONTH}`);
    return [
      [`${engine}: live figures, 70 departments (${live.body.data.lines?.length} lines)`, fmtMs(live.ms), ''],
      [`${engine}: live figures, 1,000 meters (${meters.body.data.lines?.length} lines)`, fmtMs(meters.ms), ''],
      [`${engine}: close (version 1)`, fmtMs(first.ms), first.ms <= TARGET_MS ? 'ok' : 'OVER'],
      [`${engine}: close again (version 2, diff ${second.body.data.diff?.length ?? 0} entries)`, fmtMs(second.ms), second.ms <= TARGET_MS ? 'ok' : 'OVER'],
      [`${engine}: closed month answered from the snapshot`, fmtMs(frozen.ms), ''],
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (url && schema) await dropSchema(url, schema);
  }
}

const { engines, skipped } = await selectEngines();
const rows: (string | number)[][] = [];
for (const engine of engines) rows.push(...(await run(engine)));
printTable(['settlement (1,000 meters, 70 departments, one month)', 'ms', `≤ ${TARGET_MS / 1000} s`], rows);
for (const line of skipped) console.log(line);
