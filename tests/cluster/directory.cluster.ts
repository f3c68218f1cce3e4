import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startCluster, type Cluster } from '../support/cluster';
import type { RunningServer } from '../support/serverProcess';
import { apiToken } from '../e2e/helpers/console';
import { activeInterfaceKey, apiData, callApi, type Envelope } from '../e2e/helpers/api';

/**
 * Each process keeps meters, gateways and tariffs in memory (server/ingest/meterDirectory.ts). What is added, moved
 * or deleted through process B must hold on process A at once: a reading A refuses is refused for good (MQTT
 * acknowledges the refusal), so a stale copy there loses readings. Without Redis (PostgreSQL alone) and with it.
 */
const MINUTE = 60_000;

interface Ingested {
  accepted: number;
  duplicates: number;
  rejected: { index: number; meter: string | null; reason: string }[];
}

describe.each([
  { redis: false, name: 'PostgreSQL alone' },
  { redis: true, name: 'with Redis' },
])('meters and gateways added through one process, $name', ({ redis }) => {
  let cluster: Cluster;
  let a: RunningServer;
  let b: RunningServer;
  const tokens = new Map<RunningServer, string>();
  let key: string;
  let seq = 0;

  const api = <T>(server: RunningServer, method: string, path: string, body?: unknown) =>
    apiData<T>(server.url, tokens.get(server)!, method, `/api${path}`, body);
  const ingest = (server: RunningServer, payload: unknown) =>
    callApi<Ingested>(server.url, 'POST', '/api/ingest/readings', payload, { 'x-interface-key': key });

  async function gatewayWithMeter(through: RunningServer, options: { ctRatio?: number } = {}): Promise<{ sn: string; meterId: number; code: string }> {
    seq += 1;
    const sn = `GW-${cluster.tag}-${seq}`;
    const code = `DIR-${cluster.tag}-${seq}`;
    const gateway = await api<{ id: number }>(through, 'POST', '/gateways', { sn, name: `Directory gateway ${seq}`, ownerUserId: 1 });
    const meter = await api<{ id: number }>(through, 'POST', '/meters', {
      code,
      name: `Directory meter ${seq}`,
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: options.ctRatio ?? 1,
      ptRatio: 1,
      ratedPowerKw: 1_000,
      gatewayId: gateway.id,
    });
    return { sn, meterId: meter.id, code };
  }

  async function storedEnergy(meterId: number): Promise<number> {
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ total: string | null }>('select sum(energy) as total from energy_intervals where meter_id = $1', [meterId]);
      return Number(rows[0]?.total ?? 0);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    cluster = await startCluster({ processes: 2, redis, env: { SEED_DEMO: 'off', TIME_ZONE: 'Asia/Shanghai' } });
    [a, b] = cluster.servers as [RunningServer, RunningServer];
    for (const server of [a, b]) tokens.set(server, await apiToken(server.url));
    key = await activeInterfaceKey(b.url, tokens.get(b)!, 'Directory suite');
    // A has its copy of the (empty) directory before anything is added through B.
    const warm = await ingest(a, { ts: Date.now(), readings: [{ meter: `WARM-${cluster.tag}`, values: { kwh: 1 } }] });
    expect(warm.data.rejected).toEqual([{ index: 0, meter: `WARM-${cluster.tag}`, reason: `unknown meter "WARM-${cluster.tag}"` }]);
  });
  afterAll(async () => cluster?.stop());

  it('stores the first reading A gets for a gateway and meter created through B a moment before', async () => {
    const { code } = await gatewayWithMeter(b);
    const answer = await ingest(a, { ts: Date.now() - MINUTE, readings: [{ meter: code, values: { kwh: 12.5 } }] });
    expect(answer).toEqual({ code: 0, message: 'ok', data: { accepted: 1, duplicates: 0, rejected: [] } } satisfies Envelope<Ingested>);
  });

  it('refuses readings for a meter deleted through B, and stores the payload sent with them', async () => {
    const deleted = await gatewayWithMeter(b);
    const kept = await gatewayWithMeter(b);
    const ts = Date.now() - 2 * MINUTE;
    // A knows both meters, then B deletes one.
    expect(
      (
        await ingest(a, {
          ts,
          readings: [
            { meter: deleted.code, values: { kwh: 1 } },
            { meter: kept.code, values: { kwh: 1 } },
          ],
        })
      ).data.accepted,
    ).toBe(2);
    expect((await callApi(b.url, 'DELETE', `/api/meters/${deleted.meterId}`, undefined, { authorization: `Bearer ${tokens.get(b)}` })).code).toBe(0);
    // Sent together, so they share one batch (one transaction) on A.
    const [forDeleted, forKept] = await Promise.all([
      ingest(a, { ts: ts + MINUTE, readings: [{ meter: deleted.code, values: { kwh: 2 } }] }),
      ingest(a, { ts: ts + MINUTE, readings: [{ meter: kept.code, values: { kwh: 2 } }] }),
    ]);
    expect(forDeleted).toEqual({
      code: 0,
      message: '1 reading rejected',
      data: { accepted: 0, duplicates: 0, rejected: [{ index: 0, meter: deleted.code, reason: `unknown meter "${deleted.code}"` }] },
    });
    expect(forKept).toEqual({ code: 0, message: 'ok', data: { accepted: 1, duplicates: 0, rejected: [] } });
  });

  if (redis)
    it('prices the next reading on A with a CT ratio changed through B (announced over Redis)', async () => {
      const { meterId, code } = await gatewayWithMeter(b);
      const start = Math.floor((Date.now() - 60 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
      expect((await ingest(a, { ts: start, readings: [{ meter: code, values: { kwh: 100 } }] })).data.accepted).toBe(1);
      const row = await api<Record<string, unknown>>(b, 'GET', `/meters/${meterId}`);
      await api(b, 'PUT', `/meters/${meterId}`, { ...row, ctRatio: 40 });
      // B announces the change after answering; A hears it within milliseconds (10 s was the old bound).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await ingest(a, { ts: start + 15 * MINUTE, readings: [{ meter: code, values: { kwh: 101.5 } }] })).data.accepted).toBe(1);
      // (101.5 − 100) × 40 = 60 kWh, not 1.5.
      expect(await storedEnergy(meterId)).toBeCloseTo(60, 6);
    });
});
