// The demo's first start (issue 19): build (migrate + seed), then the simulator's backfill of
// SIMULATOR_BACKFILL_DAYS through the real ingest and its closed alarm history; then a restart on the
// same data, which must only fill the downtime. Target: the first start under a minute on SQLite (the
// default store); PostgreSQL, when one answers, is measured for information.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { offlineIntervalsFromEnv } from '../server/alarms/alarmSettings';
import { writeAlarmHistory } from '../server/simulator/alarmHistory';
import { scenarioTiming } from '../server/simulator/demoScenario';
import { DEFAULT_BACKFILL_DAYS } from '../server/simulator/startDemo';
import { prepareSimulator, type SimulatorOptions } from '../server/simulator/runSimulator';
import { dropSchema, intEnv, postgresUrl, privateSchemaName, selectEngines, type Engine } from './benchSupport';

const DAYS = intEnv('BENCH_BACKFILL_DAYS', DEFAULT_BACKFILL_DAYS);
const TARGET_S = 60;
const seconds = (fromMs: number) => (performance.now() - fromMs) / 1000;
const quiet = { info: () => undefined, warn: () => undefined };

interface Store {
  engine: Engine;
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
}

async function start(store: Store, label: string) {
  const began = performance.now();
  const config = loadConfig({
    dataDir: store.dataDir,
    databaseUrl: store.databaseUrl,
    adminPassword: 'Admin!2345bench',
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    webRoot: join(store.dataDir, 'no-web'),
    logLevel: 'silent',
  });
  const app = await buildApp(config, { logger: false, ...(store.schema ? { postgresSchema: store.schema } : {}) });
  const built = seconds(began);
  const options: SimulatorOptions = {
    db: app.storage.db,
    ingest: app.ingest,
    alarms: app.alarms.engine.records,
    offlineIntervals: offlineIntervalsFromEnv(),
    publish: async () => undefined,
    intervalMs: 10_000,
    backfillDays: DAYS,
    log: quiet,
  };
  const now = Date.now();
  const simulator = await prepareSimulator(options, now);
  const fillStart = performance.now();
  const filled = await simulator.backfill(now);
  const backfill = seconds(fillStart);
  await app.alarms.engine.idle();
  return { label, app, options, now, built, backfill, total: seconds(began), ...filled };
}

async function measure(store: Store): Promise<void> {
  const first = await start(store, 'first start');
  const db = first.app.storage.db;
  const count = async (table: 'readings' | 'alarm_records' | 'alarm_actions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const months = await db.selectFrom('energy_rollups').select('period').distinct().where('scope', '=', 'meter').where('grain', '=', 'month').execute();
  const days = await db.selectFrom('energy_rollups').select('period').distinct().where('scope', '=', 'meter').where('grain', '=', 'day').execute();
  const stored = { readings: await count('readings'), records: await count('alarm_records'), actions: await count('alarm_actions') };
  // The alarm history alone: the same span written once more into this throwaway database.
  const historyStart = performance.now();
  await writeAlarmHistory(
    db,
    first.app.alarms.engine.records,
    { origin: first.now, timing: scenarioTiming(first.options.offlineIntervals) },
    { from: first.from, to: first.now },
    first.options.offlineIntervals,
  );
  const historyS = seconds(historyStart);
  await first.app.close();

  const restart = await start(store, 'restart');
  await restart.app.close();

  console.log(`\nDemo backfill on ${store.engine}, ${DAYS} days (15-minute steps for the last 35, hourly before)\n`);
  console.table(
    [first, restart].map((run) => ({
      run: run.label,
      'build s': run.built.toFixed(1),
      'backfill s': run.backfill.toFixed(1),
      'total s': run.total.toFixed(1),
      readings: run.readings,
      'past alarms': run.alarms,
    })),
  );
  console.log(
    `stored: ${stored.readings} readings, ${stored.records} alarm records (${stored.actions} log lines); alarm history alone ${historyS.toFixed(1)} s`,
  );
  console.log(`calendar: ${months.length} months and ${days.length} days with meter energy`);
  const verdict = store.engine === 'sqlite' ? (first.total < TARGET_S ? 'PASS' : 'MISSED') : 'for information';
  console.log(`first start ${first.total.toFixed(1)} s, target < ${TARGET_S} s on SQLite: ${verdict}`);
}

const { engines, skipped } = await selectEngines();
for (const note of skipped) console.log(note);
for (const engine of engines) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-demo-backfill-'));
  const store: Store = engine === 'postgres' ? { engine, dataDir, databaseUrl: postgresUrl(), schema: privateSchemaName('demo') } : { engine, dataDir };
  try {
    await measure(store);
  } finally {
    if (store.schema && store.databaseUrl) await dropSchema(store.databaseUrl, store.schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
