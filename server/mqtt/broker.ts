import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes';
import type { MqttAcl } from './acl';
import type { MqttCredentials } from './credentials';
import type { ReadingsDelivery } from './delivery';
import { PacketGuard, type PacketLimits } from './packetGuard';
import { ReadGate } from './readGate';
import { commandAckTopicSn, commandsTopicSn, outputTopicSn, readingsTopicSn } from './topics';
import type { CommandAcks, MqttLog, MqttPrincipal, OutputSink } from './types';

// CONNACK return codes (MQTT 3.1.1 §3.2.2.3); aedes declares them as an ambient const enum.
const IDENTIFIER_REJECTED = 2 as AuthErrorCode;
const SERVER_UNAVAILABLE = 3 as AuthErrorCode;
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode;

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string | undefined;
  credentials: MqttCredentials;
  acl: MqttAcl;
  delivery: ReadingsDelivery;
  log: MqttLog;
  /** Supply-command acks: a gateway may publish gateways/{its sn}/commands/ack. */
  commands?: CommandAcks;
  /** Production output: a client may publish gateways/{sn}/output for the gateways it may speak for. */
  output?: OutputSink;
  limits: PacketLimits & {
    /** Simultaneous connections one remote address may hold (MQTT_MAX_CONNECTIONS_PER_ADDRESS). */
    maxConnectionsPerAddress: number;
  };
}

export interface EmbeddedBroker {
  port: number;
  close(): Promise<void>;
  /** Publishes from the server itself (supply commands on gateways/{sn}/commands), QoS 1, not retained. */
  publish(topic: string, payload: string): Promise<void>;
}

const connackError = (message: string, returnCode: AuthErrorCode): AuthenticateError => Object.assign(new Error(message), { returnCode });

const principalKey = (p: MqttPrincipal): string => (p.kind === 'user' ? `u${p.userId}` : `g${p.gatewayId}`);

/**
 * The embedded broker (aedes on a plain TCP server). It exists to take readings in: a client may publish
 * only `gateways/{sn}/readings` for gateways it may speak for, and the readings are committed before the
 * publish is acknowledged. Returns null when the port cannot be opened (already logged); the rest of the
 * server keeps running.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker | null> {
  const { credentials, acl, delivery, log, limits } = options;
  const principals = new WeakMap<Client, MqttPrincipal>();
  // Which principal holds each client id: another account must not take over (disconnect) a gateway's session.
  const holders = new Map<string, { client: Client; key: string }>();
  const guards = new WeakMap<Socket, PacketGuard>();
  const perAddress = new Map<string, number>();

  const broker = await Aedes.createBroker({
    // The guard closes a connection whose CONNECT has not arrived by then; aedes' own timer says the same.
    connectTimeout: limits.connectTimeoutMs,
    authenticate(client, username, password, done) {
      credentials.check(username, password).then(
        (principal) => {
          if (!principal) {
            delivery.stats.denied++;
            log.warn({ clientId: client.id, username }, 'MQTT login refused: bad username or password');
            return done(connackError('Bad username or password', BAD_USERNAME_OR_PASSWORD), null);
          }
          const holder = holders.get(client.id);
          if (holder && holder.key !== principalKey(principal) && !holder.client.closed) {
            delivery.stats.denied++;
            log.warn({ clientId: client.id, username }, 'MQTT login refused: client id in use by another account');
            return done(connackError('Client id in use by another account', IDENTIFIER_REJECTED), null);
          }
          principals.set(client, principal);
          guards.get(client.conn as Socket)?.authenticated();
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT login could not be checked');
          done(connackError('Server unavailable', SERVER_UNAVAILABLE), null);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      const principal = client ? principals.get(client) : undefined;
      const sn = readingsTopicSn(packet.topic);
      // A refused publish is answered with an error: aedes then closes the connection, the only refusal
      // MQTT 3.1.1 has for PUBLISH (there is no negative PUBACK).
      const refuse = (why: string) => {
        delivery.stats.denied++;
        log.warn({ clientId: client?.id, username: principal?.username, topic: packet.topic }, `MQTT publish refused: ${why}`);
        callback(new Error(`publish to ${packet.topic} refused: ${why}`));
      };
      if (!principal) return refuse('not authenticated');
      const ackSn = options.commands ? commandAckTopicSn(packet.topic) : null;
      if (ackSn !== null) {
        acl.mayUseGateway(principal, ackSn).then(
          (allowed) => {
            if (!allowed) return refuse(`gateway ${ackSn} is not in this account's tree`);
            packet.retain = false;
            options.commands?.onAck(ackSn, packet.payload as Buffer).then(
              () => callback(null),
              (error: Error) => callback(error),
            );
          },
          (error: Error) => callback(error),
        );
        return;
      }
      const outputSn = options.output ? outputTopicSn(packet.topic) : null;
      if (outputSn !== null) {
        acl.mayUseGateway(principal, outputSn).then(
          (allowed) => {
            if (!allowed) return refuse(`gateway ${outputSn} is not in this account's tree`);
            packet.retain = false;
            // Written first, acknowledged after, as readings are.
            options.output?.onOutput(outputSn, packet.payload as Buffer).then(
              () => callback(null),
              (error: Error) => callback(error),
            );
          },
          (error: Error) => callback(error),
        );
        return;
      }
      if (sn === null) return refuse('only gateways/{sn}/readings and gateways/{sn}/commands/ack may be published');
      acl.mayUseGateway(principal, sn).then(
        (allowed) => {
          if (!allowed) return refuse(`gateway ${sn} is not in this account's tree`);
          // Readings are a stream, not state: never keep one as a retained message.
          packet.retain = false;
          // Ingest first, acknowledge after: aedes sends the QoS 1 PUBACK only once this callback runs.
          delivery.deliver(sn, packet.payload as Buffer).then(
            () => callback(null),
            (error: Error) => callback(error),
          );
        },
        (error: Error) => {
          log.error({ err: error }, 'MQTT publish could not be authorised');
          callback(error);
        },
      );
    },

    authorizeSubscribe(client, subscription, callback) {
      const principal = principals.get(client);
      const sn = commandsTopicSn(subscription.topic);
      // A refused subscription is negated (SUBACK 0x80) rather than fatal: the connection stays up.
      const refuse = () => {
        delivery.stats.denied++;
        log.warn({ clientId: client.id, username: principal?.username, topic: subscription.topic }, 'MQTT subscription refused');
        callback(null, null);
      };
      if (!principal || sn === null) return refuse();
      acl.mayUseGateway(principal, sn).then(
        (allowed) => (allowed ? callback(null, subscription) : refuse()),
        (error: Error) => callback(error),
      );
    },
  });

  broker.on('clientReady', (client) => {
    const principal = principals.get(client);
    if (principal) holders.set(client.id, { client, key: principalKey(principal) });
  });
  broker.on('clientDisconnect', (client) => {
    if (holders.get(client.id)?.client === client) holders.delete(client.id);
  });
  broker.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error }, 'MQTT client error'));
  broker.on('connectionError', (_client, error) => log.debug({ err: error }, 'MQTT connection error'));

  // While ingestion is congested, connections are not read: TCP holds the publishers back.
  const gate = new ReadGate(() => delivery.congested());
  const server: Server = createServer((socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      delivery.stats.denied++;
      log.warn({ address }, `MQTT connection refused: ${address} already has ${open} connections (MQTT_MAX_CONNECTIONS_PER_ADDRESS)`);
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    gate.attach(socket);
    // Attached after the gate: it sees exactly the bytes the gate lets aedes read.
    guards.set(
      socket,
      new PacketGuard(socket, limits, (reason) => {
        delivery.stats.denied++;
        log.warn({ address }, `MQTT connection closed: ${reason}`);
      }),
    );
    broker.handle(socket);
  });
  const listening = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    server.once('error', resolve);
    server.listen(options.port, options.host, () => {
      server.off('error', resolve);
      resolve(null);
    });
  });
  if (listening) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    // One plain sentence with the fix; the error itself (a stack) only at debug.
    log.error(mqttPortProblem(options.port, listening));
    log.debug({ err: listening }, 'MQTT listen error');
    return null;
  }
  server.on('error', (error) => log.error({ err: error }, 'MQTT listener error'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    async close() {
      // Stop accepting, disconnect clients, then wait for readings already being ingested to commit.
      gate.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
      await delivery.settle();
    },
  };
}

/** What a failed MQTT listen means for the site and how to fix it, in one sentence. */
export function mqttPortProblem(port: number, error: NodeJS.ErrnoException): string {
  const consequence = 'so devices cannot publish readings to this server (MQTT ingestion is off)';
  if (error.code === 'EADDRINUSE')
    return `MQTT: port ${port} is taken by another program, ${consequence}; set MQTT_PORT to a free port, or MQTT_URL to use that broker.`;
  return `MQTT: port ${port} cannot be opened (${error.code ?? error.message}), ${consequence}; set MQTT_PORT to a free port above 1023, or MQTT_URL to use another broker.`;
}
