import { z } from 'zod';
import { UPLINK_EXAMPLE, uplinkPayloadSchema } from '@shared/metering/uplinkSchema';
import { commandsTopic, readingsTopic } from '../../mqtt/topics';

/** Where MQTT clients connect, when the server takes readings over MQTT at all. */
export interface MqttEndpoint {
  host: string;
  protocol: 'mqtt' | 'mqtts' | 'ws' | 'wss';
  /** Whether this server runs the broker, or subscribes to one the operator runs. */
  embedded: boolean;
}

const GATEWAY_SN = {
  description: 'The gateway serial number (Base data › Device): 1-64 characters, none of / + # or U+0000.',
  examples: ['GW-DEMO-01'],
};

/** The uplink payload as JSON Schema draft 7, the base of AsyncAPI's own schema format. */
export function uplinkPayloadJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(uplinkPayloadSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return schema;
}

/**
 * The MQTT contract as an AsyncAPI 3.0 document, from the topic builders the broker checks against
 * (server/mqtt/topics.ts) and the uplink schema ingest agrees with. Operations are the server's: it
 * receives readings and (reserved) sends commands.
 */
export function buildAsyncApiDocument(version: string, endpoint: MqttEndpoint | null): Record<string, unknown> {
  const readingsChannel = readingsTopic('{gatewaySn}');
  const commandsChannel = commandsTopic('{gatewaySn}');
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Energy Console MQTT',
      version,
      description:
        "Meter readings over MQTT. Publish QoS 1 to the readings topic of a gateway with a user's MQTT account (gateways of its own user tree) or the gateway's own login (that gateway only). The PUBACK comes after the readings are committed. The HTTP twin is POST /api/ingest/readings (see /api/openapi.json).",
    },
    defaultContentType: 'application/json',
    servers: endpoint
      ? {
          broker: {
            host: endpoint.host,
            protocol: endpoint.protocol,
            description: endpoint.embedded ? 'The broker this server runs.' : 'The broker this server subscribes to (MQTT_URL); its own ACL applies.',
            security: [{ $ref: '#/components/securitySchemes/mqttLogin' }],
          },
        }
      : {},
    channels: {
      gatewayReadings: {
        address: readingsChannel,
        title: 'Readings of one gateway',
        description:
          'Uplink: a payload of meter readings. Validated reading by reading: a bad one is rejected with its reason (recorded under Base data › Review), the rest are kept. Readings are idempotent on (meter, ts).',
        parameters: { gatewaySn: GATEWAY_SN },
        messages: { meterReadings: { $ref: '#/components/messages/meterReadings' } },
      },
      gatewayCommands: {
        address: commandsChannel,
        title: 'Commands to one gateway (reserved)',
        description: 'Reserved for control: a user may subscribe for gateways of its tree, a gateway login for its own; nothing is published on it yet.',
        parameters: { gatewaySn: GATEWAY_SN },
        messages: {},
      },
    },
    operations: {
      receiveReadings: {
        action: 'receive',
        channel: { $ref: '#/channels/gatewayReadings' },
        summary: 'The server takes readings published by gateways and integrators.',
        messages: [{ $ref: '#/channels/gatewayReadings/messages/meterReadings' }],
        bindings: { mqtt: { qos: 1, retain: false, bindingVersion: '0.2.0' } },
      },
      sendCommands: {
        action: 'send',
        channel: { $ref: '#/channels/gatewayCommands' },
        summary: 'Reserved: the server will send control commands here.',
        messages: [],
      },
    },
    components: {
      messages: {
        meterReadings: {
          name: 'meterReadings',
          title: 'Meter readings',
          contentType: 'application/json',
          payload: uplinkPayloadJsonSchema(),
          examples: [{ name: 'readme-sample', payload: UPLINK_EXAMPLE }],
        },
      },
      securitySchemes: {
        mqttLogin: {
          type: 'userPassword',
          description: "A user's MQTT account (user dialog) or a gateway's own MQTT login (Base data › Device › gateway).",
        },
      },
    },
  };
}

/** The endpoint of a server from its MQTT settings and the host name the caller reached it by. */
export function mqttEndpoint(settings: { port: number | 'off'; url: string | undefined }, requestHostname: string): MqttEndpoint | null {
  if (settings.url) {
    const url = new URL(settings.url);
    return { host: url.host, protocol: url.protocol.replace(':', '') as MqttEndpoint['protocol'], embedded: false };
  }
  if (settings.port === 'off') return null;
  return { host: `${requestHostname}:${settings.port}`, protocol: 'mqtt', embedded: true };
}
