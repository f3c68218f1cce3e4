import { z } from 'zod';
import { UPLINK_EXAMPLE, uplinkPayloadSchema } from '@shared/metering/uplinkSchema';
import { ACK_SUFFIX, commandsTopic, outputTopic, readingsTopic } from '../../mqtt/topics';
import { OUTPUT_EXAMPLE, OUTPUT_MAX_RECORDS } from '@shared/production/api';
import { COMMAND_ACK_TIMEOUT_MS, COMMAND_RETRY_DELAYS_MS } from '@shared/prepaid';

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
  const acksChannel = `${commandsChannel}/${ACK_SUFFIX}`;
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
        title: 'Supply commands to one gateway',
        description: `Downlink (QoS 1, not retained): cut off or restore the supply of one meter behind the gateway (prepaid rooms: the balance reached the credit limit, a top-up brought it back, or an operator did it by hand). A user may subscribe for gateways of its tree, a gateway login for its own only. Answer every command on the ack topic; without an ack within ${COMMAND_ACK_TIMEOUT_MS / 1000} s the same command (same commandId) is sent again after ${COMMAND_RETRY_DELAYS_MS.map((ms) => ms / 1000).join(', ')} s, then it is shown to operators as unknown. A command can arrive twice: act on a commandId once and ack it again.`,
        parameters: { gatewaySn: GATEWAY_SN },
        messages: { supplyCommand: { $ref: '#/components/messages/supplyCommand' } },
      },
      gatewayOutput: {
        address: outputTopic('{gatewaySn}'),
        title: 'Production output behind one gateway',
        description: `Uplink: output records of production lines (a line controller or an MES), the payload of POST /api/ingest/output. Lines and products are found by code in the gateway's user tree; checked record by record (a bad one is logged with its reason, the rest are written); a record with a reference that was sent before updates that record. At most ${OUTPUT_MAX_RECORDS} records per message; the PUBACK comes after the write.`,
        parameters: { gatewaySn: GATEWAY_SN },
        messages: { outputRecords: { $ref: '#/components/messages/outputRecords' } },
      },
      gatewayCommandAcks: {
        address: acksChannel,
        title: 'Acks of supply commands',
        description:
          'Uplink: the gateway says whether it carried out a command (ok true) or could not (ok false, with a message shown to operators). Publish with the same login as the readings; a gateway login may ack only its own commands.',
        parameters: { gatewaySn: GATEWAY_SN },
        messages: { commandAck: { $ref: '#/components/messages/commandAck' } },
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
        summary: 'The server sends cut-off and restore commands to gateways.',
        messages: [{ $ref: '#/channels/gatewayCommands/messages/supplyCommand' }],
        bindings: { mqtt: { qos: 1, retain: false, bindingVersion: '0.2.0' } },
      },
      receiveOutput: {
        action: 'receive',
        channel: { $ref: '#/channels/gatewayOutput' },
        summary: 'The server takes production output records for the lines of the gateway’s tree.',
        messages: [{ $ref: '#/channels/gatewayOutput/messages/outputRecords' }],
        bindings: { mqtt: { qos: 1, retain: false, bindingVersion: '0.2.0' } },
      },
      receiveCommandAcks: {
        action: 'receive',
        channel: { $ref: '#/channels/gatewayCommandAcks' },
        summary: 'The server takes the gateways’ answers to its commands.',
        messages: [{ $ref: '#/channels/gatewayCommandAcks/messages/commandAck' }],
        bindings: { mqtt: { qos: 1, retain: false, bindingVersion: '0.2.0' } },
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
        outputRecords: {
          name: 'outputRecords',
          title: 'Output records',
          contentType: 'application/json',
          payload: {
            type: 'object',
            required: ['records'],
            properties: {
              records: {
                type: 'array',
                minItems: 1,
                maxItems: OUTPUT_MAX_RECORDS,
                items: {
                  type: 'object',
                  required: ['line', 'product', 'day', 'quantity'],
                  properties: {
                    line: { type: 'string', description: 'The production line code.' },
                    product: { type: 'string', description: 'The product code.' },
                    day: { type: 'string', format: 'date', description: 'Production day YYYY-MM-DD (a night shift belongs to the day it starts).' },
                    shift: { type: ['string', 'null'], description: "A shift template's name, or null for the whole day." },
                    quantity: { type: 'number', exclusiveMinimum: 0 },
                    reference: { type: 'string', maxLength: 100, description: 'Your idempotency key: sent again, it updates the record.' },
                  },
                },
              },
            },
          },
          examples: [{ name: 'two-records', payload: OUTPUT_EXAMPLE }],
        },
        supplyCommand: {
          name: 'supplyCommand',
          title: 'Supply command',
          contentType: 'application/json',
          payload: {
            type: 'object',
            required: ['commandId', 'meter', 'action', 'issuedAt'],
            additionalProperties: false,
            properties: {
              commandId: { type: 'string', description: 'Unique per command; a resend carries the same id.' },
              meter: { type: 'string', description: 'The meter code (as in the readings payload).' },
              action: { type: 'string', enum: ['cut', 'restore'] },
              issuedAt: { type: 'integer', description: 'When the command was decided (epoch ms).' },
            },
          },
          examples: [{ name: 'cut', payload: { commandId: '0b7e5d0e-8f0c-4a53-9d1e-2f2b3c4d5e6f', meter: 'M101', action: 'cut', issuedAt: 1764150000000 } }],
        },
        commandAck: {
          name: 'commandAck',
          title: 'Command ack',
          contentType: 'application/json',
          payload: {
            type: 'object',
            required: ['commandId', 'ok'],
            properties: {
              commandId: { type: 'string' },
              ok: { type: 'boolean', description: 'true: done; false: could not (the command is failed, the room shown as unknown).' },
              message: { type: 'string', maxLength: 200 },
            },
          },
          examples: [{ name: 'done', payload: { commandId: '0b7e5d0e-8f0c-4a53-9d1e-2f2b3c4d5e6f', ok: true } }],
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
