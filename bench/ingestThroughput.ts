// End-to-end ingestion: MQTT publish (QoS 1) → embedded broker → ingest → committed (raw readings, energy
// intervals, hour/day/month rollups per meter, department and sub-item) → PUBACK. Measures committed
// readings/s, PUBACK (= commit) latency, loss, and the server's memory under a 3× burst, on SQLite and on
// PostgreSQL (when reachable). Each engine runs in a process of its own (fresh heap, its own RSS); the
// publisher runs in another one (bench/ingestPublisher.ts) so it does not take the server's core.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hashPassword } from '../server/auth/passwords';
import { startMqttIngress, type MqttLog } from '../server/mqtt';
import type { Ingest } from '../server/ingest/types';
import { summarize } from './stats';
import {
  createOrganisation,
  dropSchema,
  fmtInt,
  fmtMs,
  fmtSeconds,
  intEnv,
  interrupted,
  machineCpu,
  mb,
  onInterrupt,
  postgresUrl,
  processCpu,
  printTable,
  privateSchemaName,
  selectEngines,
  type Engine,
} from './benchSupport';
import type { PhaseEvent, PhaseSpec, PublisherResult, StartMessage } from './ingestPublisher';
import { attachBenchTariff, bandTotals, totalsMatch } from './tariffBenchSupport';

const METERS = intEnv('BENCH_METERS', 1_000);
const GATEWAYS = intEnv('BENCH_GATEWAYS', 20);
const PAYLOAD = intEnv('BENCH_PAYLOAD', 500);
const RATE = intEnv('BENCH_RATE', 50_000);
const SUSTAIN_S = intEnv('BENCH_SUSTAIN_S', 20);
const BURST_S = intEnv('BENCH_BURST_S', 5);
const MAX_S = intEnv('BENCH_MAX_S', 10);
const INFLIGHT = intEnv('BENCH_INFLIGHT', 2);
const DRAIN_TIMEOUT_S = intEnv('BENCH_DRAIN_TIMEOUT_S', 120);
const PASSWORD = 'Bench!2345pass';
/** `on` (bench/tariffIngest.ts): a time-of-use tariff on every meter, band rollups checked at the end. */
const TARIFFS = process.env.BENCH_TARIFFS === 'on';
const MQTT_PASSWORD = 'Bench!mqtt-gateway-1';

const PHASES: PhaseSpec[] = [
  { name: 'warm-up (closed, 1/gw)', mode: 'closed', inflightPerGateway: 1, seconds: 3 },
  { name: `max (closed, ${INFLIGHT}/gw)`, mode: 'closed', inflightPerGateway: INFLIGHT, seconds: MAX_S },
  { name: `sustained ${fmtInt(RATE)}/s`, mode: 'open', ratePerS: RATE, seconds: SUSTAIN_S },
  { name: `burst 3× ${fmtInt(3 * RATE)}/s`, mode: 'open', ratePerS: 3 * RATE, seconds: BURST_S },
  { name: `after burst ${fmtInt(RATE)}/s`, mode: 'open', ratePerS: RATE, seconds: 5 },
];

interface PhaseFigures {
  name: string;
  offered: number;
  committed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  unacked: number;
  rssPeak: number;
  heapPeak: number;
  /** In cores (1 = one core busy). */
  serverCpu: number;
  publisherCpu: number;
  /** All postgres processes (backends, WAL writer, …), in cores; NaN on SQLite. */
  postgresCpu: number;
  /** Busy share of the whole machine (0…1 of all cores). */
  machineCpu: number;
}

interface RunResult {
  engine: Engine;
  storage: string;
  timeZone: string;
  meters: number;
  gateways: number;
  phases: PhaseFigures[];
  sent: number;
  acked: number;
  rows: number;
  /** Readings of acknowledged messages missing from the database: must be 0. */
  loss: number;
  /** Messages never acknowledged (drain timed out) and readings stored from them anyway. */
  unackedMessages: number;
  storedUnacked: number;
  quarantined: number;
  rejected: number;
  busyRefusals: number;
  /** Readings ingest found already stored: resent after a dropped connection (parsed and checked twice). */
  duplicates: number;
  /** Most readings handed to ingest and not yet answered at one time (queue + the batch being written). */
  peakInFlight: number;
  reconnects: number;
  drainSeconds: number;
  energyExpected: number;
  energyIntervals: number;
  energyMeterMonths: number;
  energyDepartmentsTop: number;
  bytesPerReading: number;
  /** With tariffs: band rollup sums against energy rollup sums. */
  bandChecks: { label: string; band: number; energy: number }[];
  rssBaseline: number;
  rssPeak: number;
  heapPeak: number;
  seconds: number;
}

// ---------------------------------------------------------------- one engine, in its own process
async function runOne(engine: Engine): Promise<RunResult> {
  const began = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-ingest-'));
  const databaseUrl = engine === 'postgres' ? postgresUrl() : undefined;
  const schema = engine === 'postgres' ? privateSchemaName('ingest') : undefined;
  const config = loadConfig({ dataDir, databaseUrl, adminPassword: PASSWORD, webRoot: join(dataDir, 'none'), logLevel: 'silent', seedDemo: false });
  const app = await buildApp(config, { logger: false, ...(schema ? { postgresSchema: schema } : {}) });
  let publisher: ChildProcess | undefined;
  let ingress: Awaited<ReturnType<typeof startMqttIngress>> | undefined;
  let sampler: NodeJS.Timeout | undefined;
  const cleanUp = async () => {
    clearInterval(sampler);
    if (publisher && publisher.exitCode === null) publisher.kill();
    await ingress?.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    if (schema && databaseUrl)
      await dropSchema(databaseUrl, schema).catch((error: unknown) => console.error(`could not drop schema ${schema} (drop it by hand):`, error));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanUp);
  try {
    const db = app.storage.db;
    const org = await createOrganisation(db, { meterCount: METERS, gatewayCount: GATEWAYS, mqttPasswordHash: await hashPassword(MQTT_PASSWORD) });
    if (TARIFFS) await attachBenchTariff(db, org.topDepartmentIds);
    app.ingest.directory.invalidate();
    const warnings = { count: 0 };
    const log: MqttLog = {
      info: () => undefined,
      debug: () => undefined,
      warn: () => void warnings.count++,
      error: (o, m) => console.error('mqtt error:', m ?? o),
    };
    // Counts what ingest did with each payload: duplicates are readings the server wrote work for twice
    // (resent after a dropped connection), refusals are payloads turned away (queue full).
    const outcomes = { accepted: 0, duplicates: 0, refusedBusy: 0, inFlight: 0, peakInFlight: 0 };
    const ingest: Ingest = {
      congested: () => app.ingest.congested(),
      async submit(payload, source) {
        // Readings handed to ingest and not answered yet: the server-side backlog (queue + batch being written).
        const size = Array.isArray((payload as { readings?: unknown[] } | null)?.readings) ? (payload as { readings: unknown[] }).readings.length : 0;
        outcomes.inFlight += size;
        outcomes.peakInFlight = Math.max(outcomes.peakInFlight, outcomes.inFlight);
        const outcome = await app.ingest.submit(payload, source).finally(() => (outcomes.inFlight -= size));
        if ('refused' in outcome) {
          if (outcome.busy) outcomes.refusedBusy++;
        } else {
          outcomes.accepted += outcome.accepted;
          outcomes.duplicates += outcome.duplicates;
        }
        return outcome;
      },
    };
    ingress = await startMqttIngress({ storage: app.storage, ingest, port: 0, host: '127.0.0.1', log, env: {} });
    if (ingress.mode !== 'embedded' || !ingress.port) throw new Error(`embedded MQTT broker did not start (${ingress.mode})`);

    // Memory and CPU per phase, sampled in the server process only.
    let phaseName = 'setup';
    const peaks = new Map<string, { rss: number; heap: number }>();
    const sample = () => {
      const { rss, heapUsed } = process.memoryUsage();
      const peak = peaks.get(phaseName) ?? { rss: 0, heap: 0 };
      peak.rss = Math.max(peak.rss, rss);
      peak.heap = Math.max(peak.heap, heapUsed);
      peaks.set(phaseName, peak);
    };
    global.gc?.();
    const rssBaseline = process.memoryUsage().rss;
    sampler = setInterval(sample, 50);
    const cpu = new Map<string, { server: number; postgres: number; machine: number }>();
    const phaseCpuStart = () => ({
      started: performance.now(),
      usage: process.cpuUsage(),
      machine: machineCpu(),
      postgres: engine === 'postgres' ? processCpu('postgres') : () => Number.NaN,
    });
    let phaseCpu = phaseCpuStart();
    const closePhaseCpu = () => {
      const usage = process.cpuUsage(phaseCpu.usage);
      const wallUs = (performance.now() - phaseCpu.started) * 1000;
      cpu.set(phaseName, { server: (usage.user + usage.system) / wallUs, postgres: phaseCpu.postgres() / (wallUs / 1e6), machine: phaseCpu.machine() });
    };

    // Enough history that the newest reading stays in the past whatever the server's speed.
    const openReadings = PHASES.reduce((sum, p) => sum + (p.mode === 'open' ? p.ratePerS * p.seconds : 300_000 * p.seconds), 0);
    const minutes = Math.ceil(openReadings / METERS) + 120;
    const startTs = Math.floor((Date.now() - minutes * 60_000) / 3_600_000) * 3_600_000;
    const start: StartMessage = {
      type: 'start',
      port: ingress.port,
      startTs,
      payloadReadings: PAYLOAD,
      phases: PHASES,
      drainTimeoutMs: DRAIN_TIMEOUT_S * 1000,
      gateways: org.gateways.map((g) => ({
        sn: g.sn,
        username: g.sn,
        password: MQTT_PASSWORD,
        meters: g.meterCodes.map((code, k) => {
          const i = org.meters.findIndex((m) => m.code === code);
          // 20…319 kW against a 500 kW rating: every step is plausible (limit 500 kW × 1 min × 1.2 = 10 kWh).
          return { code, kw: 20 + ((i * 37 + k) % 300), register: 1_000 + i * 10 };
        }),
      })),
    };

    publisher = fork(fileURLToPath(new URL('./ingestPublisher.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const result = await new Promise<PublisherResult>((resolve, reject) => {
      publisher!.on('message', (message: PhaseEvent | PublisherResult) => {
        if (message.type === 'phase') {
          closePhaseCpu();
          phaseName = message.name;
          phaseCpu = phaseCpuStart();
          if (message.name !== 'drain') console.log(`  [${engine}] ${message.name}`);
        } else resolve(message);
      });
      publisher!.once('exit', (code) => reject(new Error(`publisher exited with ${code} before its result`)));
      publisher!.send(start);
    });
    closePhaseCpu();
    clearInterval(sampler);
    sample();
    await app.ingest.drain();

    // Which acknowledged messages are whole in the database: rows per (gateway, message index).
    const perMessage = await sql<{
      g: number;
      k: number;
      n: number;
    }>`select m.gateway_id as g, (r.ts - ${sql.lit(startTs)}) / ${sql.lit(result.minutesPerMessage * 60_000)} as k, count(*) as n
      from readings r join meters m on m.id = r.meter_id group by m.gateway_id, (r.ts - ${sql.lit(startTs)}) / ${sql.lit(result.minutesPerMessage * 60_000)}`.execute(
      db,
    );
    const stored = new Map(perMessage.rows.map((row) => [`${row.g}:${row.k}`, Number(row.n)]));
    let loss = 0;
    let ackedStored = 0;
    result.ackedMessages.forEach((indexes, g) => {
      const gateway = org.gateways[g]!;
      const perMessageReadings = gateway.meterIds.length * result.minutesPerMessage;
      for (const k of indexes) {
        const n = stored.get(`${gateway.id}:${k}`) ?? 0;
        loss += Math.max(0, perMessageReadings - n);
        ackedStored += n;
      }
    });
    const sentMessages = result.phases.reduce((sum, p) => sum + p.sentMessages, 0);
    const ackedMessages = result.ackedMessages.reduce((sum, list) => sum + list.length, 0);

    const count = async (table: 'readings' | 'quarantine' | 'ingest_rejections') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await count('readings');
    const sum = async (query: Promise<{ e: number | string | null } | undefined>) => Number((await query)?.e ?? 0);
    const energyIntervals = await sum(
      db
        .selectFrom('energy_intervals')
        .select((eb) => eb.fn.sum<number>('energy').as('e'))
        .executeTakeFirst(),
    );
    const energyMeterMonths = await sum(
      db
        .selectFrom('energy_rollups')
        .select((eb) => eb.fn.sum<number>('energy').as('e'))
        .where('scope', '=', 'meter')
        .where('grain', '=', 'month')
        .executeTakeFirst(),
    );
    const energyDepartmentsTop = await sum(
      db
        .selectFrom('energy_rollups')
        .select((eb) => eb.fn.sum<number>('energy').as('e'))
        .where('scope', '=', 'department')
        .where('scope_id', 'in', org.topDepartmentIds)
        .where('grain', '=', 'day')
        .executeTakeFirst(),
    );
    const readingsBytes =
      engine === 'sqlite'
        ? Number((await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat where name = 'readings'`.execute(db)).rows[0]?.bytes ?? 0)
        : Number(
            (await sql<{ bytes: string }>`select sum(pg_total_relation_size(relid)) as bytes from pg_partition_tree('readings') where isleaf`.execute(db))
              .rows[0]?.bytes ?? 0,
          );

    const phases: PhaseFigures[] = result.phases.map((p) => {
      const s = summarize(p.latenciesMs);
      return {
        name: p.name,
        offered: p.sentReadings / p.windowSeconds,
        committed: p.ackedReadingsInWindow / p.windowSeconds,
        p50: s.p50,
        p95: s.p95,
        p99: s.p99,
        max: s.max,
        unacked: p.unacked,
        rssPeak: peaks.get(p.name)?.rss ?? 0,
        heapPeak: peaks.get(p.name)?.heap ?? 0,
        serverCpu: cpu.get(p.name)?.server ?? 0,
        publisherCpu: p.cpuCores,
        postgresCpu: cpu.get(p.name)?.postgres ?? Number.NaN,
        machineCpu: cpu.get(p.name)?.machine ?? 0,
      };
    });
    const drainPeak = peaks.get('drain');
    if (drainPeak)
      phases.push({
        name: 'drain (until all acked)',
        offered: 0,
        committed: 0,
        p50: NaN,
        p95: NaN,
        p99: NaN,
        max: NaN,
        unacked: 0,
        rssPeak: drainPeak.rss,
        heapPeak: drainPeak.heap,
        serverCpu: cpu.get('drain')?.server ?? 0,
        publisherCpu: NaN,
        postgresCpu: cpu.get('drain')?.postgres ?? Number.NaN,
        machineCpu: cpu.get('drain')?.machine ?? 0,
      });
    const all = [...peaks.entries()].filter(([name]) => name !== 'setup').map(([, p]) => p);
    return {
      engine,
      storage: app.storage.describe,
      timeZone: config.timeZone,
      meters: METERS,
      gateways: GATEWAYS,
      phases,
      sent: result.sentReadings,
      acked: result.ackedReadings,
      rows,
      loss,
      unackedMessages: sentMessages - ackedMessages,
      storedUnacked: rows - ackedStored,
      quarantined: await count('quarantine'),
      rejected: await count('ingest_rejections'),
      busyRefusals: outcomes.refusedBusy,
      duplicates: outcomes.duplicates,
      peakInFlight: outcomes.peakInFlight,
      reconnects: result.reconnects,
      drainSeconds: result.drainSeconds,
      energyExpected: result.expectedEnergy,
      energyIntervals,
      energyMeterMonths,
      energyDepartmentsTop,
      bytesPerReading: rows ? readingsBytes / rows : NaN,
      bandChecks: TARIFFS ? await bandTotals(db) : [],
      rssBaseline,
      rssPeak: Math.max(...all.map((p) => p.rss)),
      heapPeak: Math.max(...all.map((p) => p.heap)),
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    await cleanUp();
    unregister();
  }
}

// ---------------------------------------------------------------- orchestration and the report
function runInChild(engine: Engine): Promise<RunResult> {
  const execArgv = [...process.execArgv];
  // One folder per engine: node writes a profile per thread (the main one is the largest; tsx's loader has its own).
  if (process.env.BENCH_CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${join(process.env.BENCH_CPU_PROF, `ingest-${engine}`)}`);
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_INGEST_ROLE: 'run', BENCH_ENGINE: engine },
    execArgv,
    stdio: 'inherit',
  });
  // Interrupted: the run cleans up after itself (schema, temp folder, publisher) when told to stop.
  const unregister = onInterrupt(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  // Everything above is bounded by its phases and the drain timeout; this is the last resort.
  const limitMs = (PHASES.reduce((s, p) => s + p.seconds, 0) + DRAIN_TIMEOUT_S * 2 + 120) * 1000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${engine} run exceeded ${limitMs / 1000} s`));
    }, limitMs);
    let result: RunResult | undefined;
    child.on('message', (message: RunResult) => (result = message));
    child.once('exit', (code) => {
      clearTimeout(timer);
      unregister();
      if (result) resolve(result);
      else reject(new Error(`${engine} run exited with ${code} and no result`));
    });
  });
}

const CORES = cpus().length;
const cores = (n: number) => (Number.isNaN(n) ? '–' : Math.max(0, n).toFixed(2));

function report(results: RunResult[], skipped: string[]): void {
  console.log(
    `\nIngest throughput: ${METERS} meters on ${GATEWAYS} gateways (one MQTT connection each), ${PAYLOAD} readings per QoS 1 payload, history at 1 min/reading/meter`,
  );
  console.log(`targets: ≥ 50,000 readings/s sustained, p99 PUBACK (= commit) ≤ 250 ms, no loss, bounded memory under a 3× burst`);
  console.log(`CPU columns are in cores (this machine has ${CORES}); "others" is what the rest of the machine used meanwhile (other processes: their load skews the figures); "postgres" is every PostgreSQL process on the machine;
"CPU µs/reading" = (server + postgres CPU) / committed readings: the cost per reading, which contention does not change much`);
  for (const r of results) {
    console.log(`\n== ${r.engine} (${r.storage}, TIME_ZONE ${r.timeZone}) — ${fmtSeconds(r.seconds)}`);
    printTable(
      [
        'phase',
        'offered/s',
        'committed/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'unacked',
        'RSS peak',
        'heap peak',
        'CPU server',
        'postgres',
        'publisher',
        'others',
        'CPU µs/reading',
      ],
      r.phases.map((p) => [
        p.name,
        p.offered ? fmtInt(p.offered) : '–',
        p.committed ? fmtInt(p.committed) : '–',
        fmtMs(p.p50),
        fmtMs(p.p95),
        fmtMs(p.p99),
        fmtMs(p.max),
        p.unacked,
        mb(p.rssPeak),
        mb(p.heapPeak),
        cores(p.serverCpu),
        cores(p.postgresCpu),
        cores(p.publisherCpu),
        cores(p.machineCpu * CORES - p.serverCpu - [p.publisherCpu, p.postgresCpu].reduce((sum, n) => sum + (Number.isNaN(n) ? 0 : n), 0)),
        p.committed ? ((1e6 * (p.serverCpu + (Number.isNaN(p.postgresCpu) ? 0 : p.postgresCpu))) / p.committed).toFixed(1) : '–',
      ]),
    );
    const energyOk = (value: number) =>
      Math.abs(value - r.energyExpected) <= Math.max(1e-6 * r.energyExpected, 0.01) ? 'ok' : `MISMATCH (${value.toFixed(3)})`;
    console.log(
      `sent ${fmtInt(r.sent)}, acknowledged ${fmtInt(r.acked)}, rows in readings ${fmtInt(r.rows)}; LOSS (acknowledged but not stored) ${fmtInt(r.loss)}; ` +
        `never acknowledged ${fmtInt(r.unackedMessages)} messages (${fmtInt(r.storedUnacked)} of their readings stored); quarantined ${r.quarantined}, rejected ${r.rejected}`,
    );
    console.log(
      `busy refusals (ingest queue full: the broker drops the connection, the publisher reconnects and resends) ${r.busyRefusals}, reconnects ${r.reconnects}, ` +
        `readings received twice (resent after a drop; ignored as duplicates) ${fmtInt(r.duplicates)}; drain after the last phase ${r.drainSeconds.toFixed(1)} s`,
    );
    if (r.rows === r.sent && r.unackedMessages === 0) {
      console.log(
        `energy sent ${r.energyExpected.toFixed(1)} kWh: intervals ${energyOk(r.energyIntervals)}, meter month rollups ${energyOk(r.energyMeterMonths)}, top-level department day rollups ${energyOk(r.energyDepartmentsTop)}`,
      );
    } else console.log('energy check skipped: not every reading sent was committed');
    if (r.bandChecks.length) {
      console.log(
        `band rollups (tariff on every meter) against energy rollups: ${r.bandChecks
          .map((t) => `${t.label} ${t.band.toFixed(3)} vs ${t.energy.toFixed(3)} ${totalsMatch(t) ? 'ok' : 'MISMATCH'}`)
          .join('; ')}`,
      );
    }
    console.log(
      `RSS baseline ${mb(r.rssBaseline)}, peak ${mb(r.rssPeak)}; heap peak ${mb(r.heapPeak)}; most readings inside ingest at once ${fmtInt(r.peakInFlight)}; ` +
        `readings as written by ingest: ${r.bytesPerReading.toFixed(1)} bytes/reading`,
    );
  }
  if (results.length > 1) {
    console.log('\nsummary');
    printTable(
      ['engine', 'max committed/s', 'sustained committed/s', 'sustained p50/p95/p99 ms', 'burst p99 ms', 'loss', 'RSS peak', 'bytes/reading'],
      results.map((r) => {
        const max = r.phases[1]!;
        const sustained = r.phases[2]!;
        const burst = r.phases[3]!;
        return [
          r.engine,
          fmtInt(max.committed),
          fmtInt(sustained.committed),
          `${fmtMs(sustained.p50)} / ${fmtMs(sustained.p95)} / ${fmtMs(sustained.p99)}`,
          fmtMs(burst.p99),
          fmtInt(r.loss),
          mb(r.rssPeak),
          r.bytesPerReading.toFixed(1),
        ];
      }),
    );
  }
  for (const line of skipped) console.log(`skipped ${line}`);
}

if (process.env.BENCH_INGEST_ROLE === 'run') {
  const engine = process.env.BENCH_ENGINE as Engine;
  runOne(engine).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      if (!interrupted()) console.error(`[${engine}] failed:`, error);
      process.exit(1);
    },
  );
} else {
  const { engines, skipped } = await selectEngines();
  const results: RunResult[] = [];
  let failed = false;
  for (const engine of engines) {
    if (interrupted()) break;
    const idle = machineCpu();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    console.log(`ingest throughput on ${engine} … (machine ${(idle() * 100).toFixed(0)} % busy just before: other processes)`);
    try {
      results.push(await runInChild(engine));
    } catch (error) {
      failed = true;
      console.error(error instanceof Error ? error.message : error);
    }
  }
  report(results, skipped);
  process.exit(failed ? 1 : 0);
}
