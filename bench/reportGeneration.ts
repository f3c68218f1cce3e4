/**
 * Generating the monthly department report: 1,000 meters and 70 departments, a month (31 days) of 15-minute energy
 * written with SQL into energy_intervals, the energy rollups aggregated from them with SQL in the shapes ingest keeps
 * (hour/day/month × meter, its three departments and its sub-item; periods in TIME_ZONE Asia/Shanghai), a time-of-use
 * tariff on every meter and the month's band rollups built by the tariff recompute job (the path a tariff change
 * takes). Then the report "departments × days, energy and cost, totals" (70 rows × 31 days × 2 columns):
 *
 *   web view   GET /api/report-definitions/:id/table (engine + JSON), first and median of the next three   ≤ 2 s
 *   XLSX       renderReport(table, 'xlsx') from server/reports/render                                       ≤ 10 s
 *   PDF        renderReport(table, 'pdf'), A4 landscape                                                     ≤ 20 s
 *   RSS        the server process's resident memory growth while generating (peak − before)                 ≤ 300 MB
 *   queue      ten runs POSTed at once to /api/report-runs on a listening server: one runs at a time per
 *              process while GET /api/health and GET /api/report-runs are probed every 100 ms      p95 ≤ 200 ms
 *
 *   npx tsx bench/reportGeneration.ts     (SQLite, then PostgreSQL when one answers; BENCH_ENGINES, BENCH_METERS)
 *
 * The probes run in this process, like the server: an event loop held by a renderer shows as their latency.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { ReportFormat } from '../shared/reports/constants';
import { reportSpecSchema, type ReportSpecInput } from '../shared/reports/spec';
import type { ReportRunView } from '../shared/reports/types';
import type { ReportTable } from '../shared/reports/table';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/schema';
import { localDayStartOf, enqueueRecompute, RecomputeRunner } from '../server/tariffs/recomputeJobs';
import { buildReportTable } from '../server/reports/engine/buildReportTable';
import type { ReportContext } from '../server/reports/engine/reportContext';
import { renderReport } from '../server/reports/render';
import { percentile as sortedPercentile } from './stats';
import {
  createOrganisation,
  dropSchema,
  fmtInt,
  fmtMs,
  fmtSeconds,
  intEnv,
  machineCpu,
  mb,
  onInterrupt,
  postgresUrl,
  printTable,
  privateSchemaName,
  selectEngines,
  type Engine,
} from './benchSupport';
import { attachBenchTariff } from './tariffBenchSupport';

const METERS = intEnv('BENCH_METERS', 1_000);
const RUNS = intEnv('BENCH_RUNS', 10);
/** Formats of the queued runs, in turn (default: XLSX, PDF, CSV, XLSX, …). */
const RUN_FORMATS = (process.env.BENCH_RUN_FORMATS ?? 'xlsx,pdf,csv').split(',').map((f) => f.trim()) as ReportFormat[];
const TIME_ZONE = 'Asia/Shanghai'; // no daylight saving: a local hour is a UTC hour, a local day starts at 16:00 UTC
const OFFSET_MS = 8 * 3_600_000;
const QUARTER = 15 * 60_000;
const PASSWORD = 'Admin!2345bench';
const TARGETS = { webMs: 2_000, xlsxMs: 10_000, pdfMs: 20_000, rssMb: 300, probeP95Ms: 200 };
const QUEUE_TIMEOUT_MS = 10 * 60_000;
const PROBE_EVERY_MS = 50;
const IDLE_PROBE_MS = 3_000;

/** The latest whole month of 31 days before this one (e.g. 2026-10 in November 2026). */
function benchMonth(): { month: string; from: string; to: string } {
  const now = new Date();
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth(); // 0-based: the previous month's 1-based number
  for (;;) {
    if (month === 0) {
      year -= 1;
      month = 12;
    }
    if (new Date(Date.UTC(year, month, 0)).getUTCDate() === 31) break;
    month -= 1;
  }
  const mm = String(month).padStart(2, '0');
  return { month: `${year}-${mm}`, from: `${year}-${mm}-01`, to: `${year}-${mm}-31` };
}

/** Peak resident memory between start() and stop(): sampled every 20 ms, and the kernel's maxRSS when it grew. */
function rssWatch() {
  const before = process.memoryUsage().rss;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const peek = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    const maxAfter = process.resourceUsage().maxRSS * 1024;
    if (maxAfter > maxBefore) peak = Math.max(peak, maxAfter);
    return { before, peak, growth: peak - before };
  };
  return {
    before,
    peek,
    stop(): { before: number; peak: number; growth: number } {
      clearInterval(timer);
      return peek();
    },
  };
}

const percentile = (samples: readonly number[], p: number) =>
  sortedPercentile(
    [...samples].sort((a, b) => a - b),
    p,
  );
const pass = (ok: boolean) => (ok ? 'PASS' : 'MISSED');

async function seed(db: Kysely<Database>, engine: Engine, app: Awaited<ReturnType<typeof buildApp>>, month: ReturnType<typeof benchMonth>) {
  const t0 = performance.now();
  const org = await createOrganisation(db, { meterCount: METERS, gatewayCount: 20 });
  await attachBenchTariff(db, org.topDepartmentIds);
  await app.tariffs.reload();
  app.ingest.directory.invalidate();
  const from = localDayStartOf(month.from, TIME_ZONE);
  const quarters = 31 * 96;
  const ids = org.meters.map((m) => m.id);
  // A daily shape per meter (a base with noise, 08:00–19:00 local busier), generated by the database itself.
  for (let k = 0; k < ids.length; k += 100) {
    const chunk = ids.slice(k, k + 100);
    if (engine === 'sqlite') {
      const sqlite = app.storage.sqlite!;
      const insert = sqlite.prepare(`insert into energy_intervals (meter_id, start, energy)
        with recursive q(i) as (select 0 union all select i + 1 from q where i < ?)
        select ?, ? + i * ${QUARTER}, round(1 + ((? * 7919 + i * 104729) % 1000) / 250.0 + ((i % 96) between 32 and 76) * 3.5, 4) from q`);
      sqlite.transaction(() => {
        for (const id of chunk) insert.run(quarters - 1, id, from, id);
      })();
    } else {
      await sql`insert into energy_intervals (meter_id, start, energy)
        select m.id, ${from}::bigint + i * ${QUARTER},
          round((1 + ((m.id * 7919 + i * 104729) % 1000) / 250.0 + case when i % 96 between 32 and 76 then 3.5 else 0 end)::numeric, 4)::float8
        from meters m cross join generate_series(0::bigint, ${quarters - 1}) i where m.id in (${sql.join(chunk)})`.execute(db);
    }
    process.stdout.write(`\r  intervals: ${Math.min(k + 100, ids.length)}/${ids.length} meters`);
  }
  const intervalSeconds = (performance.now() - t0) / 1000;
  // Meter rollups: local periods with the fixed +8 h offset, keyed as EnergyLedger keys them (hour: epoch ms of its start).
  const t1 = performance.now();
  const local = sql`(start + ${OFFSET_MS})`;
  const dayOf =
    engine === 'sqlite'
      ? sql`strftime('%Y-%m-%d', ${local} / 1000, 'unixepoch')`
      : sql`to_char(to_timestamp(${local} / 1000) at time zone 'UTC', 'YYYY-MM-DD')`;
  const monthOf =
    engine === 'sqlite' ? sql`strftime('%Y-%m', ${local} / 1000, 'unixepoch')` : sql`to_char(to_timestamp(${local} / 1000) at time zone 'UTC', 'YYYY-MM')`;
  const hourOf = engine === 'sqlite' ? sql`cast((start / 3600000) * 3600000 as text)` : sql`((start / 3600000) * 3600000)::text`;
  for (const [grain, period] of [
    ['hour', hourOf],
    ['day', dayOf],
    ['month', monthOf],
  ] as const) {
    await sql`insert into energy_rollups (scope, scope_id, energy_type, grain, period, energy)
      select 'meter', meter_id, 'electricity', ${grain}, period, sum(energy)
      from (select meter_id, ${period} as period, energy from energy_intervals) q group by meter_id, period`.execute(db);
  }
  // Departments (leaf and both ancestors: no main meters) and sub-items: sums of their meters' rows.
  const fromMeters = (scope: string, key: ReturnType<typeof sql>, joins: ReturnType<typeof sql>) =>
    sql`insert into energy_rollups (scope, scope_id, energy_type, grain, period, energy)
      select ${scope}, ${key}, 'electricity', r.grain, r.period, sum(r.energy)
      from energy_rollups r join meters m on m.id = r.scope_id ${joins}
      where r.scope = 'meter' group by ${key}, r.grain, r.period`.execute(db);
  await fromMeters('department', sql`m.department_id`, sql``);
  await fromMeters('department', sql`d1.parent_id`, sql`join departments d1 on d1.id = m.department_id`);
  await fromMeters('department', sql`d2.parent_id`, sql`join departments d1 on d1.id = m.department_id join departments d2 on d2.id = d1.parent_id`);
  await fromMeters('subitem', sql`m.subitem_id`, sql``);
  if (engine === 'postgres') for (const table of ['energy_intervals', 'energy_rollups']) await sql`vacuum analyze ${sql.id(table)}`.execute(db);
  const rollupSeconds = (performance.now() - t1) / 1000;
  // Band rollups: the recompute job prices every interval with the tariff (100 meters per transaction).
  const t2 = performance.now();
  await app.tariffs.recompute.stop();
  const admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  await enqueueRecompute(db, { ownerUserId: admin, reason: 'assignment', meterIds: ids, fromDay: month.from, toDay: month.to, createdBy: null });
  const runner = new RecomputeRunner(db, app.ingest.directory, { timeZone: TIME_ZONE, sqlite: app.storage.sqlite, chunkMeters: 100 });
  const claimed = await runner.claim(Date.now());
  if (!claimed) throw new Error('could not claim the recompute job');
  await runner.run(claimed);
  if (engine === 'postgres') await sql`vacuum analyze band_rollups`.execute(db);
  const bandSeconds = (performance.now() - t2) / 1000;
  const count = async (table: 'energy_rollups' | 'band_rollups') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const total = Number(
    (
      await db
        .selectFrom('energy_intervals')
        .select((eb) => eb.fn.sum<number>('energy').as('e'))
        .executeTakeFirstOrThrow()
    ).e,
  );
  console.log(
    `\r  seeded ${fmtInt(METERS * quarters)} intervals in ${fmtSeconds(intervalSeconds)}, ${fmtInt(await count('energy_rollups'))} energy rollups in ${fmtSeconds(rollupSeconds)}, ` +
      `${fmtInt(await count('band_rollups'))} band rollups (recompute job) in ${fmtSeconds(bandSeconds)}; ${total.toFixed(3)} kWh`,
  );
  return { org, total };
}

/** The report every measurement generates: departments × days of the month, energy and cost, with totals. */
function reportSpec(month: ReturnType<typeof benchMonth>): ReportSpecInput {
  return {
    objects: { kind: 'department', ids: [], energyType: 'electricity' },
    layout: 'objectRows',
    grain: 'day',
    splitByPeriod: true,
    columns: [
      { id: 'energy', kind: 'metric', metric: 'energy' },
      { id: 'cost', kind: 'metric', metric: 'cost' },
    ],
    totals: true,
    period: { preset: 'custom', from: month.from, to: month.to },
  };
}

// ---- the server process: buildApp() on the seeded database, listening; renders on request, watches its own RSS ----

interface ServerOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  schema?: string | undefined;
}
type ToServer =
  | { type: 'render'; format: ReportFormat; spec: ReportSpecInput; period: { from: string; to: string }; intervalTotal: number }
  | { type: 'mark' }
  | { type: 'peak' };
type FromServer =
  | { type: 'ready'; url: string }
  | { type: 'rendered'; engineMs: number; ms: number; bytes: number; check: string }
  | { type: 'marked'; rss: number }
  | { type: 'peak'; before: number; peak: number; loopMaxMs: number; loopP99Ms: number }
  | { type: 'failed'; message: string };

function configOf(options: ServerOptions) {
  return loadConfig({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    adminPassword: PASSWORD,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    webRoot: join(options.dataDir, 'no-web'),
    logLevel: 'silent',
    seedDemo: false,
    timeZone: TIME_ZONE,
  });
}

async function serve(options: ServerOptions): Promise<void> {
  const app = await buildApp(configOf(options), { logger: false, ...(options.schema ? { postgresSchema: options.schema } : {}) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const send = (message: FromServer) => process.send!(message);
  let watch = rssWatch();
  // How long the event loop was held at a time (what a request arriving then waits for, before any queueing).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('message', (message: ToServer) => {
    void (async () => {
      try {
        if (message.type === 'mark') {
          watch.stop();
          watch = rssWatch();
          loop.reset();
          send({ type: 'marked', rss: watch.before });
        } else if (message.type === 'peak') {
          const { before, peak } = watch.peek();
          send({ type: 'peak', before, peak, loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 });
          loop.reset();
        } else {
          const context: ReportContext = { db: app.storage.db, dbKind: app.storage.kind, sqlite: app.storage.sqlite, owners: 'all', timeZone: TIME_ZONE };
          let began = performance.now();
          const table = await buildReportTable(context, reportSpecSchema.parse(message.spec), message.period, { title: 'Departments by day' });
          const engineMs = performance.now() - began;
          began = performance.now();
          const file = await renderReport(table, message.format, { progress: () => undefined, signal: new AbortController().signal });
          send({ type: 'rendered', engineMs, ms: performance.now() - began, bytes: file.bytes.length, check: checkTable(table, message.intervalTotal) });
        }
      } catch (error) {
        send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    })();
  });
  // Never outlive the bench that forked us.
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
  send({ type: 'ready', url });
}

interface ServerHandle {
  url: string;
  ask<T extends FromServer['type']>(message: ToServer, answer: T): Promise<Extract<FromServer, { type: T }>>;
  stop(): Promise<void>;
}

function startServer(options: ServerOptions, engine: Engine): Promise<ServerHandle> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, `reports-${engine}`)}`);
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_REPORT_SERVER: JSON.stringify(options) }, execArgv, stdio: 'inherit' });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.disconnect();
    });
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`the report server exited with ${code} before it was ready`));
    child.once('exit', early);
    child.once('message', (ready: FromServer) => {
      child.off('exit', early);
      if (ready.type !== 'ready') return reject(new Error(`the report server said ${ready.type}`));
      resolve({
        url: ready.url,
        stop,
        ask: (message, answer) =>
          new Promise((done, fail) => {
            child.once('message', (reply: FromServer) => {
              if (reply.type === answer) done(reply as Extract<FromServer, { type: typeof answer }>);
              else fail(new Error(reply.type === 'failed' ? reply.message : `expected ${answer}, got ${reply.type}`));
            });
            child.send(message);
          }),
      });
    });
  });
}

// ---- the bench: seed, then measure against the server process ----

async function run(engine: Engine): Promise<(string | number)[][]> {
  const month = benchMonth();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
  const url = engine === 'postgres' ? postgresUrl() : undefined;
  const schema = engine === 'postgres' ? privateSchemaName('reports') : undefined;
  const options: ServerOptions = { dataDir, databaseUrl: url, schema };
  let server: ServerHandle | undefined;
  const cleanUp = async () => {
    await server?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    if (url && schema) await dropSchema(url, schema).catch(() => undefined);
  };
  const unregister = onInterrupt(cleanUp);
  const rows: (string | number)[][] = [];
  try {
    console.log(`${engine}: ${fmtInt(METERS)} meters, 70 departments, ${month.from} … ${month.to} (${TIME_ZONE})`);
    // Seeding in this process; the measured server is a fresh process on the same database.
    const seeder = await buildApp(configOf(options), { logger: false, ...(schema ? { postgresSchema: schema } : {}) });
    let total: number;
    try {
      total = (await seed(seeder.storage.db, engine, seeder, month)).total;
    } finally {
      await seeder.close();
    }
    server = await startServer(options, engine);
    const address = server.url;
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const api = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<{ ms: number; data: T }> => {
      const began = performance.now();
      const response = await fetch(`${address}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await response.json()) as { code: number; message: string; data: T };
      const ms = performance.now() - began;
      if (json.code !== 0) throw new Error(`${method} ${path}: ${json.message}`);
      return { ms, data: json.data };
    };

    const spec = reportSpec(month);
    const definition = await api<{ id: number }>('POST', '/report-definitions', { name: 'Departments by day', spec });
    const { rss: rssBefore } = await server.ask({ type: 'mark' }, 'marked');

    // Web view through the API: the first (modules loaded, statements prepared) and the median of three more.
    const tablePath = `/report-definitions/${definition.data.id}/table`;
    const web: number[] = [];
    let served: ReportTable | undefined;
    for (let i = 0; i < 4; i++) {
      const answer = await api<ReportTable>('GET', tablePath);
      web.push(answer.ms);
      served = answer.data;
    }
    const webWarm = percentile(web.slice(1), 50);
    const check = checkTable(served!, total);

    // The renderers in the server process, on the table the engine builds there (engine time apart).
    const render = (format: ReportFormat) =>
      server!.ask({ type: 'render', format, spec, period: { from: month.from, to: month.to }, intervalTotal: total }, 'rendered');
    const xlsx = await render('xlsx');
    const xlsxAgain = await render('xlsx');
    const pdf = await render('pdf');
    const pdfAgain = await render('pdf');
    const csv = await render('csv');
    const afterRenders = await server.ask({ type: 'peak' }, 'peak');

    // The same probes with nothing generating first: what this machine's load alone costs them.
    const idleHealth: number[] = [];
    const idleList: number[] = [];
    const idleUntil = performance.now() + IDLE_PROBE_MS;
    const idleLoop = async (samples: number[], path: string) => {
      while (performance.now() < idleUntil) {
        samples.push((await api<unknown>('GET', path)).ms);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    };
    await Promise.all([idleLoop(idleHealth, '/health'), idleLoop(idleList, '/report-runs?page=1&size=50')]);

    // Ten runs at once through the API: they queue; health and the run list must keep answering (two probe loops).
    const formats = Array.from({ length: RUNS }, (_, i) => RUN_FORMATS[i % RUN_FORMATS.length]!);
    const queueCpu = machineCpu();
    const queueBegan = performance.now();
    const created = await Promise.all(formats.map((format) => api<ReportRunView>('POST', '/report-runs', { definitionId: definition.data.id, format })));
    const postMs = created.map((c) => c.ms);
    const ids = new Set(created.map((c) => c.data.id));
    const health: number[] = [];
    const list: number[] = [];
    let maxRunning = 0;
    let finished: ReportRunView[] | undefined;
    const pause = () => new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    const healthLoop = async () => {
      while (!finished) {
        health.push((await api<unknown>('GET', '/health')).ms);
        await pause();
      }
    };
    const listLoop = async () => {
      while (!finished) {
        const page = await api<{ total: number; rows: ReportRunView[] }>('GET', `/report-runs?page=1&size=50`);
        list.push(page.ms);
        const ours = page.data.rows.filter((r) => ids.has(r.id));
        maxRunning = Math.max(maxRunning, ours.filter((r) => r.state === 'running').length);
        if (ours.length === RUNS && ours.every((r) => r.state !== 'queued' && r.state !== 'running')) finished = ours;
        else if (performance.now() - queueBegan > QUEUE_TIMEOUT_MS) throw new Error(`the runs did not finish within ${QUEUE_TIMEOUT_MS / 60_000} min`);
        else await pause();
      }
    };
    await Promise.all([healthLoop(), listLoop()]);
    const done = finished!;
    const queueMs = performance.now() - queueBegan;
    const machine = queueCpu() * 2;
    const overall = await server.ask({ type: 'peak' }, 'peak');
    const failed = done.filter((r) => r.state !== 'done');
    if (failed.length) throw new Error(`runs not done: ${failed.map((r) => `${r.id} ${r.state} ${r.error ?? ''}`).join('; ')}`);
    const byFormat = (format: string) => done.filter((r) => r.format === format).map((r) => (r.finishedAt! - r.startedAt!) / 1000);
    const ordered = done.slice().sort((a, b) => a.startedAt! - b.startedAt!);
    const overlapping = ordered.some((r, i) => i > 0 && r.startedAt! < ordered[i - 1]!.finishedAt!);
    const lastWaited = (ordered.at(-1)!.startedAt! - Math.min(...done.map((r) => r.createdAt))) / 1000;
    const healthP95 = percentile(health, 95);
    const listP95 = percentile(list, 95);
    const growth = overall.peak - overall.before;

    const e = engine;
    rows.push(
      [`${e}: table check (web view)`, check, '', ''],
      [
        `${e}: web view via API, first / median of next 3 (${served!.rows.length} rows × ${served!.columns.length} columns)`,
        `${fmtMs(web[0]!)} / ${fmtMs(webWarm)} ms`,
        `≤ ${TARGETS.webMs / 1000} s`,
        pass(Math.max(web[0]!, webWarm) <= TARGETS.webMs),
      ],
      [`${e}: engine alone in the server (buildReportTable), first / again`, `${fmtMs(xlsx.engineMs)} / ${fmtMs(xlsxAgain.engineMs)} ms`, '', ''],
      [
        `${e}: XLSX, first / again (${fmtInt(xlsx.bytes)} bytes)`,
        `${fmtMs(xlsx.ms)} / ${fmtMs(xlsxAgain.ms)} ms`,
        `≤ ${TARGETS.xlsxMs / 1000} s`,
        pass(xlsx.ms <= TARGETS.xlsxMs),
      ],
      [
        `${e}: PDF A4 landscape, first / again (${fmtInt(pdf.bytes)} bytes)`,
        `${fmtMs(pdf.ms)} / ${fmtMs(pdfAgain.ms)} ms`,
        `≤ ${TARGETS.pdfMs / 1000} s`,
        pass(pdf.ms <= TARGETS.pdfMs),
      ],
      [`${e}: CSV (${fmtInt(csv.bytes)} bytes)`, `${fmtMs(csv.ms)} ms`, '', ''],
      [`${e}: server RSS growth, web view + renders (${mb(rssBefore)} → peak ${mb(afterRenders.peak)})`, mb(afterRenders.peak - afterRenders.before), '', ''],
      [
        `${e}: server RSS growth, all generation incl. the runs (peak ${mb(overall.peak)})`,
        mb(growth),
        `≤ ${TARGETS.rssMb} MB`,
        pass(growth <= TARGETS.rssMb * 1024 * 1024),
      ],
      [
        `${e}: ${RUNS} runs POSTed at once (${formats.join(',')}): POST max / all done / last one waited`,
        `${fmtMs(Math.max(...postMs))} ms / ${fmtSeconds(queueMs / 1000)} / ${fmtSeconds(lastWaited)}`,
        'one at a time',
        pass(maxRunning <= 1 && !overlapping),
      ],
      [
        `${e}: run time (started → done) per format, median (xlsx / pdf / csv)`,
        ['xlsx', 'pdf', 'csv'].map((f) => (byFormat(f).length ? `${percentile(byFormat(f), 50).toFixed(2)} s` : '–')).join(' / '),
        '',
        '',
      ],
      [
        `${e}: GET /api/health meanwhile, p50 / p95 / max (${health.length} probes)`,
        `${fmtMs(percentile(health, 50))} / ${fmtMs(healthP95)} / ${fmtMs(Math.max(...health))} ms`,
        `p95 ≤ ${TARGETS.probeP95Ms} ms`,
        pass(healthP95 <= TARGETS.probeP95Ms),
      ],
      [
        `${e}: GET /api/report-runs meanwhile, p50 / p95 / max (${list.length} probes)`,
        `${fmtMs(percentile(list, 50))} / ${fmtMs(listP95)} / ${fmtMs(Math.max(...list))} ms`,
        `p95 ≤ ${TARGETS.probeP95Ms} ms`,
        pass(listP95 <= TARGETS.probeP95Ms),
      ],
      [
        `${e}: the same probes before the runs (nothing generating), health / list p50 / p95`,
        `${fmtMs(percentile(idleHealth, 50))} / ${fmtMs(percentile(idleHealth, 95))}, ${fmtMs(percentile(idleList, 50))} / ${fmtMs(percentile(idleList, 95))} ms`,
        '',
        '',
      ],
      [`${e}: server event loop held meanwhile, p99 / max`, `${fmtMs(overall.loopP99Ms)} / ${fmtMs(overall.loopMaxMs)} ms`, '', ''],
      [`${e}: machine CPU while the runs ran (cores of 2, every process)`, machine.toFixed(2), '', ''],
    );
    return rows;
  } finally {
    await cleanUp();
    unregister();
  }
}

/**
 * The total row must hold every interval's energy exactly once: the ten top departments add up to all meters, and a
 * department listed under a listed department is counted in its parent's figure, not again in the total.
 */
function checkTable(table: ReportTable, intervalTotal: number): string {
  const totalRow = table.rows.find((r) => r.kind === 'total');
  if (!totalRow) throw new Error('the table has no total row');
  const energyColumns = table.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.key.startsWith('energy@'));
  let sum = 0;
  for (const { i } of energyColumns) sum += (totalRow.cells[i] as number | null) ?? 0;
  const ok = Math.abs(sum - intervalTotal) <= 1e-6 * intervalTotal;
  return `${energyColumns.length} day columns, total ${sum.toFixed(2)} kWh = the intervals' ${intervalTotal.toFixed(2)}: ${ok ? 'ok' : 'MISMATCH'}`;
}

if (process.env.BENCH_REPORT_SERVER) {
  await serve(JSON.parse(process.env.BENCH_REPORT_SERVER) as ServerOptions);
} else {
  await main();
}

async function main(): Promise<void> {
  const { engines, skipped } = await selectEngines();
  const rows: (string | number)[][] = [];
  for (const engine of engines) {
    const engineRows = await run(engine);
    printTable([`monthly department report (${fmtInt(METERS)} meters, 70 departments × 31 days, energy + cost)`, 'measured', 'target', ''], engineRows);
    console.log('');
    rows.push(...engineRows);
  }
  if (engines.length > 1) printTable(['summary', 'measured', 'target', ''], rows);
  for (const line of skipped) console.log(line);
}
