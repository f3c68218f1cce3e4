/**
 * The hourly deduction for 10,000 rooms: 10,000 electricity meters (createOrganisation), one room and one open
 * prepaid account per meter with a time-of-use energy item (the 10:30 flat → peak edge inside the measured hour,
 * so each room-hour posts two charge entries) and a daily fee, 15-minute energy written with SQL for 10:00–11:00.
 * Measures one run charging that hour for every room (target ≤ 5 s), a rerun with nothing due, and the adjust
 * pass after late energy for one room in ten. Checks every account: one deduction_hours row, balance = ledger sum.
 *
 *   npx tsx bench/prepaidDeduction.ts     (SQLite, then PostgreSQL when one answers; BENCH_ENGINES=sqlite for one;
 *                                          BENCH_ROOMS, default 10000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/schema';
import { DeductionRunner } from '../server/prepaid/deduction/deductionRunner';
import { createOrganisation, dropSchema, fmtMs, intEnv, postgresUrl, printTable, privateSchemaName, selectEngines, type Engine } from './benchSupport';

const ROOMS = intEnv('BENCH_ROOMS', 10_000);
const TARGET_MS = 5_000;
const TZ = 'Asia/Shanghai';
const at = (dateTime: string): number => Date.parse(`${dateTime}+08:00`);
const HOUR_START = at('2026-10-13T10:00:00');

async function seed(db: Kysely<Database>): Promise<number[]> {
  const org = await createOrganisation(db, { meterCount: ROOMS, gatewayCount: 100 });
  const admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const tariffId = (
    await db
      .insertInto('tariffs')
      .values({ owner_user_id: admin, name: 'Bench TOU', energy_type: 'electricity', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const definition = {
    prices: { peak: '1.0789', flat: '0.6543', valley: '0.3125' },
    seasons: [
      {
        name: 'All',
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        layouts: {
          workday: [
            { from: '00:00', to: '08:00', band: 'valley' },
            { from: '08:00', to: '10:30', band: 'flat' },
            { from: '10:30', to: '17:00', band: 'peak' },
            { from: '17:00', to: '24:00', band: 'flat' },
          ],
        },
      },
    ],
    tiers: [],
  };
  await db
    .insertInto('tariff_versions')
    .values({ tariff_id: tariffId, valid_from: '2026-01-01', valid_to: null, definition: JSON.stringify(definition), created_by: null, created_at: 0 })
    .execute();
  const accounts: number[] = [];
  for (let i = 0; i < org.meters.length; i += 500) {
    const chunk = org.meters.slice(i, i + 500);
    const rooms = await db
      .insertInto('rooms')
      .values(
        chunk.map((meter) => ({
          owner_user_id: admin,
          code: `R-${meter.code}`,
          building: 'Bench',
          floor: '1',
          number: meter.code,
          department_id: null,
          member_id: null,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('room_meters')
      .values(chunk.map((meter, k) => ({ owner_user_id: admin, room_id: rooms[k]!.id, meter_id: meter.id, from_ts: at('2026-10-01T00:00:00'), to_ts: null })))
      .execute();
    const made = await db
      .insertInto('prepaid_accounts')
      .values(
        rooms.map((room) => ({
          owner_user_id: admin,
          room_id: room.id,
          member_id: null,
          billing_mode: 'prepaid',
          alarm1_minor: 5000,
          alarm2_minor: 1000,
          no_cut_from: null,
          no_cut_to: null,
          balance_minor: 0,
          charged_until: HOUR_START,
          opened_at: HOUR_START,
          updated_at: HOUR_START,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('account_items')
      .values(
        made.flatMap((account) => [
          {
            owner_user_id: admin,
            account_id: account.id,
            kind: 'energy',
            name: 'Electricity',
            energy_type: 'electricity',
            tariff_id: tariffId,
            amount_minor: 0,
            created_at: HOUR_START,
          },
          {
            owner_user_id: admin,
            account_id: account.id,
            kind: 'fixed_daily',
            name: 'Service',
            energy_type: null,
            tariff_id: null,
            amount_minor: 300,
            created_at: HOUR_START,
          },
        ]),
      )
      .execute();
    // 10:00, 10:15 (flat), 10:30, 10:45 (peak): 0.5–2.0 kWh each.
    await db
      .insertInto('energy_intervals')
      .values(
        chunk.flatMap((meter) => [0, 1, 2, 3].map((q) => ({ meter_id: meter.id, start: HOUR_START + q * 900_000, energy: 0.5 + ((meter.id + q) % 16) / 10 }))),
      )
      .execute();
    accounts.push(...made.map((row) => row.id));
  }
  return accounts;
}

async function run(engine: Engine): Promise<(string | number)[][]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-deduction-'));
  const url = engine === 'postgres' ? postgresUrl() : undefined;
  const schema = engine === 'postgres' ? privateSchemaName('deduction') : undefined;
  const config = loadConfig({
    dataDir,
    databaseUrl: url,
    adminPassword: 'Admin!2345bench',
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    webRoot: join(dataDir, 'no-web'),
    logLevel: 'silent',
    seedDemo: false,
    timeZone: TZ,
  });
  const app = await buildApp(config, { logger: false, ...(schema ? { postgresSchema: schema } : {}) });
  try {
    await app.prepaid.deduction.stop();
    console.log(`${engine}: seeding ${ROOMS.toLocaleString('en-US')} rooms…`);
    const accounts = await seed(app.storage.db);
    await app.tariffs.reload();
    let announced = 0;
    const runner = new DeductionRunner({
      db: app.storage.db,
      dbKind: app.storage.kind,
      timeZone: TZ,
      book: () => app.tariffs.book(),
      announce: () => void announced++,
      sqlite: app.storage.sqlite,
    });
    // CPU time beside wall time: on a shared machine the wall time mostly measures the others.
    const cpuBefore = process.cpuUsage();
    const charge = await runner.runDue(HOUR_START + 3_600_000 + 5 * 60_000, false);
    const cpu = process.cpuUsage(cpuBefore);
    const chargeCpuMs = (cpu.user + cpu.system) / 1000;
    const rerun = await runner.runDue(HOUR_START + 3_600_000 + 6 * 60_000, false);
    // Late energy for one room in ten: the 10:45 quarter doubles.
    const db = app.storage.db;
    const late = (await db.selectFrom('room_meters').select('meter_id').execute()).map((row) => row.meter_id).filter((_, i) => i % 10 === 0);
    for (let i = 0; i < late.length; i += 500)
      await db
        .updateTable('energy_intervals')
        .set((eb) => ({ energy: eb('energy', '*', 2) }))
        .where('meter_id', 'in', late.slice(i, i + 500))
        .where('start', '=', HOUR_START + 2_700_000)
        .execute();
    const adjust = await runner.runDue(HOUR_START + 3_600_000 + 7 * 60_000, true);
    // Checks: one hour row per account; stored balance = ledger sum for every account.
    const hours = Number(
      (
        await db
          .selectFrom('deduction_hours')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const sums = await db
      .selectFrom('ledger_entries')
      .select((eb) => ['account_id', eb.fn.sum<number>('amount_minor').as('sum')])
      .groupBy('account_id')
      .execute();
    const sumOf = new Map(sums.map((row) => [row.account_id, Number(row.sum)]));
    const balances = await db.selectFrom('prepaid_accounts').select(['id', 'balance_minor']).execute();
    const mismatches = balances.filter((row) => Number(row.balance_minor) !== (sumOf.get(row.id) ?? 0)).length;
    const ok = hours === accounts.length && mismatches === 0 && adjust.adjustments > 0;
    return [
      [
        `${engine}: charge one hour (${charge.accounts} accounts, ${charge.hours} hours, ${charge.entries} entries)`,
        fmtMs(charge.ms),
        charge.ms <= TARGET_MS ? 'ok' : 'OVER',
      ],
      [
        `${engine}: the same, CPU time of this process (wall time on a busy machine measures the others too)`,
        fmtMs(chargeCpuMs),
        chargeCpuMs <= TARGET_MS ? 'ok' : 'OVER',
      ],
      [`${engine}: rerun, nothing due`, fmtMs(rerun.ms), ''],
      [`${engine}: adjust pass, late energy for ${late.length} rooms (${adjust.adjustments} adjustments)`, fmtMs(adjust.ms), ''],
      [`${engine}: checks (hour rows ${hours}, balance ≠ ledger sum ${mismatches}, announcements ${announced})`, '', ok ? 'ok' : 'FAILED'],
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
printTable([`hourly deduction (${ROOMS.toLocaleString('en-US')} rooms)`, 'ms', `≤ ${TARGET_MS / 1000} s`], rows);
for (const line of skipped) console.log(line);
