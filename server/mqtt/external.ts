import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { ReadingsDelivery } from './delivery';
import { COMMAND_ACKS_FILTER, commandAckTopicSn, OUTPUT_FILTER, outputTopicSn, READINGS_FILTER, readingsTopicSn } from './topics';
import type { CommandAcks, MqttLog, OutputSink } from './types';
import { SessionRegistry, type MemberState } from './sessionRegistry';

export interface ExternalSubscriberOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** Prefix of this process's client id (a unique suffix is added: every process has a session of its own). */
  clientIdPrefix?: string | undefined;
  /** Shared-subscription group: server processes in one group split the readings between them. 'off' = plain topics. */
  shareGroup?: string | undefined;
  delivery: ReadingsDelivery;
  log: MqttLog;
  /** Supply-command acks: also subscribes to gateways/+/commands/ack (shared, like the readings). */
  commands?: CommandAcks;
  /** Production output (gateways/+/output), subscribed when given. */
  output?: OutputSink;
  /** How long start waits for the first subscription before carrying on (it keeps retrying in the background). */
  startWaitMs?: number;
  /** How long the broker waits after this process vanished before announcing it (MQTT 5 will delay). */
  willDelaySeconds?: number;
  /** How long a process that is not first in line waits before draining a session the first one left alone. */
  backupDrainMs?: number;
  /**
   * How long a record saying "dead" or "left" must stand before anyone takes that session over, when it may be a
   * replay: delivered as retained (on our subscribe) or within this long after our own (re)connect. A broker restart
   * replays wills and retained records of processes that are alive and reconnecting; each re-asserts "alive" on
   * (re)connect, well within this. A record published while we were connected waits `orphanCheckMs`.
   */
  takeoverGraceMs?: number;
  orphanCheckMs?: number;
  /**
   * Client ids of this process's other members of the group (MQTT_MEMBERS > 1): they stop with this one, so on close
   * they do not count as the others that would keep the group's share coming (the last member keeps its session).
   */
  siblings?: () => ReadonlySet<string>;
}

export interface CloseOptions {
  /**
   * End this process's session on the broker even as the last member of its group (a test run, a deployment retired
   * for good): what it still holds after 5 s of working through it, and what the broker would queue for the group
   * meanwhile, is dropped instead of kept for the next process.
   */
  endSession?: boolean;
}

export interface ExternalSubscriber {
  close(options?: CloseOptions): Promise<void>;
  /** Publishes a supply command (QoS 1, not retained); that broker's ACL must let this client publish gateways/+/commands. */
  publish(topic: string, payload: string): Promise<void>;
  /** This process's client id on the broker. */
  clientId: string;
}

export const DEFAULT_SHARE_GROUP = 'energy';
export const DEFAULT_CLIENT_ID_PREFIX = 'energy-server';
/**
 * A member's session outlives its connection so nothing the broker assigned to it is dropped when the process
 * dies; another process drains it long before this (a week, for a cluster that is down over a weekend).
 */
export const MEMBER_SESSION_EXPIRY_S = 7 * 24 * 3600;
const WILL_DELAY_S = 3;
const TAKEOVER_GRACE_MS = 10_000;
/**
 * A fresh "dead" or "left" record stands this long before anyone acts on it. A live process that sees its own record
 * say otherwise (a will published when a takeover or a restarted broker ended its connection) says "alive" again within
 * a reconnect (1 s); records carry the connection's generation, so the will of a connection it has since replaced is
 * ignored (without both, two live processes took each other over in turn after a broker restart).
 */
const ORPHAN_CHECK_MS = 3_000;
const BACKUP_DRAIN_MS = 30_000;
/** Retries of a readings message whose ingest failed (database away, ingest busy): it is held, not acknowledged. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;
const DRAIN_TIMEOUT_MS = 120_000;
/** A stopping process hands what it holds to the others if it takes longer than this to work through it. */
const OWN_DRAIN_MS = 5_000;

const safeUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(unparsable MQTT_URL)';
  }
};

/** Where the processes of one group announce themselves (retained, one topic per client id). */
export const membersBase = (group: string) => `energy-cluster/${group}`;
const memberTopic = (group: string, clientId: string) => `${membersBase(group)}/members/${clientId}`;
const stateOf = (state: MemberState, generation: number) => JSON.stringify({ state, generation });

/**
 * Subscribes to readings on a broker someone else runs (Mosquitto, EMQX...). That broker authenticates the
 * publishers, so its own ACL must restrict who may publish to `gateways/{sn}/readings`: this side trusts
 * the topic. The PUBACK to the broker is sent after ingest committed (mqtt.js `handleMessage`).
 *
 * Several processes share `$share/<group>/...`. Each has a client id of its own and a persistent MQTT 5 session,
 * so readings the broker handed to a process that dies are kept, not dropped; each announces itself with a
 * retained record whose will says "dead", and says "left" when it stops. The others then take over that session
 * (connect with its client id), ingest what it held, and end it, so no reading waits for that process to come back
 * (server/mqtt/README.md, "External broker").
 */
export async function startExternalSubscriber(options: ExternalSubscriberOptions): Promise<ExternalSubscriber> {
  const { delivery, log } = options;
  const where = safeUrl(options.url);
  const sharing = options.shareGroup !== 'off';
  const group = sharing ? options.shareGroup || DEFAULT_SHARE_GROUP : DEFAULT_SHARE_GROUP;
  const prefix = options.clientIdPrefix || DEFAULT_CLIENT_ID_PREFIX;
  const clientId = `${prefix}-${randomBytes(6).toString('hex')}`;
  const membersFilter = `${membersBase(group)}/members/+`;
  const ownRecord = memberTopic(group, clientId);
  /** This process's connections to the broker so far (1 for the first): the generation its records carry. */
  let generation = 0;
  const login = {
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
  };
  const clientOptions: IClientOptions = {
    clientId,
    protocolVersion: 5,
    // A new client id has no session yet; after a broker outage the process resumes its own.
    clean: false,
    properties: { sessionExpiryInterval: MEMBER_SESSION_EXPIRY_S },
    will: {
      topic: ownRecord,
      payload: Buffer.from(stateOf('dead', 1)),
      qos: 1,
      retain: true,
      // A network blip shorter than this is not a death: the process resumes its session itself.
      properties: { willDelayInterval: options.willDelaySeconds ?? WILL_DELAY_S },
    },
    // Short: after a broker restart nothing reaches the group until a member subscribed again (below).
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    ...login,
  };
  if (options.clientIdPrefix)
    log.info(
      { broker: where, clientId },
      `MQTT: MQTT_CLIENT_ID "${options.clientIdPrefix}" is a prefix: this process's session is "${clientId}", taken over by the other processes if it stops`,
    );
  const client: MqttClient = connect(options.url, clientOptions);
  let useShared = sharing;
  const filters = () => {
    const plain = [READINGS_FILTER, ...(options.commands ? [COMMAND_ACKS_FILTER] : []), ...(options.output ? [OUTPUT_FILTER] : [])];
    return useShared ? plain.map((filter) => `$share/${group}/${filter}`) : plain;
  };

  /** The one message handler of the member and of every drain: acknowledge after the work committed. */
  const handle = (topic: string, raw: Buffer | string): Promise<unknown> | null => {
    const payload = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const ackSn = options.commands ? commandAckTopicSn(topic) : null;
    if (ackSn !== null && options.commands) return options.commands.onAck(ackSn, payload);
    const outputSn = options.output ? outputTopicSn(topic) : null;
    if (outputSn !== null && options.output) return options.output.onOutput(outputSn, payload);
    const sn = readingsTopicSn(topic);
    return sn === null ? null : deliverUntilDone(sn, payload);
  };

  /**
   * A broker resends an unacknowledged message only when the session resumes, and stops sending once its in-flight
   * window is full of them: a message whose ingest failed (the database restarting, ingest busy) is held and tried
   * again with a growing pause until it commits, so ingest resumes by itself when the database is back. On close it
   * is left unacknowledged: the session keeps it for whoever takes it over.
   */
  const deliverUntilDone = async (sn: string, payload: Buffer): Promise<void> => {
    for (let pause = RETRY_FIRST_MS; ; pause = Math.min(pause * 2, RETRY_MAX_MS)) {
      try {
        return await delivery.deliver(sn, payload);
      } catch (error) {
        if (closing) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (closing) throw new Error('closing: left unacknowledged for the session');
    }
  };
  const registry = new SessionRegistry(clientId);

  // Replaces mqtt.js's default so the acknowledgement waits for the commit.
  client.handleMessage = (packet, callback) => {
    if (ownMarker && packet.topic === `${membersBase(group)}/drain/${clientId}`) {
      if (packet.payload.toString() === ownMarker.token) ownMarker.seen();
      return callback();
    }
    if (packet.topic.startsWith(`${membersBase(group)}/members/`)) {
      const id = packet.topic.slice(`${membersBase(group)}/members/`.length);
      const record = packet.payload.length === 0 ? null : parseState(Buffer.from(packet.payload));
      const state = record?.state ?? null;
      registry.record(id, state, record?.generation);
      const replay = packet.retain || Date.now() - connectedAt < (options.takeoverGraceMs ?? TAKEOVER_GRACE_MS);
      // Our own record saying otherwise while we run (a will or record replayed by a restarted broker): we are alive.
      if (id === clientId && state !== 'alive' && !closing && client.connected)
        client.publishAsync(ownRecord, stateOf('alive', generation), { qos: 1, retain: true }).catch(() => undefined);
      considerDrains(replay);
      return callback();
    }
    const work = handle(packet.topic, packet.payload);
    if (!work) return callback();
    work.then(
      () => callback(),
      (error: Error) => callback(error),
    );
  };

  // mqtt.js turns a refused subscription (SUBACK 0x80) into an error carrying the SUBACK packet.
  const trySubscribe = (topic: string): Promise<boolean> =>
    client.subscribeAsync(topic, { qos: 1 }).then(
      (granted) => granted.every((grant) => (grant.qos & 0x80) === 0),
      (error: Error & { packet?: { granted?: unknown } }) => {
        const granted = error.packet?.granted;
        if (Array.isArray(granted) && granted.some((code) => typeof code === 'number' && (code & 0x80) !== 0)) return false;
        throw error;
      },
    );

  const subscribe = async (sessionPresent = false): Promise<void> => {
    // Subscribed again on every (re)connect, session present or not. A restarted Mosquitto (2.0.11) restores the
    // session and lists its shared subscriptions, yet routes nothing to them, and a repeated SUBSCRIBE of a filter
    // the session lists changes nothing: only UNSUBSCRIBE then SUBSCRIBE makes the shared subscription work again.
    if (sessionPresent) await client.unsubscribeAsync(filters()).catch(() => undefined);
    const [readings, ...others] = filters();
    if (useShared && !(await trySubscribe(readings!))) {
      // Brokers without shared subscriptions refuse the $share filter: one process then takes all readings.
      useShared = false;
      log.warn({ broker: where }, 'MQTT: the broker refused a shared subscription; using the plain topic (run one server process)');
      return subscribe();
    }
    if (!useShared && !(await trySubscribe(readings!))) {
      log.error({ broker: where, topic: readings }, 'MQTT: the broker refused the readings subscription (check its ACL); ingestion over MQTT is off');
    } else log.info({ broker: where, topic: readings, clientId }, 'MQTT: subscribed to readings on the external broker');
    for (const filter of others)
      if (!(await trySubscribe(filter))) log.error({ broker: where, topic: filter }, 'MQTT: the broker refused a subscription (check its ACL)');
    // Every process follows every record (not shared), then says it is here.
    if (!(await trySubscribe(membersFilter)))
      log.error(
        { broker: where, topic: membersFilter },
        'MQTT: the broker refused the server-process records; sessions of stopped processes are not taken over',
      );
    await client.publishAsync(ownRecord, stateOf('alive', generation), { qos: 1, retain: true });
  };

  // ---- taking over the sessions of processes that left ----
  const drains = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closing) run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  let connectedAt = 0;
  const considerDrains = (replay = false) => {
    for (const id of registry.orphans()) {
      if (drains.has(id) || registry.pending.has(id)) continue;
      registry.pending.add(id);
      // Only a record that still says so a while later is a process that died or left. A replay (retained, or just
      // after our own reconnect: a restarted broker replays "dead" for processes that are reconnecting and say "alive"
      // again) waits the grace period; a record published while we were connected ORPHAN_CHECK_MS.
      later(replay ? (options.takeoverGraceMs ?? TAKEOVER_GRACE_MS) : (options.orphanCheckMs ?? ORPHAN_CHECK_MS), () => {
        if (registry.isOrphan(id) && registry.firstInLine()) startDrain(id);
        else
          later(options.backupDrainMs ?? BACKUP_DRAIN_MS, () => {
            registry.pending.delete(id);
            if (registry.isOrphan(id)) startDrain(id);
          });
      });
    }
  };
  const startDrain = (id: string) => {
    registry.pending.delete(id);
    if (drains.has(id)) return;
    const run = drainSession(id).then(
      (count) => {
        if (count !== null) log.info({ broker: where, clientId: id, messages: count }, 'MQTT: took over the session of a server process that left');
      },
      (error: Error) =>
        log.warn({ broker: where, clientId: id, err: error }, 'MQTT: could not take over the session of a server process that left; retrying later'),
    );
    drains.set(id, run);
    void run.finally(() => {
      drains.delete(id);
      if (registry.isOrphan(id)) considerDrains();
    });
  };

  /** Connects as `id`, ingests what its session holds, ends it and clears its record; answers how many messages, or null if kicked out. */
  const drainSession = async (id: string): Promise<number | null> => {
    const marker = `${membersBase(group)}/drain/${id}`;
    const token = randomBytes(8).toString('hex');
    let count = 0;
    let seen: () => void = () => undefined;
    const markerSeen = new Promise<void>((resolve) => (seen = resolve));
    const drainer = connect(options.url, {
      clientId: id,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: MEMBER_SESSION_EXPIRY_S },
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      ...login,
    });
    // Set before the CONNACK: the broker resends the messages that were in flight right after it.
    drainer.handleMessage = (packet, callback) => {
      if (packet.topic === marker) {
        if (packet.payload.toString() === token) seen();
        return callback();
      }
      const work = handle(packet.topic, packet.payload);
      if (!work) return callback();
      count += 1;
      work.then(
        () => callback(),
        (error: Error) => callback(error),
      );
    };
    try {
      const connack = await new Promise<{ sessionPresent: boolean }>((resolve, reject) => {
        drainer.once('connect', resolve);
        drainer.once('error', reject);
        drainer.once('close', () => reject(new Error('connection closed before CONNACK')));
      });
      const closed = new Promise<'closed'>((resolve) => drainer.once('close', () => resolve('closed')));
      if (connack.sessionPresent) {
        // Out of the group first, so the broker assigns it nothing more; then everything queued before the marker.
        await drainer.unsubscribeAsync([...filters(), membersFilter]);
        await drainer.subscribeAsync(marker, { qos: 1 });
        await drainer.publishAsync(marker, token, { qos: 1 });
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          markerSeen.then(() => 'drained' as const),
          closed,
          new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), DRAIN_TIMEOUT_MS))),
        ]);
        clearTimeout(timer);
        // Another process (or the owner, back again) took the session: it finishes the work.
        if (outcome === 'closed') return null;
        if (outcome === 'timeout') throw new Error(`no end of the session's messages within ${DRAIN_TIMEOUT_MS / 1000} s`);
      }
      await drainer.endAsync(false, { reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
      if (registry.isOrphan(id)) await client.publishAsync(memberTopic(group, id), '', { qos: 1, retain: true });
      return count;
    } finally {
      if (!drainer.disconnected) drainer.end(true);
    }
  };

  /** Out of the group, then everything the broker queued for this process before a marker: true once handled. */
  let ownMarker: { token: string; seen: () => void } | null = null;
  const drainOwn = async (): Promise<boolean> => {
    const marker = `${membersBase(group)}/drain/${clientId}`;
    const token = randomBytes(8).toString('hex');
    const seen = new Promise<void>((resolve) => (ownMarker = { token, seen: resolve }));
    await client.unsubscribeAsync(filters());
    await client.subscribeAsync(marker, { qos: 1 });
    await client.publishAsync(marker, token, { qos: 1 });
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([seen.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), OWN_DRAIN_MS)))]);
    clearTimeout(timer);
    return drained;
  };

  // Each connection's will names its generation; the next connection's is set before mqtt.js reconnects.
  client.on('reconnect', () => {
    const will = client.options.will;
    if (will) will.payload = Buffer.from(stateOf('dead', generation + 1));
  });
  let firstSubscription: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (firstSubscription = resolve));
  client.on('connect', (connack) => {
    connectedAt = Date.now();
    generation += 1;
    subscribe(connack.sessionPresent).then(firstSubscription, (error: Error) => log.error({ err: error, broker: where }, 'MQTT: subscribing failed'));
  });
  // One line per outage, not one per reconnect attempt.
  let outageLogged = false;
  const outage = (error?: Error) => {
    if (!outageLogged)
      log.warn({ broker: where, ...(error ? { err: error } : {}) }, 'MQTT: external broker unavailable (unreachable or login refused); retrying');
    outageLogged = true;
  };
  client.on('offline', () => outage());
  client.on('error', (error) => outage(error));
  client.on('connect', () => {
    if (outageLogged) log.info({ broker: where }, 'MQTT: external broker reachable again');
    outageLogged = false;
  });

  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    subscribed.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), options.startWaitMs ?? 5_000))),
  ]);
  clearTimeout(timer);
  if (!waited) log.warn({ broker: where }, 'MQTT: not subscribed to the external broker yet; retrying in the background');

  return {
    clientId,
    async publish(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    async close(closeOptions = {}) {
      closing = true;
      for (const pending of timers) clearTimeout(pending);
      timers.clear();
      const end = closeOptions.endSession === true;
      if (client.connected && (registry.othersAlive(options.siblings?.()) || end) && ((await drainOwn().catch(() => false)) || end)) {
        // Nothing left in the session (or told to end it anyway): end it (no will, nothing to take over) and clear the record.
        await client.publishAsync(ownRecord, '', { qos: 1, retain: true }).catch(() => undefined);
        await client.endAsync(false, { reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
      } else {
        // "left": the session stays on the broker with whatever it still holds, and whatever the broker assigns it
        // until another process (or the next to start) takes it over. A reading being ingested now is
        // acknowledged to nobody and comes again from there.
        if (client.connected) await client.publishAsync(ownRecord, stateOf('left', generation), { qos: 1, retain: true }).catch(() => undefined);
        await client.endAsync();
      }
      await Promise.allSettled([...drains.values()]);
      await delivery.settle();
    },
  };
}

function parseState(payload: Buffer): { state: MemberState; generation: number } | null {
  try {
    const { state, generation } = JSON.parse(payload.toString('utf8')) as { state?: unknown; generation?: unknown };
    if (state !== 'alive' && state !== 'dead' && state !== 'left') return null;
    return { state, generation: typeof generation === 'number' && Number.isInteger(generation) ? generation : 0 };
  } catch {
    return null;
  }
}
