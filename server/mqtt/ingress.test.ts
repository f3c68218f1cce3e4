import { createServer, connect as tcpConnect, type Server } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectAsync, type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { startMqttIngress, type MqttIngress } from './index';
import { addGateway, addUser, fakeIngest, recordingLog, setUserMqtt, waitFor, type FakeIngest } from './mqttKit.test-util';

const ADMIN_MQTT = { username: 'admin-mqtt', password: 'Mqtt!pass-admin-1' };
const OTHER_MQTT = { username: 'other-mqtt', password: 'Mqtt!pass-other-1' };
const OTHER_SUB_MQTT = { username: 'other-sub-mqtt', password: 'Mqtt!pass-other-2' };
const GW_OTHER = { username: 'gw-other', password: 'Mqtt!pass-gw-2' };
const CHILD_GW = 'GW-CHILD-01';
const payload = { ts: 1_700_000_000_000, readings: [{ meter: 'M001', values: { kwh: 12.5, kw: 3 } }] };

let t: TestApp;
let ingest: FakeIngest;
let ingress: MqttIngress;
const clients: MqttClient[] = [];

async function client(credentials: { username: string; password: string }): Promise<MqttClient> {
  const c = await connectAsync(`mqtt://127.0.0.1:${ingress.port}`, { ...credentials, reconnectPeriod: 0, clean: true });
  clients.push(c);
  return c;
}

/** Publishes and reports whether the broker acknowledged (true) or closed the connection (false). */
function publishOutcome(c: MqttClient, topic: string, message: string): Promise<boolean> {
  return new Promise((resolve) => {
    c.once('close', () => resolve(false));
    c.publish(topic, message, { qos: 1 }, (error) => resolve(!error));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.storage.db;
  await setUserMqtt(db, 'admin', ADMIN_MQTT);
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // A user below admin with its own gateway (inside admin's tree) ...
  const child = await addUser(db, 'child', admin.id);
  await addGateway(db, CHILD_GW, child);
  // ... and a second top-level user with a gateway of its own, outside admin's tree.
  const other = await addUser(db, 'other', null, OTHER_MQTT);
  await addGateway(db, 'GW-OTHER-01', other, GW_OTHER);
  await addUser(db, 'other-sub', other, OTHER_SUB_MQTT);
  ingest = fakeIngest(150);
  ingress = await startMqttIngress({ storage: t.app.storage, ingest, port: 0, host: '127.0.0.1', log: recordingLog(), env: {} });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await ingress?.close();
  await t?.close();
});

describe('embedded MQTT broker', () => {
  it('runs on the port it was given (0 = a free one)', () => {
    expect(ingress.mode).toBe('embedded');
    expect(ingress.port).toBeGreaterThan(0);
    expect(ingress.port).not.toBe(1883);
  });

  it('hands a QoS 1 reading to ingest and acknowledges only after ingest committed', async () => {
    const c = await client(ADMIN_MQTT);
    const before = ingest.calls.length;
    await c.publishAsync('gateways/GW-DEMO-01/readings', JSON.stringify(payload), { qos: 1 });
    ingest.events.push('puback');
    expect(ingest.calls.slice(before)).toEqual([{ payload, source: { kind: 'mqtt', gatewaySn: 'GW-DEMO-01' } }]);
    expect(ingest.events.slice(-3)).toEqual(['submit', 'committed', 'puback']);
  });

  it('lets a user publish for a gateway owned by a user below it', async () => {
    const c = await client(ADMIN_MQTT);
    await c.publishAsync(`gateways/${CHILD_GW}/readings`, JSON.stringify(payload), { qos: 1 });
    expect(ingest.calls.at(-1)?.source).toEqual({ kind: 'mqtt', gatewaySn: CHILD_GW });
  });

  it('refuses a wrong password at connect (bad username or password)', async () => {
    await expect(
      connectAsync(`mqtt://127.0.0.1:${ingress.port}`, { username: ADMIN_MQTT.username, password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toMatchObject({ code: 4 });
    await expect(connectAsync(`mqtt://127.0.0.1:${ingress.port}`, { username: 'nobody', password: 'x', reconnectPeriod: 0 })).rejects.toMatchObject({
      code: 4,
    });
    await expect(connectAsync(`mqtt://127.0.0.1:${ingress.port}`, { reconnectPeriod: 0 })).rejects.toMatchObject({ code: 4 });
  });

  it('refuses a user publishing for a gateway outside its tree, without calling ingest', async () => {
    const before = ingest.calls.length;
    expect(await publishOutcome(await client(OTHER_MQTT), 'gateways/GW-DEMO-01/readings', JSON.stringify(payload))).toBe(false);
    expect(await publishOutcome(await client(OTHER_SUB_MQTT), 'gateways/GW-DEMO-01/readings', JSON.stringify(payload))).toBe(false);
    expect(await publishOutcome(await client(ADMIN_MQTT), 'gateways/GW-UNKNOWN/readings', JSON.stringify(payload))).toBe(false);
    expect(ingest.calls.length).toBe(before);
  });

  it("lets a sub-user publish for its tree root's gateways, and an administrator for any tree's", async () => {
    expect(await publishOutcome(await client(OTHER_SUB_MQTT), 'gateways/GW-OTHER-01/readings', JSON.stringify(payload))).toBe(true);
    expect(await publishOutcome(await client(ADMIN_MQTT), 'gateways/GW-OTHER-01/readings', JSON.stringify(payload))).toBe(true);
  });

  it('lets a gateway credential publish for its own serial number only', async () => {
    const before = ingest.calls.length;
    expect(await publishOutcome(await client(GW_OTHER), 'gateways/GW-DEMO-01/readings', JSON.stringify(payload))).toBe(false);
    expect(ingest.calls.length).toBe(before);
    expect(await publishOutcome(await client(GW_OTHER), 'gateways/GW-OTHER-01/readings', JSON.stringify(payload))).toBe(true);
    expect(ingest.calls.at(-1)?.source).toEqual({ kind: 'mqtt', gatewaySn: 'GW-OTHER-01' });
  });

  it('refuses topics other than gateways/{sn}/readings', async () => {
    const before = ingest.calls.length;
    expect(await publishOutcome(await client(ADMIN_MQTT), 'gateways/GW-DEMO-01/commands', '{}')).toBe(false);
    expect(await publishOutcome(await client(ADMIN_MQTT), 'anything/else', '{}')).toBe(false);
    expect(ingest.calls.length).toBe(before);
  });

  it('does not pass bad JSON on: acknowledged (resending cannot help), counted and recorded', async () => {
    const before = ingest.calls.length;
    const refused = ingress.stats.refused;
    expect(await publishOutcome(await client(ADMIN_MQTT), 'gateways/GW-DEMO-01/readings', '{"ts": 1, readings')).toBe(true);
    expect(ingest.calls.length).toBe(before);
    expect(ingress.stats.refused).toBe(refused + 1);
    const rows = await t.app.storage.db.selectFrom('ingest_rejections').selectAll().where('source', '=', 'mqtt').execute();
    expect(rows).toEqual([expect.objectContaining({ gateway_sn: 'GW-DEMO-01', reason: 'payload is not valid JSON' })]);
  });

  it('allows subscribing only to the commands of its own gateways', async () => {
    const gateway = await client(GW_OTHER);
    expect((await gateway.subscribeAsync('gateways/GW-OTHER-01/commands', { qos: 1 }))[0]?.qos).toBe(1);
    // A refused subscription comes back as SUBACK 0x80, which mqtt.js turns into an error carrying the SUBACK.
    await expect(gateway.subscribeAsync('gateways/GW-DEMO-01/commands', { qos: 1 })).rejects.toMatchObject({ packet: { granted: [128] } });
    await expect(gateway.subscribeAsync('gateways/+/commands', { qos: 1 })).rejects.toMatchObject({ packet: { granted: [128] } });
    await expect(gateway.subscribeAsync('gateways/GW-OTHER-01/readings', { qos: 1 })).rejects.toMatchObject({ packet: { granted: [128] } });
    expect(gateway.connected).toBe(true);
    const user = await client(OTHER_MQTT);
    expect((await user.subscribeAsync('gateways/GW-OTHER-01/commands', { qos: 0 }))[0]?.qos).toBe(0);
    await expect(user.subscribeAsync('gateways/GW-DEMO-01/commands', { qos: 0 })).rejects.toMatchObject({ packet: { granted: [128] } });
    expect(user.connected).toBe(true);
  });

  it('does not let another account take over a connected client id', async () => {
    const clientId = `gw-${randomBytes(4).toString('hex')}`;
    const holder = await connectAsync(`mqtt://127.0.0.1:${ingress.port}`, { ...GW_OTHER, clientId, reconnectPeriod: 0 });
    clients.push(holder);
    await expect(connectAsync(`mqtt://127.0.0.1:${ingress.port}`, { ...OTHER_MQTT, clientId, reconnectPeriod: 0 })).rejects.toMatchObject({ code: 2 });
    expect(holder.connected).toBe(true);
  });
});

describe('port problems', () => {
  it('reports a port in use in one line and turns MQTT off instead of failing', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const log = recordingLog();
    try {
      const taken = await startMqttIngress({ storage: t.app.storage, ingest, port, host: '127.0.0.1', log, env: {} });
      expect(taken.mode).toBe('off');
      expect(taken.port).toBeNull();
      await taken.close();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(log.lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual([
      `MQTT: port ${port} is taken by another program, so devices cannot publish readings to this server (MQTT ingestion is off); set MQTT_PORT to a free port, or MQTT_URL to use that broker.`,
    ]);
  });

  it('is off with MQTT_PORT=off', async () => {
    const off = await startMqttIngress({ storage: t.app.storage, ingest, log: recordingLog(), env: { MQTT_PORT: 'off' } });
    expect(off.mode).toBe('off');
    await off.close();
  });
});

// External mode needs a broker: the machine's Mosquitto. Outside CI a missing one leaves the test out (with a
// note); in CI it must be there, so the test runs and fails.
const externalUrl = process.env.MQTT_TEST_URL || 'mqtt://127.0.0.1:1883';
const reachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(externalUrl);
  const socket = tcpConnect({ host: hostname, port: Number(port || 1883) });
  const done = (ok: boolean) => {
    socket.destroy();
    resolve(ok);
  };
  socket.setTimeout(1_000, () => done(false));
  socket.once('connect', () => done(true));
  socket.once('error', () => done(false));
});

/** The retained member records of a share group on the external broker (external.ts), read for half a second. */
async function retainedRecords(group: string): Promise<{ clientId: string; state: string }[]> {
  const reader = await connectAsync(externalUrl, { reconnectPeriod: 0, protocolVersion: 5 });
  const records: { clientId: string; state: string }[] = [];
  const base = `energy-cluster/${group}/members/`;
  reader.on('message', (topic, message) => {
    if (message.length > 0) records.push({ clientId: topic.slice(base.length), state: (JSON.parse(message.toString()) as { state: string }).state });
  });
  await reader.subscribeAsync(`${base}+`, { qos: 1 });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await reader.endAsync();
  return records;
}

/**
 * Connects as `clientId` (clean start off) and answers whether the broker had a session for it and the readings it
 * held (read for half a second); then ends the session, so the run leaves nothing behind.
 */
async function resume(clientId: string, expectSession = false): Promise<{ sessionPresent: boolean; messages: string[] }> {
  const messages: string[] = [];
  const again = connect(externalUrl, { clientId, protocolVersion: 5, clean: false, reconnectPeriod: 0, properties: { sessionExpiryInterval: 60 } });
  again.on('message', (topic, message) => {
    if (topic.endsWith('/readings')) messages.push(message.toString());
  });
  const connack = await new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
    again.once('connect', resolve);
    again.once('error', reject);
  });
  if (expectSession) await new Promise((resolve) => setTimeout(resolve, 500));
  await again.endAsync(false, { reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
  return { sessionPresent: connack.sessionPresent, messages };
}

if (reachable || process.env.CI === 'true') {
  describe('external broker', () => {
    it(`subscribes at ${externalUrl} and hands readings on`, async () => {
      expect(reachable, `no MQTT broker at ${externalUrl}: CI needs one (Mosquitto) or MQTT_TEST_URL`).toBe(true);
      const external = fakeIngest(50);
      // A share group of its own, so parallel runs (SQLite and PostgreSQL) do not split each other's messages.
      const env = { MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`, MQTT_MEMBERS: '4' };
      const subscriber = await startMqttIngress({ storage: t.app.storage, ingest: external, url: externalUrl, log: recordingLog(), env });
      let clientIds: string[] | undefined;
      try {
        expect(subscriber.mode).toBe('external');
        const marker = Date.now() + Math.floor(Math.random() * 1000);
        const publisher = await connectAsync(externalUrl, { reconnectPeriod: 0 });
        clients.push(publisher);
        await publisher.publishAsync('gateways/GW-DEMO-01/readings', JSON.stringify({ ...payload, ts: marker }), { qos: 1 });
        await waitFor(() => external.calls.some((call) => (call.payload as { ts?: number }).ts === marker));
        expect(external.calls.find((call) => (call.payload as { ts?: number }).ts === marker)?.source).toEqual({ kind: 'mqtt', gatewaySn: 'GW-DEMO-01' });
        // The broker keeps the group's records and each member's 7-day session: the run must not leave them behind.
        // Four members (MQTT_MEMBERS), each under a client id of its own.
        const records = await retainedRecords(env.MQTT_SHARE_GROUP);
        expect(records.map((record) => record.state)).toEqual(['alive', 'alive', 'alive', 'alive']);
        clientIds = records.map((record) => record.clientId);
        expect(new Set(clientIds).size).toBe(4);
        for (const id of clientIds) expect(id).toMatch(/^energy-server-[0-9a-f]{12}$/);
      } finally {
        // Alone in its group it would keep a session for a next process; a test run has none.
        await subscriber.close({ endSession: true });
      }
      expect(await retainedRecords(env.MQTT_SHARE_GROUP)).toEqual([]);
      // Resuming any of those client ids finds no session on the broker.
      for (const id of clientIds!) expect(await resume(id)).toEqual({ sessionPresent: false, messages: [] });
    });

    it('hands the messages of MQTT_MEMBERS members to ingest at the same time (one per member)', async () => {
      expect(reachable, `no MQTT broker at ${externalUrl}: CI needs one (Mosquitto) or MQTT_TEST_URL`).toBe(true);
      const peak = async (members: string): Promise<number> => {
        const slow = fakeIngest(300);
        const env = { MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`, MQTT_MEMBERS: members };
        const subscriber = await startMqttIngress({ storage: t.app.storage, ingest: slow, url: externalUrl, log: recordingLog(), env });
        try {
          const publisher = await connectAsync(externalUrl, { reconnectPeriod: 0 });
          clients.push(publisher);
          const marker = Date.now() + Math.floor(Math.random() * 1000);
          const sent = Array.from({ length: 8 }, (_, i) => marker * 10 + i);
          await Promise.all(sent.map((ts) => publisher.publishAsync('gateways/GW-DEMO-01/readings', JSON.stringify({ ...payload, ts }), { qos: 1 })));
          await waitFor(() => sent.every((ts) => slow.calls.some((call) => (call.payload as { ts?: number }).ts === ts)), 10_000);
          await waitFor(() => slow.events.filter((event) => event === 'committed').length === slow.calls.length);
          let running = 0;
          let most = 0;
          for (const event of slow.events) most = Math.max(most, (running += event === 'submit' ? 1 : -1));
          return most;
        } finally {
          await subscriber.close({ endSession: true });
        }
      };
      expect(await peak('')).toBe(1); // the default
      expect(await peak('4')).toBe(4);
    });

    it('as the last process of its group keeps one session (left) with what the broker queues meanwhile, and ends the others', async () => {
      expect(reachable, `no MQTT broker at ${externalUrl}: CI needs one (Mosquitto) or MQTT_TEST_URL`).toBe(true);
      const env = { MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`, MQTT_MEMBERS: '3' };
      const subscriber = await startMqttIngress({ storage: t.app.storage, ingest: fakeIngest(10), url: externalUrl, log: recordingLog(), env });
      const members = (await retainedRecords(env.MQTT_SHARE_GROUP)).map((record) => record.clientId);
      expect(members).toHaveLength(3);
      await subscriber.close();
      const records = await retainedRecords(env.MQTT_SHARE_GROUP);
      expect(records.map((record) => record.state)).toEqual(['left']);
      const kept = records[0]!.clientId;
      expect(members).toContain(kept);
      // Published while no process runs: queued in the kept session for the next process, not dropped.
      const publisher = await connectAsync(externalUrl, { reconnectPeriod: 0 });
      clients.push(publisher);
      const marker = JSON.stringify({ ...payload, ts: Date.now() });
      await publisher.publishAsync('gateways/GW-DEMO-01/readings', marker, { qos: 1 });
      expect(await resume(kept, true)).toEqual({ sessionPresent: true, messages: [marker] });
      for (const id of members.filter((id) => id !== kept)) expect(await resume(id)).toEqual({ sessionPresent: false, messages: [] });
      // What the next process would do after taking it over: clear the record.
      await publisher.publishAsync(`energy-cluster/${env.MQTT_SHARE_GROUP}/members/${kept}`, '', { qos: 1, retain: true });
    });

    it('holds a message whose ingest failed (database away) and tries it again until it commits', async () => {
      expect(reachable, `no MQTT broker at ${externalUrl}: CI needs one (Mosquitto) or MQTT_TEST_URL`).toBe(true);
      const marker = Date.now() + 1000 + Math.floor(Math.random() * 1000);
      const tries: number[] = [];
      const committed = fakeIngest(10);
      // Fails twice as a query does while PostgreSQL restarts, then commits.
      const flaky: FakeIngest = {
        ...committed,
        async submit(body, source) {
          if ((body as { ts?: number }).ts === marker) {
            tries.push(Date.now());
            if (tries.length <= 2) throw new Error('Connection terminated unexpectedly');
          }
          return committed.submit(body, source);
        },
      };
      const env = { MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}` };
      const subscriber = await startMqttIngress({ storage: t.app.storage, ingest: flaky, url: externalUrl, log: recordingLog(), env });
      try {
        const publisher = await connectAsync(externalUrl, { reconnectPeriod: 0 });
        clients.push(publisher);
        await publisher.publishAsync('gateways/GW-DEMO-01/readings', JSON.stringify({ ...payload, ts: marker }), { qos: 1 });
        await waitFor(() => committed.calls.some((call) => (call.payload as { ts?: number }).ts === marker));
        expect(tries).toHaveLength(3);
      } finally {
        await subscriber.close({ endSession: true });
      }
    });
  });
} else {
  console.log(`note: no MQTT broker at ${externalUrl} (set MQTT_TEST_URL); the external-broker test is left out outside CI`);
}
