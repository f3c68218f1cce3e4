import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';

const MENUS = ['/base/meterData', '/base/check', '/base/check/edit', '/base/device', '/base/device/edit', '/others/basic'];
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 5, 0, 0);
const range = `from=${T0 - HOUR}&to=${T0 + 3 * HOUR}`;

describe('meter history, exports, figures and data checks belong to a user tree', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let adminToken: string;
  let a: TreeObjects;
  let b: TreeObjects;
  let aQuarantine = 0;

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false, timeZone: 'UTC' });
    adminToken = await loginAs(t.app);
    trees = await twoTrees(t.app, MENUS);
    a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
    b = await treeObjects(t.app, trees.beta.id, 'BETA');
    for (const [objects, base] of [
      [a, 100],
      [b, 500],
    ] as const) {
      const readings = [0, 1, 2].map((i) => ({ meter: objects.meterCode, ts: T0 + i * HOUR, values: { kwh: base + i * 10, kw: 5 } }));
      expect(await t.app.ingest.submit({ readings }, { kind: 'mqtt', gatewaySn: objects.gatewaySn })).toMatchObject({ accepted: 3 });
    }
    // A payload naming tree A's gateway with an unknown meter: a rejection of tree A.
    await t.app.ingest.submit({ readings: [{ meter: 'NOPE', ts: T0, values: { kwh: 1 } }] }, { kind: 'mqtt', gatewaySn: a.gatewaySn });
    const { db } = t.app.storage;
    aQuarantine = (
      await db
        .insertInto('quarantine')
        .values({ meter_id: a.meter, from_ts: T0, to_ts: T0 + HOUR, energy: 9e6, limit_energy: 1000, raw_from: 120, raw_to: 9e6, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // Migrations, argon2 logins and the fixtures take a while on PostgreSQL.
  }, 60_000);
  afterAll(async () => t.close());

  const beta = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => callAs(t.app, trees.beta.token, method, url, body);
  const asAdmin = (url: string) => callAs(t.app, adminToken, 'GET', url);

  it("meter history, series, latest and exports of tree A's meter answer like a missing meter", async () => {
    for (const url of [
      `/api/meter-data/series?meterId=${a.meter}&metric=kw&${range}`,
      `/api/meter-data/history?meterId=${a.meter}&metric=kw&${range}`,
      `/api/meter-data/latest?meterId=${a.meter}`,
    ]) {
      const answer = await beta('GET', url);
      expect(answer.status, url).toBe(404);
      expect(answer.body.message).toBe(`Meter ${a.meter} does not exist`);
    }
    const exported = await beta('POST', '/api/meter-data/exports', { meterId: a.meter, metric: 'kw', from: T0 - HOUR, to: T0 + 3 * HOUR, format: 'csv' });
    expect(exported.status).toBe(404);
    const own = await beta('GET', `/api/meter-data/series?meterId=${b.meter}&metric=kw&${range}`);
    expect(own.body.data.total).toBe(3);
    const sub = await callAs(t.app, trees.alphaSub.token, 'GET', `/api/meter-data/latest?meterId=${a.meter}`);
    expect(sub.status).toBe(200);
  });

  it("an export is fetched by its starter's tree only", async () => {
    const started = await callAs(t.app, trees.alpha.token, 'POST', '/api/meter-data/exports', {
      meterId: a.meter,
      metric: 'kw',
      from: T0 - HOUR,
      to: T0 + 3 * HOUR,
      format: 'csv',
    });
    const id = started.body.data.id as string;
    expect((await beta('GET', `/api/meter-data/exports/${id}`)).status).toBe(404);
    expect((await callAs(t.app, trees.alphaSub.token, 'GET', `/api/meter-data/exports/${id}`)).status).toBe(200);
  });

  it("rollups, ranking and balance see only the caller's tree", async () => {
    const query = `grain=hour&${range}`;
    for (const [scope, id] of [
      ['meter', a.meter],
      ['department', a.department],
      ['subitem', a.subitem],
    ] as const) {
      const answer = await beta('GET', `/api/energy/rollups?scope=${scope}&ids=${id}&${query}`);
      expect(answer.status, scope).toBe(404);
    }
    expect((await beta('GET', `/api/energy/balance?departmentId=${a.department}&${query}`)).status).toBe(404);
    const ranking = await beta('GET', `/api/energy/ranking?scope=department&from=${T0 - HOUR}&to=${T0 + 3 * HOUR}`);
    expect(ranking.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['BETA plant']);
    const subitems = await beta('GET', `/api/energy/ranking?scope=subitem&from=${T0 - HOUR}&to=${T0 + 3 * HOUR}`);
    expect(subitems.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['BETA lighting']);
    const alpha = await callAs(t.app, trees.alphaSub.token, 'GET', `/api/energy/rollups?scope=department&ids=${a.department}&${query}`);
    expect(alpha.body.data.series[0].total).toBe(20);
  });

  it("the home summary counts the caller's tree", async () => {
    const summary = (await beta('GET', '/api/energy/summary')).body.data;
    expect(summary.meters).toEqual({ total: 1, online: 1, offline: 0 });
    expect(summary.gateways.total).toBe(1);
    expect(summary.pendingQuarantine).toBe(0);
    expect((await asAdmin('/api/energy/summary')).body.data.meters.total).toBe(2);
  });

  it("quarantine, rejections, audit log and replacements of tree A are out of tree B's reach", async () => {
    expect((await beta('GET', '/api/quarantine')).body.data.total).toBe(0);
    const resolved = await beta('POST', `/api/quarantine/${aQuarantine}/resolve`, { action: 'discard', note: 'spy' });
    expect(resolved.status).toBe(404);
    expect(resolved.body.message).toBe(`Quarantine entry ${aQuarantine} was not found`);
    expect((await asAdmin('/api/quarantine')).body.data.rows[0]).toMatchObject({ _id: aQuarantine, status: 'pending' });
    expect((await beta('GET', '/api/ingest/rejections')).body.data.total).toBe(0);
    expect((await callAs(t.app, trees.alphaSub.token, 'GET', '/api/ingest/rejections')).body.data.rows.map((r: { meterCode: string }) => r.meterCode)).toEqual([
      'NOPE',
    ]);
    const replaced = await beta('POST', `/api/meters/${a.meter}/replacements`, { replacedAt: T0 + 3 * HOUR, newInitialReading: 0 });
    expect(replaced.status).toBe(404);
    expect((await beta('GET', `/api/meters/${a.meter}/replacements`)).status).toBe(404);
    const ok = await callAs(t.app, trees.alpha.token, 'POST', `/api/quarantine/${aQuarantine}/resolve`, { action: 'discard', note: 'implausible' });
    expect(ok.status).toBe(200);
    expect((await beta('GET', `/api/audit-log?entity=quarantine&entityId=${aQuarantine}`)).body.data).toEqual([]);
    expect((await callAs(t.app, trees.alphaSub.token, 'GET', `/api/audit-log?entity=quarantine&entityId=${aQuarantine}`)).body.data).toHaveLength(1);
  });
});
