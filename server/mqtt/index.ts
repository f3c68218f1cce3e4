import type { Storage } from '../db/connect';
import type { Ingest } from '../ingest/types';
import { MqttAcl } from './acl';
import { startEmbeddedBroker } from './broker';
import { MqttCredentials } from './credentials';
import { ReadingsDelivery } from './delivery';
import { startExternalSubscriber, type ExternalSubscriber } from './external';
import { mqttSettingsFromEnv } from './settings';
import type { CommandAcks, MqttIngress, MqttLog, OutputSink } from './types';

export type { CommandAcks, MqttIngress, MqttIngressStats, MqttLog, MqttPrincipal, OutputSink } from './types';
export { mqttSettingsFromEnv, type MqttSettings } from './settings';

export interface MqttIngressOptions {
  storage: Storage;
  ingest: Ingest;
  /** Embedded broker port (0 = any free port); default MQTT_PORT, else 1883. 'off' disables ingestion. */
  port?: number | 'off';
  /** Embedded broker listen address; default MQTT_HOST, else every interface. */
  host?: string;
  /** External broker (mqtt://, mqtts://); default MQTT_URL unless `port` is given. */
  url?: string;
  log: MqttLog;
  /** Supply-command acks (gateways/{sn}/commands/ack); without it acks are refused like any other topic. */
  commands?: CommandAcks;
  /** Production output (gateways/{sn}/output); without it that topic is refused like any other. */
  output?: OutputSink;
  /** Environment to read the defaults from (tests pass their own). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts MQTT ingestion: subscribe to an external broker (url / MQTT_URL), or run the embedded broker
 * (port / MQTT_PORT), or nothing (MQTT_PORT=off, or the port is taken). Never throws for a port problem:
 * the HTTP side must keep serving, so the failure is logged and mode 'off' returned.
 */
export async function startMqttIngress(options: MqttIngressOptions): Promise<MqttIngress> {
  const settings = mqttSettingsFromEnv(options.env ?? process.env);
  const delivery = new ReadingsDelivery(options.ingest, options.storage.db, options.log);
  const off = (): MqttIngress => ({ mode: 'off', port: null, stats: delivery.stats, close: async () => undefined });
  // An explicit port means "embedded", whatever MQTT_URL says; an explicit url always means "external".
  const url = options.url ?? (options.port === undefined ? settings.url : undefined);

  if (url) {
    // MQTT_MEMBERS members of the share group, each its own connection and session: mqtt.js handles one message per
    // connection at a time (acknowledged after its commit), so K members keep K payloads in ingest for its queue to merge.
    const ids: string[] = [];
    const members = await Promise.all(
      Array.from({ length: settings.members }, (_, index) =>
        startExternalSubscriber({
          url,
          username: settings.username,
          password: settings.password,
          clientIdPrefix: settings.clientId,
          shareGroup: settings.shareGroup,
          delivery,
          log: options.log,
          ...(options.commands ? { commands: options.commands } : {}),
          ...(options.output ? { output: options.output } : {}),
          // The first member closes last: the others do not count as the group's live members when it decides.
          ...(index === 0 ? { siblings: () => new Set(ids.slice(1)) } : {}),
        }),
      ),
    );
    ids.push(...members.map((member) => member.clientId));
    const [first, ...rest] = members as [ExternalSubscriber, ...ExternalSubscriber[]];
    return {
      mode: 'external',
      port: null,
      stats: delivery.stats,
      async close(closeOptions) {
        // The others first, handing what they hold over while the first still takes the group's share; then the
        // first, which keeps its session when no other process is alive (what the broker queues meanwhile waits there).
        await Promise.all(rest.map((member) => member.close(closeOptions)));
        await first.close(closeOptions);
      },
      // Supply commands go out on one connection; acks come back through the shared subscription to any member.
      publish: first.publish,
    };
  }

  const port = options.port ?? settings.port;
  if (port === 'off') {
    options.log.info('MQTT ingestion is off (MQTT_PORT=off)');
    return off();
  }
  const broker = await startEmbeddedBroker({
    port,
    host: options.host ?? settings.host,
    credentials: new MqttCredentials(options.storage.db),
    acl: new MqttAcl(options.storage.db),
    delivery,
    log: options.log,
    ...(options.commands ? { commands: options.commands } : {}),
    ...(options.output ? { output: options.output } : {}),
    limits: {
      maxPacketBytes: settings.maxPacketBytes,
      connectTimeoutMs: settings.connectTimeoutMs,
      maxConnectionsPerAddress: settings.maxConnectionsPerAddress,
    },
  });
  if (!broker) return off();
  options.log.info({ port: broker.port }, `MQTT broker listening on port ${broker.port} (uplink gateways/{sn}/readings)`);
  return { mode: 'embedded', port: broker.port, stats: delivery.stats, close: () => broker.close(), publish: broker.publish };
}
