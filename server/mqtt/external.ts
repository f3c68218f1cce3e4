import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { ReadingsDelivery } from './delivery';
import { COMMAND_ACKS_FILTER, commandAckTopicSn, OUTPUT_FILTER, outputTopicSn, READINGS_FILTER, readingsTopicSn } from './topics';
import type { CommandAcks, MqttLog, OutputSink } from './types';

export interface ExternalSubscriberOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** A fixed client id gives a persistent session: the broker keeps QoS 1 readings while the server is down. */
  clientId?: string | undefined;
  /** Shared-subscription group: server processes in one group split the readings between them. */
  shareGroup?: string | undefined;
  delivery: ReadingsDelivery;
  log: MqttLog;
  /** Supply-command acks: also subscribes to gateways/+/commands/ack (shared, like the readings). */
  commands?: CommandAcks;
  /** Production output (gateways/+/output), subscribed when given. */
  output?: OutputSink;
  /** How long start waits for the first subscription before carrying on (it keeps retrying in the background). */
  startWaitMs?: number;
}

export interface ExternalSubscriber {
  close(): Promise<void>;
  /** Publishes a supply command (QoS 1, not retained); that broker's ACL must let this client publish gateways/+/commands. */
  publish(topic: string, payload: string): Promise<void>;
}

const safeUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(unparsable MQTT_URL)';
  }
};

/**
 * Subscribes to readings on a broker someone else runs (Mosquitto, EMQX...). That broker authenticates the
 * publishers, so its own ACL must restrict who may publish to `gateways/{sn}/readings`: this side trusts
 * the topic. The PUBACK to the broker is sent after ingest committed (mqtt.js `handleMessage`).
 */
export async function startExternalSubscriber(options: ExternalSubscriberOptions): Promise<ExternalSubscriber> {
  const { delivery, log } = options;
  const where = safeUrl(options.url);
  const persistent = Boolean(options.clientId);
  const clientOptions: IClientOptions = {
    clientId: options.clientId || `energy-server-${randomBytes(6).toString('hex')}`,
    clean: !persistent,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
  };
  const client: MqttClient = connect(options.url, clientOptions);
  const shared = `$share/${options.shareGroup || 'energy'}/${READINGS_FILTER}`;
  let useShared = true;

  // Replaces mqtt.js's default so the acknowledgement waits for the commit.
  client.handleMessage = (packet, callback) => {
    const ackSn = options.commands ? commandAckTopicSn(packet.topic) : null;
    if (ackSn !== null && options.commands) {
      const ack = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      options.commands.onAck(ackSn, ack).then(
        () => callback(),
        (error: Error) => callback(error),
      );
      return;
    }
    const outputSn = options.output ? outputTopicSn(packet.topic) : null;
    if (outputSn !== null && options.output) {
      const output = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      options.output.onOutput(outputSn, output).then(
        () => callback(),
        (error: Error) => callback(error),
      );
      return;
    }
    const sn = readingsTopicSn(packet.topic);
    if (sn === null) return callback();
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    delivery.deliver(sn, payload).then(
      () => callback(),
      // Not acknowledged: with a persistent session the broker sends it again after a reconnect.
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

  const subscribe = async (): Promise<void> => {
    if (useShared) {
      if (await trySubscribe(shared)) {
        log.info({ broker: where, topic: shared }, 'MQTT: subscribed to readings on the external broker');
        return;
      }
      // Brokers without shared subscriptions refuse the $share filter: one process then takes all readings.
      useShared = false;
      log.warn({ broker: where }, 'MQTT: the broker refused a shared subscription; using the plain topic (run one server process)');
    }
    if (!(await trySubscribe(READINGS_FILTER))) {
      log.error({ broker: where, topic: READINGS_FILTER }, 'MQTT: the broker refused the readings subscription (check its ACL); ingestion over MQTT is off');
      return;
    }
    log.info({ broker: where, topic: READINGS_FILTER }, 'MQTT: subscribed to readings on the external broker');
  };
  const subscribeAcks = async (): Promise<void> => {
    if (!options.commands) return;
    const filter = useShared ? `$share/${options.shareGroup || 'energy'}/${COMMAND_ACKS_FILTER}` : COMMAND_ACKS_FILTER;
    if (!(await trySubscribe(filter))) log.error({ broker: where, topic: filter }, 'MQTT: the broker refused the command ack subscription (check its ACL)');
  };

  const subscribeOutput = async (): Promise<void> => {
    if (!options.output) return;
    const filter = useShared ? `$share/${options.shareGroup || 'energy'}/${OUTPUT_FILTER}` : OUTPUT_FILTER;
    if (!(await trySubscribe(filter)))
      log.error({ broker: where, topic: filter }, 'MQTT: the broker refused the production output subscription (check its ACL)');
  };

  let firstSubscription: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (firstSubscription = resolve));
  client.on('connect', () => {
    subscribe()
      .then(subscribeAcks)
      .then(subscribeOutput)
      .then(firstSubscription, (error: Error) => log.error({ err: error, broker: where }, 'MQTT: subscribing failed'));
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
    async publish(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    async close() {
      await client.endAsync();
      await delivery.settle();
    },
  };
}
