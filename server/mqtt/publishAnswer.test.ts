import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import type { Ingest } from '../ingest/types';
import { startMqttIngress, type MqttIngress } from './index';
import { recordingLog, setUserMqtt, type RecordingLog } from './mqttKit.test-util';

const ADMIN_MQTT = { username: 'admin-mqtt', password: 'Mqtt!pass-admin-1' };
const TOPIC = 'gateways/GW-DEMO-01/readings';

let t: TestApp;
let real: MqttIngress;
let realLog: RecordingLog;
let broken: MqttIngress;
let brokenLog: RecordingLog;
const clients: MqttClient[] = [];

/** An ingest whose storage fails on every call (a database gone away). */
const throwingIngest: Ingest = {
  submit: () => Promise.reject(new Error('connection terminated unexpectedly')),
};

async function client(port: number): Promise<MqttClient> {
  const c = await connectAsync(`mqtt://127.0.0.1:${port}`, { ...ADMIN_MQTT, reconnectPeriod: 0, clean: true });
  clients.push(c);
  return c;
}

/** How the broker answered one QoS 1 publish: 'puback', 'closed', or 'no answer' within `ms`. */
function answer(c: MqttClient, message: string, ms = 5_000): Promise<'puback' | 'closed' | 'no answer'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), ms);
    c.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
    c.publish(TOPIC, message, { qos: 1 }, (error) => {
      clearTimeout(timer);
      resolve(error ? 'closed' : 'puback');
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await setUserMqtt(t.app.storage.db, 'admin', ADMIN_MQTT);
  realLog = recordingLog();
  real = await startMqttIngress({ storage: t.app.storage, ingest: t.app.ingest, port: 0, host: '127.0.0.1', log: realLog, env: {} });
  brokenLog = recordingLog();
  broken = await startMqttIngress({ storage: t.app.storage, ingest: throwingIngest, port: 0, host: '127.0.0.1', log: brokenLog, env: {} });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await real?.close();
  await broken?.close();
  await t?.close();
});

describe('every QoS 1 publish is answered', () => {
  it('acknowledges a payload whose meter code holds U+0000 (the reading is rejected, the batch committed)', async () => {
    const ts = Date.now() - 60_000;
    const payload = {
      ts,
      readings: [
        { meter: 'M\u0000X', values: { kwh: 1 } },
        { meter: 'M001', values: { kwh: 10 } },
      ],
    };
    expect(await answer(await client(real.port!), JSON.stringify(payload))).toBe('puback');
    const stored = await t.app.storage.db
      .selectFrom('readings')
      .innerJoin('meters', 'meters.id', 'readings.meter_id')
      .select('meters.code')
      .where('readings.ts', '=', ts)
      .execute();
    expect(stored).toEqual([{ code: 'M001' }]);
  });

  it('closes the connection, never leaving the publish unanswered, when ingest throws', async () => {
    const before = broken.stats.failed;
    expect(await answer(await client(broken.port!), JSON.stringify({ ts: Date.now(), readings: [] }))).toBe('closed');
    expect(broken.stats.failed).toBe(before + 1);
    expect(brokenLog.lines).toContainEqual({ level: 'error', msg: 'MQTT readings could not be ingested; left unacknowledged' });
  });
});
