import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRecordPage } from '@shared/schemas';
import { startCluster, type Cluster } from '../support/cluster';
import type { RunningServer } from '../support/serverProcess';
import { apiToken } from '../e2e/helpers/console';
import { activeInterfaceKey, apiData, callApi } from '../e2e/helpers/api';

/**
 * Each process keeps the enabled threshold rules in memory (server/alarms/thresholdEvaluator.ts). A rule created
 * through process A must fire for a reading ingested on process B, which loaded its rules before: with Redis the
 * change is announced and B reloads at once; without it B re-reads its rules at most 10 s after the change.
 */
interface Ingested {
  accepted: number;
  duplicates: number;
  rejected: unknown[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  { redis: true, name: 'with Redis', patienceMs: 5_000 },
  { redis: false, name: 'PostgreSQL alone', patienceMs: 25_000 },
])('a threshold rule created through one process, $name', ({ redis, patienceMs }) => {
  let cluster: Cluster;
  let a: RunningServer;
  let b: RunningServer;
  const tokens = new Map<RunningServer, string>();
  let key: string;

  const api = <T>(server: RunningServer, method: string, path: string, body?: unknown) =>
    apiData<T>(server.url, tokens.get(server)!, method, `/api${path}`, body);
  const ingest = (server: RunningServer, payload: unknown) =>
    callApi<Ingested>(server.url, 'POST', '/api/ingest/readings', payload, { 'x-interface-key': key });

  beforeAll(async () => {
    cluster = await startCluster({ processes: 2, redis, env: { SEED_DEMO: 'off', TIME_ZONE: 'Asia/Shanghai' } });
    [a, b] = cluster.servers as [RunningServer, RunningServer];
    for (const server of [a, b]) tokens.set(server, await apiToken(server.url));
    key = await activeInterfaceKey(a.url, tokens.get(a)!, 'Alarm rules suite');
  });
  afterAll(async () => cluster?.stop());

  it('raises an alarm for a reading over it ingested through the other process', async () => {
    const sn = `GW-${cluster.tag}`;
    const code = `RULE-${cluster.tag}`;
    const gateway = await api<{ id: number }>(a, 'POST', '/gateways', { sn, name: 'Rules gateway', ownerUserId: 1 });
    const meter = await api<{ id: number }>(a, 'POST', '/meters', {
      code,
      name: 'Rules meter',
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 1,
      ptRatio: 1,
      ratedPowerKw: 1_000,
      gatewayId: gateway.id,
    });
    let ts = Date.now() - 30 * 60_000;
    let kwh = 1;
    // B evaluates a reading, so it holds its (empty) rule set before the rule exists.
    expect((await ingest(b, { ts, readings: [{ meter: code, values: { kwh: 1, kw: 100 } }] })).data.accepted).toBe(1);
    await sleep(500);
    const rule = await api<{ id: number }>(a, 'POST', '/alarm-rules', {
      name: 'Over 500 kW',
      scope: 'meter',
      scopeId: meter.id,
      metric: 'kw',
      over: 500,
      severity: 'high',
    });

    // Readings over the limit through B until the alarm shows (or patience runs out).
    const deadline = Date.now() + patienceMs;
    let page: AlarmRecordPage = { total: 0, rows: [] };
    while (Date.now() < deadline) {
      ts += 60_000;
      kwh += 1;
      expect((await ingest(b, { ts, readings: [{ meter: code, values: { kwh, kw: 612.5 } }] })).data.accepted).toBe(1);
      await sleep(500);
      page = await api<AlarmRecordPage>(b, 'GET', `/alarm-records?meterId=${meter.id}&kind=device`);
      if (page.total > 0) break;
    }
    expect(
      page.rows.map((record) => ({ ruleId: record.ruleId, metric: record.metric, value: record.value, limit: record.limit, message: record.message })),
    ).toEqual([{ ruleId: rule.id, metric: 'kw', value: 612.5, limit: 500, message: 'kw 612.5 over 500 for 0 s' }]);
  });
});
