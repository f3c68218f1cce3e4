import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { clusterServices, startCluster, type Cluster } from '@tests/support/cluster';
import type { RunningServer } from '@tests/support/serverProcess';
import { endGroupSessions } from '@tests/support/brokerSessions';
import { apiToken } from '../e2e/helpers/console';
import { apiData, bearerHeader, callApi } from '../e2e/helpers/api';

/**
 * Server processes sharing the machine's broker (`$share/<group>/gateways/+/readings`): a gateway publishes QoS 1
 * to the broker, which acknowledges it at once; from then on the readings must be stored whichever process gets
 * them, whatever happens to that process. Each process is given a fixed MQTT_CLIENT_ID, the set-up that used to
 * strand a stopped process's share in the broker's queue.
 */
const MINUTE = 60_000;
/** How long readings the broker acknowledged may take to be stored when a process died holding some of them. */
const STORED_WITHIN_MS = 60_000;

let cluster: Cluster;
const tokens = new Map<string, string>();
const publishers: MqttClient[] = [];

const live = (): RunningServer[] => cluster.servers.filter((server) => server.process.exitCode === null && server.process.signalCode === null);
/** Through the first process still running, logged in there. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { url } = live()[0]!;
  if (!tokens.has(url)) tokens.set(url, await apiToken(url));
  return apiData<T>(url, tokens.get(url)!, method, `/api${path}`, body);
}

interface Gateway {
  sn: string;
  meters: { id: number; code: string }[];
}

async function gatewayWithMeters(name: string, count: number): Promise<Gateway> {
  const sn = `GW-${cluster.tag}-${name}`;
  const gateway = await api<{ id: number }>('POST', '/gateways', { sn, name: `${name} gateway`, ownerUserId: 1 });
  const meters: Gateway['meters'] = [];
  for (let i = 0; i < count; i += 1) {
    const code = `${name}-${i}`;
    const meter = await api<{ id: number }>('POST', '/meters', {
      code,
      name: `${name} meter ${i}`,
      energyType: 'electricity',
      unit: 'kWh',
      gatewayId: gateway.id,
    });
    meters.push({ id: meter.id, code });
  }
  // Published at once: a process that has not loaded the new gateway yet looks again before refusing it.
  return { sn, meters };
}

async function publisher(): Promise<MqttClient> {
  const client = await connectAsync(clusterServices.mqtt, { reconnectPeriod: 1_000, clean: true, clientId: `gw-${cluster.tag}-${publishers.length}` });
  publishers.push(client);
  return client;
}

interface Reading {
  meter: string;
  ts: number;
  kwh: number;
}

/** `count` register readings, one a minute per meter in turn, every step a known size (0.25 to 1.75 kWh). */
function orderedStream(gateway: Gateway, count: number, start: number): Reading[] {
  const registers = gateway.meters.map((_, i) => 1_000 * (i + 1));
  const readings: Reading[] = [];
  for (let i = 0; i < count; i += 1) {
    const m = i % gateway.meters.length;
    if (i >= gateway.meters.length) registers[m] = registers[m]! + 0.25 * (1 + (i % 7));
    readings.push({ meter: gateway.meters[m]!.code, ts: start + Math.floor(i / gateway.meters.length) * MINUTE, kwh: registers[m]! });
  }
  return readings;
}

/** One message a minute, the gateway's meters in it: consecutive minutes go to different processes. */
function messages(readings: Reading[]): string[] {
  const byMinute = new Map<number, Reading[]>();
  for (const reading of readings) byMinute.set(reading.ts, [...(byMinute.get(reading.ts) ?? []), reading]);
  return [...byMinute.values()].map((minute) => JSON.stringify({ readings: minute.map((r) => ({ meter: r.meter, ts: r.ts, values: { kwh: r.kwh } })) }));
}

async function storedCount(gateway: Gateway, from: number): Promise<number> {
  const { url } = live()[0]!;
  if (!tokens.has(url)) tokens.set(url, await apiToken(url));
  let total = 0;
  for (const meter of gateway.meters) {
    const path = `/api/meter-data/history?meterId=${meter.id}&metric=kwh&from=${from}&to=${Date.now() + MINUTE}&size=1`;
    const answer = await callApi<{ total: number }>(url, 'GET', path, undefined, bearerHeader(tokens.get(url)!));
    // 20002: nothing stored for that meter yet.
    if (answer.code !== 0 && answer.code !== 20002) throw new Error(`GET ${path}: ${answer.code} ${answer.message}`);
    total += answer.code === 0 ? answer.data.total : 0;
  }
  return total;
}

/** Polls until `count` readings are stored; answers how many there were when it stopped. */
async function waitStored(gateway: Gateway, from: number, count: number, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  let stored = await storedCount(gateway, from);
  while (stored < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    stored = await storedCount(gateway, from);
  }
  if (stored < count) console.error(cluster.servers.map((server) => server.output().slice(-4_000)).join('\n----\n'));
  return stored;
}

beforeAll(async () => {
  cluster = await startCluster({ processes: 2, mqtt: true, perProcess: (index) => ({ MQTT_CLIENT_ID: `energy-p${index}` }) });
});

afterAll(async () => {
  await Promise.allSettled(publishers.map((client) => client.endAsync(true)));
  await cluster?.stop();
  // The last process to stop kept its session for a next one (by design); this run has none.
  if (cluster) await endGroupSessions(clusterServices.mqtt, cluster.tag);
});

describe('readings through a shared subscription', () => {
  it("counts a gateway's exact energy when its ordered stream is split between two processes", async () => {
    const gateway = await gatewayWithMeters('order', 5);
    const start = Math.floor((Date.now() - 6 * 60 * MINUTE) / MINUTE) * MINUTE;
    const readings = orderedStream(gateway, 1_000, start);
    const gw = await publisher();
    for (const payload of messages(readings)) await gw.publishAsync(`gateways/${gateway.sn}/readings`, payload, { qos: 1 });
    expect(await waitStored(gateway, start - 1, 1_000, STORED_WITHIN_MS)).toBe(1_000);

    const ids = gateway.meters.map((meter) => meter.id).join(',');
    const rollups = await api<{ series: { scopeId: number; total: number }[] }>(
      'GET',
      `/energy/rollups?scope=meter&ids=${ids}&grain=day&from=${start - 2 * 86_400_000}&to=${Date.now() + 86_400_000}`,
    );
    const exact = gateway.meters.map((meter) => {
      const own = readings.filter((reading) => reading.meter === meter.code);
      return { meterId: meter.id, energy: Math.round((own.at(-1)!.kwh - own[0]!.kwh) * 100) / 100 };
    });
    // 1,000 readings over 5 meters: 199 steps each, 995 in all, none dropped whatever order they committed in.
    expect(rollups.series.map((series) => ({ meterId: series.scopeId, energy: Math.round(series.total * 100) / 100 }))).toEqual(exact);
  });

  it('stores every reading the broker acknowledged when a process is killed (-9) mid-stream', async () => {
    const gateway = await gatewayWithMeters('kill', 4);
    const start = Math.floor((Date.now() - 8 * 60 * MINUTE) / MINUTE) * MINUTE;
    const readings = orderedStream(gateway, 1_000, start);
    const gw = await publisher();
    const victim = cluster.servers[1]!;
    let acked = 0;
    const sends = messages(readings).map((payload, i) =>
      gw.publishAsync(`gateways/${gateway.sn}/readings`, payload, { qos: 1 }).then(() => {
        acked += 4;
        // Killed while it holds readings the broker has already acknowledged to the gateway.
        if (i === 75) victim.process.kill('SIGKILL');
      }),
    );
    await Promise.all(sends);
    expect(acked).toBe(1_000);
    expect(await waitStored(gateway, start - 1, 1_000, STORED_WITHIN_MS)).toBe(1_000);
  });

  it('strands nothing when a process stops for good (SIGTERM)', async () => {
    await cluster.add({ MQTT_CLIENT_ID: 'energy-p2' });
    const gateway = await gatewayWithMeters('stop', 4);
    await cluster.servers[0]!.stop();
    const start = Math.floor((Date.now() - 10 * 60 * MINUTE) / MINUTE) * MINUTE;
    const readings = orderedStream(gateway, 1_000, start);
    const gw = await publisher();
    for (const payload of messages(readings)) await gw.publishAsync(`gateways/${gateway.sn}/readings`, payload, { qos: 1 });
    // No process with the stopped one's client id ever comes back: the survivors take all 1,000.
    expect(await waitStored(gateway, start - 1, 1_000, STORED_WITHIN_MS)).toBe(1_000);
  });
});
