// Ingest through an external broker: n real server processes (server/main.ts, tests/support/cluster.ts) on one fresh
// PostgreSQL database and the machine's Redis, subscribed to a Mosquitto of the run's own in one share group
// ($share/bench/gateways/+/readings), with MQTT_MEMBERS members each. 20 gateways publish history (QoS 1) as fast as
// the broker takes it; the bench counts the committed readings until all are stored: readings/s from the first
// publish to the last commit, and the best 10 s. Loopback only; stops by itself; drops its database and broker.
//
//   BENCH_PROCESSES   server processes (default 3)
//   BENCH_MEMBERS     MQTT_MEMBERS of every process (default: the product's default)
//   BENCH_MESSAGES    messages per gateway (default 100: 1,000,000 readings with the default payload)
//   BENCH_PAYLOAD     readings per message, a multiple of a gateway's 50 meters (default 500: 10 minutes of them)
//   BENCH_TIMEOUT_S   give up after this long waiting for the commits (default 300)
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import mqtt from 'mqtt';
import pg from 'pg';
import { openStorage } from '../server/db/connect';
import { DEFAULT_MQTT_MEMBERS } from '../server/mqtt/settings';
import { startCluster, type Cluster } from '../tests/support/cluster';
import { createOrganisation, fmtInt, intEnv, machineCpu, onInterrupt, printTable, processCpu } from './benchSupport';
import { processSample, startBenchBroker } from './benchBroker';

const PROCESSES = intEnv('BENCH_PROCESSES', 3);
const MEMBERS = intEnv('BENCH_MEMBERS', DEFAULT_MQTT_MEMBERS);
const MESSAGES = intEnv('BENCH_MESSAGES', 100);
const PAYLOAD = intEnv('BENCH_PAYLOAD', 500);
const TIMEOUT_S = intEnv('BENCH_TIMEOUT_S', 300);
const METERS = 1_000;
const GATEWAYS = 20;
const PER_GATEWAY = METERS / GATEWAYS;
if (PAYLOAD % PER_GATEWAY !== 0) throw new Error(`BENCH_PAYLOAD must be a multiple of ${PER_GATEWAY} (a gateway's meters), got ${PAYLOAD}`);
const STEPS = PAYLOAD / PER_GATEWAY;
const POLL_MS = 2_000;

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  console.log(
    `cluster ingest: ${PROCESSES} process(es) × MQTT_MEMBERS=${MEMBERS}, ${GATEWAYS} gateways × ${MESSAGES} messages × ${PAYLOAD} readings (${fmtInt(GATEWAYS * MESSAGES * PAYLOAD)}); load average ${loadBefore.toFixed(1)}`,
  );
  const broker = await startBenchBroker();
  let cluster: Cluster | undefined;
  let counter: pg.Client | undefined;
  const publishers: mqtt.MqttClient[] = [];
  const cleanUp = async () => {
    await Promise.allSettled(publishers.map((client) => client.endAsync(true)));
    await counter?.end().catch(() => undefined);
    // BENCH_SERVER_LOG=<file>: what the processes printed (LOG_LEVEL error unless BENCH_SERVER_LOG_LEVEL says).
    if (cluster && process.env.BENCH_SERVER_LOG)
      writeFileSync(process.env.BENCH_SERVER_LOG, cluster.servers.map((server, i) => `=== process ${i + 1}\n${server.output()}`).join('\n'));
    await cluster?.stop().catch(() => undefined);
    await broker.stop().catch(() => undefined);
  };
  const forget = onInterrupt(cleanUp);
  try {
    cluster = await startCluster({
      processes: PROCESSES,
      redis: true,
      env: {
        SEED_DEMO: 'off',
        SIMULATOR: 'off',
        MQTT_PORT: 'off',
        MQTT_URL: broker.url,
        MQTT_SHARE_GROUP: 'bench',
        MQTT_MEMBERS: String(MEMBERS),
        ADMIN_PASSWORD: 'Bench!admin-password-1',
        LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL || 'error',
      },
    });
    const storage = await openStorage({ databaseUrl: cluster.database.url, dataDir: tmpdir() });
    const org = await createOrganisation(storage.db, { meterCount: METERS, gatewayCount: GATEWAYS });
    await storage.close();
    // The processes learn of gateways and meters written behind their back when their directory ages out (10 s).
    await new Promise((r) => setTimeout(r, 11_000));
    counter = new pg.Client({ connectionString: cluster.database.url });
    await counter.connect();
    const count = async () => Number((await counter!.query<{ n: string }>('select count(*) as n from readings')).rows[0]!.n);

    for (const gateway of org.gateways)
      publishers.push(await mqtt.connectAsync(broker.url, { clientId: `bench-${gateway.sn}`, reconnectPeriod: 0, protocolVersion: 5 }));
    const expected = GATEWAYS * MESSAGES * PAYLOAD;
    const pids = cluster.servers.map((server) => server.process.pid!).filter(Boolean);
    const busy = machineCpu();
    const postgresCpu = processCpu('postgres');
    const brokerCpu = processCpu('mosquitto');
    const serversCpuBefore = processSample(pids).cpuSeconds;
    const t0 = Date.now() - 30 * 86_400_000;
    const started = Date.now();
    let publishedAt = 0;
    const publishing = Promise.all(
      org.gateways.map(async (gateway, gi) => {
        for (let k = 0; k < MESSAGES; k++) {
          const readings = [];
          for (let s = 0; s < STEPS; s++)
            for (const [mi, code] of gateway.meterCodes.entries()) {
              const step = k * STEPS + s;
              // kwh rising 0.5 a minute: 30 kW, under every bench meter's rating (nothing quarantined).
              readings.push({ meter: code, ts: t0 + step * 60_000, values: { kwh: 1000 + mi + step * 0.5, kw: 30 } });
            }
          await publishers[gi]!.publishAsync(`gateways/${gateway.sn}/readings`, JSON.stringify({ readings }), { qos: 1 });
        }
      }),
    ).then(() => (publishedAt = Date.now()));

    const samples: { at: number; stored: number }[] = [{ at: started, stored: 0 }];
    let stored = 0;
    while (stored < expected && Date.now() - started < TIMEOUT_S * 1000) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      stored = await count();
      const previous = samples.at(-1)!;
      samples.push({ at: Date.now(), stored });
      const rate = ((stored - previous.stored) * 1000) / (Date.now() - previous.at);
      console.log(
        `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s: ${fmtInt(stored)} of ${fmtInt(expected)} stored (${fmtInt(rate)}/s)${publishedAt ? '' : ', publishing'}`,
      );
    }
    await publishing;
    const seconds = (samples.at(-1)!.at - started) / 1000;
    const serversCores = (processSample(pids).cpuSeconds - serversCpuBefore) / seconds;
    const machine = busy();
    const postgresCores = postgresCpu() / seconds;
    const brokerCores = brokerCpu() / seconds;
    // The best 10 s (five polls): the steady rate without the start and the tail.
    let best = 0;
    for (let i = 5; i < samples.length; i++)
      best = Math.max(best, ((samples[i]!.stored - samples[i - 5]!.stored) * 1000) / (samples[i]!.at - samples[i - 5]!.at));
    const complete = stored >= expected;
    console.log();
    printTable(
      [
        'processes × members',
        'stored / expected',
        'published in',
        'all stored in',
        'readings/s (overall)',
        'best 10 s',
        'servers CPU',
        'PostgreSQL CPU',
        'Mosquitto CPU',
        'machine busy',
      ],
      [
        [
          `${PROCESSES} × ${MEMBERS}`,
          `${fmtInt(stored)} / ${fmtInt(expected)}`,
          `${((publishedAt - started) / 1000).toFixed(1)} s`,
          complete ? `${seconds.toFixed(1)} s` : `– (stopped at ${TIMEOUT_S} s)`,
          fmtInt((stored * 1000) / (samples.at(-1)!.at - started)),
          fmtInt(best),
          `${serversCores.toFixed(2)} cores`,
          `${postgresCores.toFixed(2)} cores`,
          `${brokerCores.toFixed(2)} cores`,
          `${(machine * 100).toFixed(0)} %`,
        ],
      ],
    );
    console.log(
      `SUMMARY clusterIngest processes=${PROCESSES} members=${MEMBERS} payload=${PAYLOAD} stored=${stored}/${expected} seconds=${seconds.toFixed(1)} readingsPerSecond=${Math.round((stored * 1000) / (samples.at(-1)!.at - started))} best10s=${Math.round(best)} loadBefore=${loadBefore.toFixed(1)} ${complete ? 'COMPLETE' : 'INCOMPLETE'}`,
    );
    if (!complete) process.exitCode = 1;
  } finally {
    forget();
    await cleanUp();
  }
}

await main();
