/** MQTT ingress settings from the environment (documented in server/README.md, "MQTT"). */
export interface MqttSettings {
  /** Embedded broker port; 'off' disables MQTT ingestion. */
  port: number | 'off';
  host: string | undefined;
  /** External broker: when set, the server subscribes there instead of running its own. */
  url: string | undefined;
  username: string | undefined;
  password: string | undefined;
  /** Prefix of each process's client id on the external broker (a unique suffix is added). */
  clientId: string | undefined;
  /** Shared-subscription group on the external broker; 'off' subscribes to the plain topics (one process only). */
  shareGroup: string | undefined;
  /** Members of the shared subscription per process on the external broker (each its own connection and session). */
  members: number;
  /** Embedded broker: the largest packet (fixed header included) a client may send; larger closes the connection. */
  maxPacketBytes: number;
  /** Embedded broker: how long a new connection has to log in (CONNECT accepted) before it is closed. */
  connectTimeoutMs: number;
  /** Embedded broker: simultaneous connections one remote address may hold. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_MQTT_PORT = 1883;
/**
 * 4 MiB. The largest readings payload ingest takes is 5,000 readings; at its widest (64-character meter
 * codes, a timestamp string on every reading, all 11 metrics at their largest values) that is 1.96 MB
 * as compact JSON and 2.7 MB indented, so 4 MiB leaves room for both while a publisher can hold at most
 * this much of the server's memory per connection.
 */
export const DEFAULT_MQTT_MAX_PACKET_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MQTT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_MQTT_MAX_CONNECTIONS_PER_ADDRESS = 20;
/**
 * mqtt.js hands a connection's next message over only after the previous one's PUBACK, which waits for its commit: one
 * member has one payload in ingest at a time. More members let ingest's queue merge their payloads into one
 * transaction: twice the readings/s for one process, but slower with three processes on one broker that spreads each
 * gateway over all of them (server/mqtt/README.md, "Consumers per process"), hence 1.
 */
export const DEFAULT_MQTT_MEMBERS = 1;
const MAX_MQTT_MEMBERS = 32;

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  if (value > max) throw new Error(`${name} must be at most ${max}, got "${raw}"`);
  return value;
}

/** Client id prefixes and share groups become topic levels and client ids: no MQTT wildcards, no separators. */
const NAME = /^[A-Za-z0-9_.-]{1,40}$/;
function name(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const raw = env[key]?.trim();
  if (!raw) return undefined;
  if (!NAME.test(raw)) throw new Error(`${key} may hold letters, digits, '.', '_' and '-' (at most 40), got "${raw}"`);
  return raw;
}

export function mqttSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MqttSettings {
  const rawPort = env.MQTT_PORT?.trim();
  let port: number | 'off' = DEFAULT_MQTT_PORT;
  if (rawPort && ['off', 'false', 'no'].includes(rawPort.toLowerCase())) port = 'off';
  else if (rawPort) {
    const value = Number(rawPort);
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`MQTT_PORT must be a port number or "off", got "${rawPort}"`);
    port = value;
  }
  return {
    port,
    host: env.MQTT_HOST || undefined,
    url: env.MQTT_URL || undefined,
    username: env.MQTT_USERNAME || undefined,
    password: env.MQTT_PASSWORD || undefined,
    clientId: name(env, 'MQTT_CLIENT_ID'),
    shareGroup: name(env, 'MQTT_SHARE_GROUP'),
    members: wholeNumber(env, 'MQTT_MEMBERS', DEFAULT_MQTT_MEMBERS, 1, MAX_MQTT_MEMBERS),
    // Below 128 bytes not even a login with a client id, name and password fits.
    maxPacketBytes: wholeNumber(env, 'MQTT_MAX_PACKET_BYTES', DEFAULT_MQTT_MAX_PACKET_BYTES, 128),
    connectTimeoutMs: wholeNumber(env, 'MQTT_CONNECT_TIMEOUT_MS', DEFAULT_MQTT_CONNECT_TIMEOUT_MS, 1),
    maxConnectionsPerAddress: wholeNumber(env, 'MQTT_MAX_CONNECTIONS_PER_ADDRESS', DEFAULT_MQTT_MAX_CONNECTIONS_PER_ADDRESS, 1),
  };
}
