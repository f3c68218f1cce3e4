import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs } from '@tests/support/trees';
import { DEMO_ENDPOINT_NAME, DEMO_FORWARDED_METERS, startDemoForwarding, type DemoForwarding } from './demoForwarding';

let t: TestApp;
let admin: string;
const started: DemoForwarding[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app);
});
afterAll(async () => {
  for (const demo of started) await demo.close();
  await t.close();
});

const api = (url: string) => callAs(t.app, admin, 'GET', url);
async function until<T>(what: string, probe: () => Promise<T | undefined>, withinMs = 15_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const itemsOf = (demo: DemoForwarding) => Object.values(demo.regulator.counts.items).reduce((sum, n) => sum + n, 0);
/** A full batch (100) of the plant incomer's readings, so the endpoint sends at once instead of after its 60 s. */
const readingsOfM001 = (from: number) =>
  t.app.ingest.submit(
    { readings: Array.from({ length: 100 }, (_, i) => ({ meter: 'M001', ts: from + i * 10_000, values: { kwh: 5000 + i / 10 } })) },
    { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' },
  );

describe('the demo forwarding endpoint', () => {
  it('is not there before the demo makes it, and a start that may not make it points nothing', async () => {
    expect((await api('/api/forward-endpoints')).body.data.rows).toEqual([]);
    expect(await startDemoForwarding(t.app, { create: false })).toBeNull();
  });

  it("is made once, owned by the admin, and the regulator's receiver takes its signed batch with 204 (Web service records)", async () => {
    const demo = (await startDemoForwarding(t.app, { create: true }))!;
    started.push(demo);
    expect(demo.created).toBe(true);
    const meters = await t.app.storage.db.selectFrom('meters').select(['id', 'code']).where('code', 'in', DEMO_FORWARDED_METERS).execute();
    const { rows } = (await api('/api/forward-endpoints')).body.data;
    expect(rows).toEqual([
      expect.objectContaining({
        name: DEMO_ENDPOINT_NAME,
        url: demo.url,
        method: 'POST',
        hasSecret: true,
        sendReadings: true,
        sendEnergy: true,
        sendAlarms: true,
        meterIds: DEMO_FORWARDED_METERS.map((code) => meters.find((meter) => meter.code === code)!.id),
        departmentIds: [],
        batchSize: 100,
        intervalSeconds: 60,
        maxAttempts: 5,
        backoffSeconds: 10,
        paused: false,
      }),
    ]);
    const stored = (await t.app.forwarding.endpoints.find(demo.endpointId))!;
    expect(stored.secret!.length).toBeGreaterThanOrEqual(16);
    const admins = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(Number(stored.owner_user_id)).toBe(admins.id);

    expect(await readingsOfM001(Date.now() - 3 * 3600_000)).toMatchObject({ accepted: 100 });
    const call = await until('call', async () => {
      const calls = (await api(`/api/forward-calls?endpointId=${demo.endpointId}`)).body.data.rows as any[];
      return calls.find((c) => c.status !== null);
    });
    expect(call).toMatchObject({ endpointName: DEMO_ENDPOINT_NAME, status: 204, ok: true, items: 100, attempt: 1 });
    // A closed quarter hour of M001 may ride in the same batch (energy is on): 100 items, readings nearly all.
    expect(demo.regulator.counts).toMatchObject({ batches: 1, refused: 0 });
    expect(itemsOf(demo)).toBe(100);
    expect(demo.regulator.counts.items.reading).toBeGreaterThanOrEqual(99);
  });

  it('a second start makes no second endpoint and points the one there at its new receiver', async () => {
    const first = started[0]!;
    await first.close();
    const again = (await startDemoForwarding(t.app, { create: true }))!;
    started.push(again);
    expect(again).toMatchObject({ created: false, endpointId: first.endpointId });
    expect(again.url).not.toBe(first.url);
    const { rows } = (await api('/api/forward-endpoints')).body.data;
    expect(rows.map((row: any) => [row.name, row.url, row.hasSecret])).toEqual([[DEMO_ENDPOINT_NAME, again.url, true]]);

    // The running forwarder took the new address: the next batch reaches the new receiver, signed with the stored secret.
    expect(await readingsOfM001(Date.now() - 2 * 3600_000)).toMatchObject({ accepted: 100 });
    await until('batch at the new receiver', async () => (again.regulator.counts.batches > 0 ? true : undefined));
    expect(again.regulator.counts).toMatchObject({ batches: 1, refused: 0 });
    expect(itemsOf(again)).toBe(100);
    const calls = (await api(`/api/forward-calls?endpointId=${first.endpointId}`)).body.data.rows as any[];
    expect(calls.filter((c) => c.status === 204).map((c) => c.endpointName)).toEqual([DEMO_ENDPOINT_NAME, DEMO_ENDPOINT_NAME]);
  });
});
