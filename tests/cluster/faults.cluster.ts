import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { connectAsync, type MqttClient } from 'mqtt';
import { RealtimeClient } from '@shared/realtime/realtimeClient';
import { meterLatestChannel } from '@shared/schemas/alarms';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import { startCluster, type Cluster } from '../support/cluster';
import type { RunningServer } from '../support/serverProcess';
import { startPrivateMosquitto, startPrivatePostgres, startPrivateRedis, type PrivateService } from '../support/privateServices';
import { startBlackholeProxy, type BlackholeProxy } from '../support/blackholeProxy';
import { apiToken } from '../e2e/helpers/console';
import { apiData } from '../e2e/helpers/api';
import { createBoard, createDisplay, liveBoard } from '../e2e/helpers/kiosk';

/**
 * The fault suite: three server processes on private PostgreSQL, Redis and Mosquitto instances (the suite restarts
 * them; the machine's services are never touched), a fleet of gateways publishing register readings at QoS 1, and
 * 20 walls (socket clients with display tokens, the kiosk's own RealtimeClient and reconnect back-off) watching
 * meters' latest values through a front that spreads them over the live processes. Faults in turn: kill -9 of a
 * process, Redis restarted, Mosquitto restarted, PostgreSQL restarted, one process's network held for 30 s. After
 * each: how long until every wall shows a value published after the fault ended, and how many readings the broker
 * acknowledged to a gateway are not stored. At the end: each acknowledged reading stored once, energy rollups equal
 * to the register differences, each singleton job's lease on one live process. The table is printed.
 */
const GATEWAYS = 6;
const METERS_PER_GATEWAY = 3;
const WALLS = 20;
/** Each gateway sends one message (all its meters) this often. */
const PUBLISH_EVERY_MS = 500;
/** Reading time advances this much per message: the stream covers hours of register history in minutes. */
const READING_STEP_MS = 20_000;
const WALLS_BACK_WITHIN_MS = 10_000;
/** How long acknowledged readings may take to be stored after a fault (redelivery, session takeover). */
const SETTLE_MS = 60_000;
const BLACKHOLE_MS = 30_000;
/** The kiosk's socket.io back-off (kiosk/src/app/kioskApp.ts SOCKET_BACKOFF). */
const WALL_SOCKET = { reconnection: true, reconnectionDelay: 1000, reconnectionDelayMax: 30_000, randomizationFactor: 0.5, transports: ['websocket'] };
const LEASES = ['online-sweep', 'alarm-silence-sweep'];

let postgres: PrivateService;
let redis: PrivateService;
let mosquitto: PrivateService;
let cluster: Cluster;
/** The process whose PostgreSQL, Redis and broker connections go through the proxies below. */
let isolated: RunningServer;
const isolation: BlackholeProxy[] = [];
/** What the walls connect to: a TCP round robin over the live processes (the load balancer's place). */
let front: BlackholeProxy;
let adminToken = '';

const alive = (server: RunningServer) => server.process.exitCode === null && server.process.signalCode === null;
const live = () => cluster.servers.filter(alive);

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const server = live()[0]!;
  return apiData<T>(server.url, adminToken, method, `/api${path}`, body);
}

/** One query on a connection of its own (PostgreSQL itself is restarted during the suite). */
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.database.url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---- the gateway fleet ----

interface Meter {
  id: number;
  code: string;
}
interface Reading {
  meterId: number;
  ts: number;
  kwh: number;
  publishedAt: number;
  /** When the broker's acknowledgement arrived (a message the gateway resent after a broker restart: after it). */
  ackedAt?: number;
}
interface Gateway {
  sn: string;
  meters: Meter[];
  client: MqttClient;
  registers: number[];
  sent: number;
}
const gateways: Gateway[] = [];
/** `${meterId}:${ts}` → the reading, once the broker acknowledged its message. */
const acked = new Map<string, Reading>();
const published: Reading[] = [];
let streamStart = 0;
let publishing: NodeJS.Timeout | undefined;
let publishErrors = 0;

function publishRound(): void {
  const now = Date.now();
  for (const [g, gateway] of gateways.entries()) {
    const ts = streamStart + gateway.sent * READING_STEP_MS;
    const readings = gateway.meters.map((meter, m) => {
      // Steps of 0.1 to 0.7 kWh per 20 s (18 to 126 kW): every step is known and under the meters' rated power.
      if (gateway.sent > 0) gateway.registers[m] = Math.round((gateway.registers[m]! + 0.1 * (1 + ((gateway.sent + g + m) % 7))) * 1000) / 1000;
      return { meterId: meter.id, ts, kwh: gateway.registers[m]!, publishedAt: now };
    });
    gateway.sent += 1;
    published.push(...readings);
    const payload = JSON.stringify({
      readings: readings.map((reading, m) => ({ meter: gateway.meters[m]!.code, ts: reading.ts, values: { kwh: reading.kwh } })),
    });
    gateway.client.publishAsync(`gateways/${gateway.sn}/readings`, payload, { qos: 1 }).then(
      () => {
        const at = Date.now();
        for (const reading of readings) acked.set(`${reading.meterId}:${reading.ts}`, { ...reading, ackedAt: at });
      },
      () => (publishErrors += 1),
    );
  }
}

// ---- the walls ----

interface Wall {
  meterId: number;
  client: RealtimeClient;
  /** Every latest value received: when, and the reading time it carried. */
  seen: { at: number; ts: number }[];
}
const walls: Wall[] = [];

/** The first reading of `meterId` published at or after `since`. */
function firstPublishedAfter(meterId: number, since: number): Reading | undefined {
  return published.find((reading) => reading.meterId === meterId && reading.publishedAt >= since);
}

/** Polls until every wall received a value of its meter published after `endedAt`; the slowest wall's delay. */
async function wallsBack(endedAt: number, withinMs = 60_000): Promise<{ slowestMs: number | null; missing: number }> {
  const deadline = endedAt + withinMs;
  for (;;) {
    let slowest = 0;
    let missing = 0;
    for (const wall of walls) {
      const mark = firstPublishedAfter(wall.meterId, endedAt);
      const got = mark && wall.seen.find((seen) => seen.ts >= mark.ts && seen.at >= endedAt);
      if (got) slowest = Math.max(slowest, got.at - endedAt);
      else missing += 1;
    }
    if (missing === 0) return { slowestMs: slowest, missing };
    if (Date.now() > deadline) return { slowestMs: null, missing };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---- what is stored ----

/**
 * Readings Mosquitto acknowledged to a gateway and then dropped because it had no subscriber: after a broker restart
 * the server processes' shared subscriptions are gone (Mosquitto 2.0.11 restores sessions and plain subscriptions
 * from persistence, not shared ones) until a process subscribes again. Counted and printed, not waited for again.
 */
const brokerDropped = new Map<string, Reading>();
const keyOf = (reading: Reading) => `${reading.meterId}:${reading.ts}`;

/**
 * Acknowledged readings (acknowledged before `upTo`) not in the readings table, after waiting up to SETTLE_MS.
 * `excused` (the broker's own drop window) are waited for 5 s only, then moved to `brokerDropped`.
 */
async function lostAfterSettling(upTo: number, excused: (reading: Reading) => boolean = () => false): Promise<number> {
  const deadline = Date.now() + SETTLE_MS;
  let onlyExcusedSince: number | null = null;
  for (;;) {
    const stored = new Set(
      (await query<{ meter_id: number; ts: string }>('select meter_id, ts from readings where meter_id = any($1)', [allMeterIds()])).map(
        (row) => `${row.meter_id}:${Number(row.ts)}`,
      ),
    );
    const missing = [...acked.values()].filter((reading) => reading.publishedAt < upTo && !brokerDropped.has(keyOf(reading)) && !stored.has(keyOf(reading)));
    const lost = missing.filter((reading) => !excused(reading));
    if (lost.length === 0) onlyExcusedSince ??= Date.now();
    if ((lost.length === 0 && (missing.length === 0 || Date.now() - onlyExcusedSince! > 5_000)) || Date.now() > deadline) {
      for (const reading of missing) if (excused(reading)) brokerDropped.set(keyOf(reading), reading);
      return lost.length;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Log lines of a process (JSON, one a line) with this message, at or after `since`. */
function logLines(server: RunningServer, msg: string, since: number): { time: number; clientId?: string }[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(msg))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { time: number; clientId?: string; msg: string }];
      } catch {
        return []; // the line being written
      }
    })
    .filter((line) => line.msg === msg && line.time >= since);
}
const SUBSCRIBED = 'MQTT: subscribed to readings on the external broker';
const TOOK_OVER = 'MQTT: took over the session of a server process that left';
/** Each live process's MQTT client id (from its subscription line). */
const liveClientIds = () => new Set(live().flatMap((server) => logLines(server, SUBSCRIBED, 0).map((line) => line.clientId!)));

/** Rows stored more than once for a (meter, ts), and stored registers that differ from what was published. */
async function duplicates(): Promise<number> {
  const rows = await query<{ meter_id: number; ts: string; register_milli: string; n: string }>(
    'select meter_id, ts, min(register_milli) as register_milli, count(*) as n from readings where meter_id = any($1) group by meter_id, ts',
    [allMeterIds()],
  );
  const sent = new Map(published.map((reading) => [`${reading.meterId}:${reading.ts}`, reading.kwh]));
  return rows.reduce((sum, row) => {
    const extra = Number(row.n) - 1;
    const wrong = Math.round(sent.get(`${row.meter_id}:${Number(row.ts)}`)! * 1000) !== Number(row.register_milli) ? 1 : 0;
    return sum + extra + wrong;
  }, 0);
}

/** Meters whose rollup energy differs from last − first stored register (to the Wh), after up to 20 s for rollups to catch up. */
async function rollupsOff(): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const off = await rollupsOffNow();
    if (off.length === 0 || Date.now() > deadline) return off;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function rollupsOffNow(): Promise<string[]> {
  const stored = await query<{ meter_id: number; energy: number }>(
    `select meter_id, (max(register_milli) - min(register_milli))::float8 / 1000 as energy from readings where meter_id = any($1) group by meter_id`,
    [allMeterIds()],
  );
  const from = streamStart - 2 * 86_400_000;
  const rollups = await api<{ series: { scopeId: number; total: number }[] }>(
    'GET',
    `/energy/rollups?scope=meter&ids=${allMeterIds().join(',')}&grain=day&from=${from}&to=${Date.now() + 86_400_000}`,
  );
  const totals = new Map(rollups.series.map((series) => [series.scopeId, series.total]));
  return stored
    .filter((row) => Math.round((totals.get(row.meter_id) ?? 0) * 1000) !== Math.round(row.energy * 1000))
    .map((row) => `meter ${row.meter_id}: rollups ${totals.get(row.meter_id)} kWh, registers ${row.energy} kWh`);
}

const allMeterIds = () => gateways.flatMap((gateway) => gateway.meters.map((meter) => meter.id));

// ---- singleton jobs ----

interface LeaseSample {
  at: number;
  name: string;
  holder: string;
  lastRunBy: string | null;
  lastRunAt: number | null;
}
const leaseSamples: LeaseSample[] = [];
let sampling: NodeJS.Timeout | undefined;
const pidOf = (holder: string | null): number | null => (holder ? Number(holder.split(':').at(-2)) : null);

async function sampleLeases(): Promise<void> {
  const rows = await query<{ name: string; holder: string; last_run_by: string | null; last_run_at: string | null }>(
    'select name, holder, last_run_by, last_run_at from job_leases where name = any($1)',
    [LEASES],
  ).catch(() => []);
  const at = Date.now();
  for (const row of rows)
    leaseSamples.push({
      at,
      name: row.name,
      holder: row.holder,
      lastRunBy: row.last_run_by,
      lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
    });
}

// ---- the faults ----

interface FaultRow {
  fault: string;
  wallsBackMs: number | null;
  wallsMissing: number;
  ackedLost: number;
  /** Acknowledged by the broker and dropped by it (no subscription yet after its restart). */
  brokerDropped: number;
  duplicates: number;
  rollupsExact: boolean;
}
const table: FaultRow[] = [];

async function afterFault(fault: string, endedAt: number, excused?: (reading: Reading) => boolean): Promise<FaultRow> {
  const back = await wallsBack(endedAt);
  if (live().length === 0) {
    await explain(fault, endedAt, []).catch(() => undefined);
    throw new Error(`${fault}: every server process has exited`);
  }
  const droppedBefore = brokerDropped.size;
  const lost = await lostAfterSettling(Date.now(), excused);
  const off = await rollupsOff();
  const row: FaultRow = {
    fault,
    wallsBackMs: back.slowestMs,
    wallsMissing: back.missing,
    ackedLost: lost,
    brokerDropped: brokerDropped.size - droppedBefore,
    duplicates: await duplicates(),
    rollupsExact: off.length === 0,
  };
  if (lost > 0 || off.length > 0 || back.missing > 0 || cluster.servers.some((server) => !alive(server) && server.process.signalCode !== 'SIGKILL'))
    await explain(fault, endedAt, off);
  table.push(row);
  console.log(`fault "${fault}": ${JSON.stringify(row)}`);
  return row;
}

/** What a failing fault left behind: which acknowledged readings are missing, and the processes' MQTT and error lines. */
async function explain(fault: string, endedAt: number, off: string[]): Promise<void> {
  const stored = new Set(
    (await query<{ meter_id: number; ts: string }>('select meter_id, ts from readings where meter_id = any($1)', [allMeterIds()])).map(
      (row) => `${row.meter_id}:${Number(row.ts)}`,
    ),
  );
  const missing = [...acked.values()].filter((reading) => !brokerDropped.has(keyOf(reading)) && !stored.has(keyOf(reading)));
  const messages = new Map<number, number>();
  for (const reading of missing) messages.set(reading.publishedAt - endedAt, (messages.get(reading.publishedAt - endedAt) ?? 0) + 1);
  console.error(
    `${fault}: ${missing.length} acknowledged readings missing, published at (ms from the fault's end → readings): ${JSON.stringify(Object.fromEntries([...messages].sort((a, b) => a[0] - b[0])))}`,
  );
  if (off.length > 0) console.error(`${fault}: rollups off:\n${off.join('\n')}`);
  for (const server of cluster.servers) {
    const all = server.output().split('\n');
    // A process that died: its last words as they are (an uncaught error's stack).
    const lines = alive(server) ? all.filter((line) => /MQTT|"level":(40|50|60)|Error/.test(line)).slice(-25) : all.slice(-40);
    console.error(`---- process ${server.process.pid}${alive(server) ? '' : ' (dead)'}:\n${lines.join('\n')}`);
  }
}

function printTable(): void {
  const lines = [
    '| fault | walls back within | acked readings lost | dropped by the broker | duplicates | rollups exact |',
    '|---|---|---|---|---|---|',
    ...table.map(
      (row) =>
        `| ${row.fault} | ${row.wallsBackMs === null ? `${row.wallsMissing} of ${WALLS} not back in 60 s` : `${(row.wallsBackMs / 1000).toFixed(1)} s`} | ${row.ackedLost} of ${acked.size} | ${row.brokerDropped === 0 ? '0' : `${row.brokerDropped} (published before a process had subscribed again: Mosquitto 2.0.11 does not restore shared subscriptions)`} | ${row.duplicates} | ${row.rollupsExact ? 'yes' : 'no'} |`,
    ),
  ];
  console.log(`\nfault suite (${live().length} processes, ${gateways.length} gateways × ${METERS_PER_GATEWAY} meters, ${WALLS} walls)\n${lines.join('\n')}\n`);
}

beforeAll(async () => {
  [postgres, redis, mosquitto] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), startPrivateMosquitto()]);
  cluster = await startCluster({
    processes: 2,
    together: false,
    redis: true,
    mqtt: true,
    services: { postgres: postgres.url, redis: redis.url, mqtt: mosquitto.url },
    env: { SEED_DEMO: 'off', LOG_LEVEL: 'info' },
  });
  // The third process reaches PostgreSQL, Redis and the broker through proxies that can hold its traffic.
  for (const service of [postgres, redis, mosquitto]) isolation.push(await startBlackholeProxy({ host: '127.0.0.1', port: service.port }));
  const [pgProxy, redisProxy, mqttProxy] = isolation as [BlackholeProxy, BlackholeProxy, BlackholeProxy];
  isolated = await cluster.add({
    DATABASE_URL: pgProxy.via(cluster.database.url),
    REDIS_URL: redisProxy.via(redis.url),
    MQTT_URL: mqttProxy.via(mosquitto.url),
  });
  front = await startBlackholeProxy(() => live().map((server) => ({ host: '127.0.0.1', port: server.port })));
  adminToken = await apiToken(cluster.servers[0]!.url);

  for (let g = 0; g < GATEWAYS; g += 1) {
    const sn = `GW-${cluster.tag}-${g}`;
    const gateway = await api<{ id: number }>('POST', '/gateways', { sn, name: `Fault gateway ${g}`, ownerUserId: 1 });
    const meters: Meter[] = [];
    for (let m = 0; m < METERS_PER_GATEWAY; m += 1) {
      const code = `F${g}-${m}`;
      const meter = await api<{ id: number }>('POST', '/meters', {
        code,
        name: `Fault meter ${g}.${m}`,
        energyType: 'electricity',
        unit: 'kWh',
        gatewayId: gateway.id,
      });
      meters.push({ id: meter.id, code });
    }
    const client = await connectAsync(mosquitto.url, { clientId: `gw-${cluster.tag}-${g}`, clean: true, reconnectPeriod: 1_000 });
    client.on('error', () => undefined);
    gateways.push({ sn, meters, client, registers: meters.map((_, m) => 1_000 * (g + 1) + 100 * m), sent: 0 });
  }

  const board = await createBoard(cluster.servers[0]!.url, adminToken, liveBoard('Fault suite wall', allMeterIds().slice(0, 12)));
  const wallMeters = allMeterIds().slice(0, 12);
  for (let w = 0; w < WALLS; w += 1) {
    const display = await createDisplay(cluster.servers[0]!.url, adminToken, `Fault wall ${w}`, { kind: 'boards', boardIds: [board.id] });
    const meterId = wallMeters[w % wallMeters.length]!;
    const wall: Wall = { meterId, seen: [], client: new RealtimeClient({ token: display.token, url: `http://127.0.0.1:${front.port}`, socket: WALL_SOCKET }) };
    wall.client.subscribe<MeterLatestValues | null>(meterLatestChannel(meterId), (latest) => {
      if (latest) wall.seen.push({ at: Date.now(), ts: latest.ts });
    });
    walls.push(wall);
  }

  // Other processes refuse a gateway they do not know yet, for good: wait out their meter directory (10 s).
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  streamStart = Math.floor((Date.now() - 6 * 3_600_000) / 60_000) * 60_000;
  publishing = setInterval(publishRound, PUBLISH_EVERY_MS);
  sampling = setInterval(() => void sampleLeases(), 2_000);
  // Everything flowing before the first fault.
  const started = await wallsBack(Date.now(), 30_000);
  expect(started.missing, 'walls with live values before any fault').toBe(0);
}, 300_000);

afterAll(async () => {
  clearInterval(publishing);
  clearInterval(sampling);
  if (table.length > 0) printTable();
  for (const wall of walls) wall.client.close();
  await Promise.allSettled(gateways.map((gateway) => gateway.client.endAsync(true)));
  await cluster?.stop();
  await Promise.allSettled([front, ...isolation].filter(Boolean).map((proxy) => proxy.close()));
  await Promise.allSettled([postgres, redis, mosquitto].filter(Boolean).map((service) => service.dispose()));
}, 120_000);

describe('faults in turn, with gateways publishing and walls watching', () => {
  it('kill -9 of one process: its walls reconnect to the others, the broker redelivers what it held to the survivors', async () => {
    const victim = cluster.servers.find((server) => server !== isolated && alive(server))!;
    const killedAt = Date.now();
    victim.process.kill('SIGKILL');
    const row = await afterFault('kill -9 one process', killedAt);
    // A replacement takes the dead one's place, as a service manager would restart it.
    await cluster.add();
    expect(row).toMatchObject({ wallsMissing: 0, ackedLost: 0, duplicates: 0, rollupsExact: true });
    expect(row.wallsBackMs).toBeLessThanOrEqual(WALLS_BACK_WITHIN_MS);
  });

  it('Redis restarted (empty): events reach every process again', async () => {
    await redis.restart();
    const row = await afterFault('restart Redis', Date.now());
    expect(row).toMatchObject({ wallsMissing: 0, ackedLost: 0, duplicates: 0, rollupsExact: true });
    expect(row.wallsBackMs).toBeLessThanOrEqual(WALLS_BACK_WITHIN_MS);
  });

  it(
    'Mosquitto restarted: gateways and processes reconnect, readings are stored except those the broker dropped before a process subscribed again, no live process is taken over',
    { timeout: 150_000 },
    async () => {
      const before = liveClientIds();
      const stoppedAt = Date.now();
      await mosquitto.restart();
      const endedAt = Date.now();
      // The broker drops what it routes before the first process's shared subscription is back (none is restored):
      // only readings published before that moment are excused; one published later and missing is the product's loss.
      let resubscribedAt = Number.POSITIVE_INFINITY;
      const deadline = Date.now() + 20_000;
      while (!Number.isFinite(resubscribedAt) && Date.now() < deadline) {
        const times = live().flatMap((server) => logLines(server, SUBSCRIBED, stoppedAt).map((line) => line.time));
        if (times.length > 0) resubscribedAt = Math.min(...times);
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(Number.isFinite(resubscribedAt), 'a process subscribed again after the broker restart').toBe(true);
      // Received by the broker before the subscription was back: acknowledged to the gateway by then (100 ms for loopback
      // ordering between the two clocks' readings), including messages in flight at the stop that the gateway resent.
      const row = await afterFault('restart Mosquitto', endedAt, (reading) => reading.ackedAt! >= stoppedAt && reading.ackedAt! <= resubscribedAt + 100);
      console.log(
        `restart Mosquitto: broker stopped at 0 ms, answering at ${endedAt - stoppedAt} ms, first process subscribed again at ${resubscribedAt - stoppedAt} ms; ${row.brokerDropped} readings dropped by the broker in that window`,
      );
      // Past the takeover grace period: a live process's session is never taken over because of a replayed will.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, endedAt + 15_000 - Date.now())));
      const takenOver = live().flatMap((server) => logLines(server, TOOK_OVER, stoppedAt).map((line) => line.clientId!));
      expect(
        takenOver.filter((id) => before.has(id) && liveClientIds().has(id)),
        'live processes whose sessions were taken over',
      ).toEqual([]);
      expect(row).toMatchObject({ wallsMissing: 0, ackedLost: 0, duplicates: 0, rollupsExact: true });
      expect(row.wallsBackMs).toBeLessThanOrEqual(WALLS_BACK_WITHIN_MS);
    },
  );

  it('PostgreSQL restarted: ingest resumes, nothing acknowledged is lost', { timeout: 150_000 }, async () => {
    await postgres.restart();
    const row = await afterFault('restart PostgreSQL', Date.now());
    expect(
      cluster.servers.filter((server) => !alive(server) && server.process.signalCode !== 'SIGKILL').map((server) => server.process.pid),
      'server processes that exited',
    ).toEqual([]);
    expect(row).toMatchObject({ wallsMissing: 0, ackedLost: 0, duplicates: 0, rollupsExact: true });
    expect(row.wallsBackMs).toBeLessThanOrEqual(WALLS_BACK_WITHIN_MS);
  });

  it("one process's network held for 30 s (PostgreSQL, Redis and broker), then released", async () => {
    for (const proxy of isolation) proxy.hold();
    await new Promise((resolve) => setTimeout(resolve, BLACKHOLE_MS));
    for (const proxy of isolation) proxy.resume();
    const row = await afterFault('network of one process held 30 s', Date.now());
    expect(alive(isolated), 'the isolated process is still running').toBe(true);
    expect(row).toMatchObject({ wallsMissing: 0, ackedLost: 0, duplicates: 0, rollupsExact: true });
    expect(row.wallsBackMs).toBeLessThanOrEqual(WALLS_BACK_WITHIN_MS);
  }, 150_000);

  it('at the end: every acknowledged reading stored once, rollups exact, each singleton job held by one live process', async () => {
    clearInterval(publishing);
    await new Promise((resolve) => setTimeout(resolve, 2 * PUBLISH_EVERY_MS));
    expect(await lostAfterSettling(Date.now())).toBe(0);
    expect(await duplicates()).toBe(0);
    expect(await rollupsOff()).toEqual([]);
    expect(publishErrors).toBe(0);

    const livePids = new Set(live().map((server) => server.process.pid));
    await sampleLeases();
    for (const name of LEASES) {
      const samples = leaseSamples.filter((sample) => sample.name === name);
      const latest = samples.at(-1);
      expect(latest, `lease ${name} exists`).toBeDefined();
      expect(livePids.has(pidOf(latest!.holder)!), `lease ${name} held by a live process`).toBe(true);
      const holders = [...new Set(samples.map((sample) => pidOf(sample.holder)))];
      console.log(`lease ${name}: holders in turn ${holders.join(' → ')}, last run by ${pidOf(latest!.lastRunBy)} at ${latest!.lastRunAt}`);
    }
    printTable();
  }, 150_000);
});
