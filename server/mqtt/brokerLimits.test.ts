import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { startMqttIngress, type MqttIngress } from './index';
import { fakeIngest, recordingLog, setUserMqtt, type FakeIngest, type RecordingLog } from './mqttKit.test-util';

const ADMIN_MQTT = { username: 'admin-mqtt', password: 'Mqtt!pass-admin-1' };
const MAX_PACKET = 64 * 1024;
const TOPIC = 'gateways/GW-DEMO-01/readings';

let t: TestApp;
let ingest: FakeIngest;
/** Packet limit 64 KiB, at most 3 connections per address, the default 10 s to authenticate. */
let limited: MqttIngress;
let limitedLog: RecordingLog;
/** A 300 ms window to authenticate. */
let hurried: MqttIngress;
let hurriedLog: RecordingLog;
const sockets: Socket[] = [];
const clients: MqttClient[] = [];

/** The MQTT variable-length "remaining length" (MQTT 3.1.1 §2.2.3). */
function remainingLength(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return Buffer.from(bytes);
}

interface RawConnection {
  socket: Socket;
  /** Resolves with the milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
  received: Buffer[];
}

async function raw(port: number): Promise<RawConnection> {
  const socket = tcpConnect({ host: '127.0.0.1', port });
  sockets.push(socket);
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', () => undefined);
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed, received };
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

/** Publishes QoS 1 and reports whether the broker acknowledged (true) or closed the connection (false). */
function publishOutcome(c: MqttClient, topic: string, message: Buffer | string): Promise<boolean> {
  return new Promise((resolve) => {
    c.once('close', () => resolve(false));
    c.publish(topic, message, { qos: 1 }, (error) => resolve(!error));
  });
}

/** A readings payload whose whole PUBLISH packet (fixed header, topic, packet id, payload) is `bytes` long. */
function publishOfSize(bytes: number): Buffer {
  const overhead = (payloadLength: number) => 1 + remainingLength(2 + TOPIC.length + 2 + payloadLength).length + 2 + TOPIC.length + 2;
  let payloadLength = bytes - overhead(bytes);
  payloadLength = bytes - overhead(payloadLength);
  const head = '{"ts":1700000000000,"readings":[{"meter":"M001","values":{"kwh":1}}],"pad":"';
  return Buffer.from(head + 'x'.repeat(payloadLength - head.length - 2) + '"}');
}

beforeAll(async () => {
  t = await createTestApp();
  await setUserMqtt(t.app.storage.db, 'admin', ADMIN_MQTT);
  ingest = fakeIngest(20);
  limitedLog = recordingLog();
  limited = await startMqttIngress({
    storage: t.app.storage,
    ingest,
    port: 0,
    host: '127.0.0.1',
    log: limitedLog,
    env: { MQTT_MAX_PACKET_BYTES: String(MAX_PACKET), MQTT_MAX_CONNECTIONS_PER_ADDRESS: '3' },
  });
  hurriedLog = recordingLog();
  hurried = await startMqttIngress({ storage: t.app.storage, ingest, port: 0, host: '127.0.0.1', log: hurriedLog, env: { MQTT_CONNECT_TIMEOUT_MS: '300' } });
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await limited?.close();
  await hurried?.close();
  await t?.close();
});

describe('embedded MQTT broker limits', () => {
  it('reads its limits from the environment, with documented defaults', async () => {
    const { mqttSettingsFromEnv } = await import('./settings');
    expect(mqttSettingsFromEnv({})).toMatchObject({ maxPacketBytes: 4 * 1024 * 1024, connectTimeoutMs: 10_000, maxConnectionsPerAddress: 20 });
    expect(mqttSettingsFromEnv({ MQTT_MAX_PACKET_BYTES: '1000', MQTT_CONNECT_TIMEOUT_MS: '300', MQTT_MAX_CONNECTIONS_PER_ADDRESS: '2' })).toMatchObject({
      maxPacketBytes: 1000,
      connectTimeoutMs: 300,
      maxConnectionsPerAddress: 2,
    });
    expect(() => mqttSettingsFromEnv({ MQTT_MAX_PACKET_BYTES: '10k' })).toThrow('MQTT_MAX_PACKET_BYTES must be a whole number of at least 128, got "10k"');
    expect(() => mqttSettingsFromEnv({ MQTT_CONNECT_TIMEOUT_MS: '0' })).toThrow('MQTT_CONNECT_TIMEOUT_MS must be a whole number of at least 1, got "0"');
    expect(() => mqttSettingsFromEnv({ MQTT_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      'MQTT_MAX_CONNECTIONS_PER_ADDRESS must be a whole number of at least 1, got "-1"',
    );
  });

  it('closes a connection whose CONNECT header declares 200 MB as soon as the header arrives, without waiting for the bytes', async () => {
    const c = await raw(limited.port!);
    c.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(200 * 1024 * 1024), Buffer.alloc(1024)]));
    // Nothing more is sent: the broker must decide from the header alone (the 10 s login window is far away).
    expect(await within(c.closed, 2_000)).toBeLessThan(2_000);
    expect(Buffer.concat(c.received).length).toBe(0);
    expect(limitedLog.lines).toContainEqual({
      level: 'warn',
      msg: 'MQTT connection closed: a CONNECT of 209715205 bytes is larger than 65536 (logins are small)',
    });
  });

  it('sees a header that arrives one byte at a time', async () => {
    const c = await raw(limited.port!);
    for (const byte of Buffer.concat([Buffer.from([0x10]), remainingLength(100_000)])) {
      c.socket.write(Buffer.from([byte]));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await within(c.closed, 2_000)).toBeLessThan(2_000);
    expect(limitedLog.lines).toContainEqual({
      level: 'warn',
      msg: 'MQTT connection closed: a CONNECT of 100004 bytes is larger than 65536 (logins are small)',
    });
  });

  it('closes a connection whose first packet is not a CONNECT', async () => {
    const c = await raw(limited.port!);
    c.socket.write(Buffer.concat([Buffer.from([0x30]), remainingLength(100), Buffer.alloc(100)]));
    expect(await within(c.closed, 2_000)).toBeLessThan(2_000);
    expect(limitedLog.lines).toContainEqual({ level: 'warn', msg: 'MQTT connection closed: the first packet must be a CONNECT' });
  });

  it('refuses an authenticated PUBLISH larger than MQTT_MAX_PACKET_BYTES: connection closed, no PUBACK, nothing ingested', async () => {
    const c = await connectAsync(`mqtt://127.0.0.1:${limited.port}`, { ...ADMIN_MQTT, reconnectPeriod: 0, clean: true });
    clients.push(c);
    const before = ingest.calls.length;
    expect(await publishOutcome(c, TOPIC, publishOfSize(MAX_PACKET + 1))).toBe(false);
    expect(ingest.calls.length).toBe(before);
    expect(limitedLog.lines).toContainEqual({
      level: 'warn',
      msg: `MQTT connection closed: a PUBLISH of ${MAX_PACKET + 1} bytes is larger than MQTT_MAX_PACKET_BYTES (${MAX_PACKET})`,
    });
  });

  it('acknowledges a PUBLISH of exactly MQTT_MAX_PACKET_BYTES', async () => {
    const c = await connectAsync(`mqtt://127.0.0.1:${limited.port}`, { ...ADMIN_MQTT, reconnectPeriod: 0, clean: true });
    clients.push(c);
    const before = ingest.calls.length;
    expect(await publishOutcome(c, TOPIC, publishOfSize(MAX_PACKET))).toBe(true);
    expect(ingest.calls.length).toBe(before + 1);
    await c.endAsync(true);
  });

  it('closes a connection that sends nothing once MQTT_CONNECT_TIMEOUT_MS has passed', async () => {
    const c = await raw(hurried.port!);
    const after = await within(c.closed, 2_000);
    expect(after).toBeGreaterThanOrEqual(250);
    expect(after).toBeLessThan(1_500);
    expect(hurriedLog.lines).toContainEqual({ level: 'warn', msg: 'MQTT connection closed: no CONNECT within 300 ms' });
  });

  it('closes a connection that trickles a CONNECT slower than MQTT_CONNECT_TIMEOUT_MS', async () => {
    const c = await raw(hurried.port!);
    c.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(1000)]));
    const trickle = setInterval(() => c.socket.writable && c.socket.write(Buffer.alloc(1)), 50);
    const after = await within(c.closed, 2_000);
    clearInterval(trickle);
    expect(after).toBeGreaterThanOrEqual(250);
    expect(after).toBeLessThan(1_500);
  });

  it('keeps an authenticated connection open past MQTT_CONNECT_TIMEOUT_MS', async () => {
    const c = await connectAsync(`mqtt://127.0.0.1:${hurried.port}`, { ...ADMIN_MQTT, reconnectPeriod: 0, clean: true });
    clients.push(c);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(c.connected).toBe(true);
    expect(await publishOutcome(c, TOPIC, JSON.stringify({ ts: 1_700_000_000_000, readings: [{ meter: 'M001', values: { kwh: 1 } }] }))).toBe(true);
    await c.endAsync(true);
  });

  it('refuses the 4th simultaneous connection from one address when MQTT_MAX_CONNECTIONS_PER_ADDRESS is 3, and takes one again after a close', async () => {
    const open = [await raw(limited.port!), await raw(limited.port!), await raw(limited.port!)];
    const fourth = await raw(limited.port!);
    expect(await within(fourth.closed, 1_000)).toBeLessThan(1_000);
    for (const c of open) expect(await within(c.closed, 200)).toBe('still open');
    expect(limitedLog.lines).toContainEqual({
      level: 'warn',
      msg: 'MQTT connection refused: 127.0.0.1 already has 3 connections (MQTT_MAX_CONNECTIONS_PER_ADDRESS)',
    });
    open[0]!.socket.destroy();
    await open[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await raw(limited.port!);
    expect(await within(again.closed, 300)).toBe('still open');
    for (const c of [...open, again]) c.socket.destroy();
  });
});
