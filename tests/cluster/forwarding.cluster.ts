import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import type { RunningServer } from '../support/serverProcess';
import { apiToken } from '../e2e/helpers/console';
import { activeInterfaceKey, apiData, callApi } from '../e2e/helpers/api';

/**
 * Data forwarding with three processes on one database (server/forwarding/README.md, "Several server processes"):
 * readings of the same meters ingested through different processes reach the receiver once each, from the process
 * that ingested them; closed quarter hours come from the holder of the `forwarding-energy` lease, once each, with
 * the energy of the registers sent; after kill -9 of the holder while its quarter hours are not taken, another
 * process sends them from the stored cursors.
 */
const MINUTE = 60_000;
const Q = 15 * MINUTE;
const STEP = 5 * MINUTE;
const METERS = 4;
const LEASE = 'forwarding-energy';

interface Item {
  type: string;
  meterId: number;
  meter: string;
  ts?: number;
  values?: Record<string, number>;
  start?: number;
  end?: number;
  energy?: number;
  energyType?: string;
}

/** The integrator's platform: takes every batch, or (refuseEnergy) answers 503 to a batch carrying energy. */
class Platform {
  readonly accepted: Item[] = [];
  readonly refused: Item[] = [];
  refuseEnergy = false;
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const items = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items: Item[] }).items;
      const refuse = this.refuseEnergy && items.some((item) => item.type === 'energy');
      (refuse ? this.refused : this.accepted).push(...items);
      response.writeHead(refuse ? 503 : 200, { 'content-type': 'text/plain' }).end(refuse ? 'not now' : 'ok');
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/energy`;
  }

  of(type: 'reading' | 'energy'): Item[] {
    return this.accepted.filter((item) => item.type === type);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls every 200 ms until `test` holds; false after `withinMs`. */
async function until(test: () => boolean | Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await test()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let cluster: Cluster;
let db: pg.Client;
const platform = new Platform();

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, env: { SEED_DEMO: 'off' } });
  db = new pg.Client({ connectionString: cluster.database.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await platform.close();
});

/** A holder is host:pid:random; the pid names the server process. */
const pidOf = (holder: string | undefined): number | null => (holder ? Number(holder.split(':').at(-2)) : null);
const leaseHolder = async (): Promise<number | null> =>
  pidOf((await db.query<{ holder: string }>('select holder from job_leases where name = $1', [LEASE])).rows[0]?.holder);

describe('data forwarding across three processes', () => {
  it('sends every reading once from the process that ingested it and every closed quarter hour once from the lease holder, also after kill -9 of the holder', async () => {
    const [a] = cluster.servers as [RunningServer];
    const token = await apiToken(a.url);
    const api = <T>(server: RunningServer, method: string, path: string, body?: unknown) => apiData<T>(server.url, token, method, `/api${path}`, body);
    const gateway = await api<{ id: number }>(a, 'POST', '/gateways', { sn: `GW-${cluster.tag}`, name: 'Forwarding gateway', ownerUserId: 1 });
    const meters: { id: number; code: string }[] = [];
    for (let m = 1; m <= METERS; m++) {
      const code = `FWD-${cluster.tag}-${m}`;
      const meter = await api<{ id: number }>(a, 'POST', '/meters', {
        code,
        name: `Forwarded meter ${m}`,
        energyType: 'electricity',
        unit: 'kWh',
        ctRatio: 1,
        ptRatio: 1,
        ratedPowerKw: 1_000,
        gatewayId: gateway.id,
      });
      meters.push({ id: meter.id, code });
    }
    const key = await activeInterfaceKey(a.url, token, 'Forwarding suite');
    const endpoint = await api<{ id: number }>(a, 'POST', '/forward-endpoints', {
      name: 'Regulator',
      url: await platform.listen(),
      method: 'POST',
      sendReadings: true,
      sendEnergy: true,
      meterIds: meters.map((m) => m.id),
      batchSize: 500,
      intervalSeconds: 1,
      backoffSeconds: 1,
      maxAttempts: 10,
    });
    // Every process re-reads the endpoints every 10 s: after that each forwards what it ingests.
    await new Promise((resolve) => setTimeout(resolve, 12_000));

    // Register of meter m at reading i (every 5 minutes from t0): steps of 0.25 to 1 kWh, exact in binary.
    const t0 = Math.floor(Date.now() / Q) * Q - 4 * 3_600_000;
    const step = (m: number, i: number) => 0.25 * (((i + m) % 4) + 1);
    const register = (m: number, i: number): number => (i === 0 ? 100 * m + 10 : register(m, i - 1) + step(m, i));
    const ingest = async (server: RunningServer, i: number) => {
      const answer = await callApi<{ accepted: number }>(
        server.url,
        'POST',
        '/api/ingest/readings',
        { ts: t0 + i * STEP, readings: meters.map((meter, index) => ({ meter: meter.code, values: { kwh: register(index + 1, i) } })) },
        { 'x-interface-key': key },
      );
      expect(answer, `reading ${i} through ${server.url}`).toMatchObject({ code: 0, data: { accepted: METERS } });
    };
    const cursors = async () =>
      (
        await db.query<{ through: number }>('select sent_through::float8 as through from forward_energy_cursors where endpoint_id = $1', [endpoint.id])
      ).rows.map((row) => row.through);

    // The first reading of each meter: its cursor starts with the interval that ended at it (no history).
    await ingest(a, 0);
    expect(await until(() => platform.of('energy').length === METERS, 20_000), 'the first quarter hour of every meter').toBe(true);
    // Two hours through the three processes in turn, each reading answered (committed) before the next.
    for (let i = 1; i <= 24; i++) await ingest(cluster.servers[i % 3]!, i);
    const firstPart = METERS * 9;
    expect(await until(() => platform.of('energy').length >= firstPart && platform.of('reading').length >= METERS * 25, 20_000)).toBe(true);
    expect(await until(async () => (await cursors()).every((through) => through === t0 + 2 * 3_600_000), 10_000), 'cursors at t0 + 2 h').toBe(true);

    // The holder's energy batches are refused from now on; the next hour is ingested through the other two.
    const holderPid = await leaseHolder();
    const holder = cluster.servers.find((server) => server.process.pid === holderPid)!;
    expect(holder, `lease holder pid ${holderPid} is one of the processes`).toBeDefined();
    const others = cluster.servers.filter((server) => server !== holder);
    platform.refuseEnergy = true;
    for (let i = 25; i <= 36; i++) await ingest(others[i % 2]!, i);
    // The holder has handed the four new quarter hours of every meter to its worker and none was taken.
    const holding = await until(
      async () => (await api<{ queued: number }>(holder, 'GET', `/forward-endpoints/${endpoint.id}`)).queued === METERS * 4 && platform.refused.length > 0,
      20_000,
    );
    expect(holding, 'the holder holds 16 unsent quarter hours').toBe(true);
    expect(await cursors()).toEqual(Array.from({ length: METERS }, () => t0 + 2 * 3_600_000));

    const killedAt = Date.now();
    holder.process.kill('SIGKILL');
    platform.refuseEnergy = false;
    let leaseMovedMs = 0;
    const sent = await until(async () => {
      const pid = await leaseHolder();
      if (!leaseMovedMs && others.some((server) => server.process.pid === pid)) leaseMovedMs = Date.now() - killedAt;
      return platform.of('energy').length >= firstPart + METERS * 4;
    }, 40_000);
    const sentMs = Date.now() - killedAt;
    expect(sent, 'the quarter hours the dead holder held arrived').toBe(true);
    expect(sentMs).toBeLessThanOrEqual(30_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Every closed quarter hour exactly once, with the energy of the registers sent (last − first of its readings).
    const expected = meters.flatMap((meter, index) => [
      { meterId: meter.id, start: t0 - Q, energy: 0 },
      ...Array.from({ length: 12 }, (_, k) => ({
        meterId: meter.id,
        start: t0 + k * Q,
        energy: register(index + 1, 3 * k + 3) - register(index + 1, 3 * k),
      })),
    ]);
    const byKey = (x: { meterId: number; start?: number }) => `${x.meterId}:${x.start}`;
    const energy = platform.of('energy');
    expect(energy.map(byKey).sort()).toEqual(expected.map(byKey).sort());
    const received = new Map(energy.map((item) => [byKey(item), item]));
    for (const want of expected)
      expect(received.get(byKey(want)), byKey(want)).toMatchObject({ end: want.start + Q, energy: want.energy, energyType: 'electricity' });
    // Every reading exactly once, with the register sent.
    const readings = platform.of('reading');
    expect(readings).toHaveLength(METERS * 37);
    expect(new Set(readings.map((r) => `${r.meterId}:${r.ts}`)).size).toBe(METERS * 37);
    for (const reading of readings) {
      const index = meters.findIndex((m) => m.id === reading.meterId);
      expect(reading.values).toEqual({ kwh: register(index + 1, ((reading.ts ?? 0) - t0) / STEP) });
    }
    expect(await cursors()).toEqual(Array.from({ length: METERS }, () => t0 + 3 * 3_600_000));
    console.log(
      `forwarding: kill -9 of the energy lease holder → lease taken over after ${leaseMovedMs} ms, its ${METERS * 4} unsent quarter hours received ${sentMs} ms after the kill; ` +
        `received ${energy.length} quarter hours (${new Set(energy.map(byKey)).size} distinct) and ${readings.length} readings, ${platform.refused.length} items refused while the holder lived`,
    );
  }, 180_000);
});
