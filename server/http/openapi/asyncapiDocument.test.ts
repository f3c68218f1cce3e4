import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import asyncapiSpecs from '@asyncapi/specs';
import { METRICS } from '@shared/metering/metrics';
import { COMMAND_ACKS_FILTER, commandAckTopicSn, commandsTopicSn, OUTPUT_FILTER, outputTopicSn, READINGS_FILTER, readingsTopicSn } from '../../mqtt/topics';
import { buildAsyncApiDocument, mqttEndpoint } from './asyncapiDocument';
import { UPLINK_EXAMPLE, uplinkPayloadSchema } from '@shared/metering/uplinkSchema';

type Channel = { address: string; messages: Record<string, { $ref: string }>; parameters: Record<string, unknown> };
type AsyncApi = {
  channels: Record<string, Channel>;
  operations: Record<string, { action: string; channel: { $ref: string } }>;
  servers: Record<string, { host: string; protocol: string }>;
  components: { messages: Record<string, { payload: Record<string, any>; examples: Array<{ payload: unknown }> }> };
};

const document = buildAsyncApiDocument('1.2.3', { host: 'plant.example:1883', protocol: 'mqtt', embedded: true }) as unknown as AsyncApi;
const addresses = Object.values(document.channels).map((channel) => channel.address);
const withSn = (address: string, sn: string) => address.replace('{gatewaySn}', sn);

describe('the AsyncAPI document (MQTT)', () => {
  it('is a valid AsyncAPI 3.0 document', () => {
    // Formats (uri, email…) are not checked: the document carries none that matter to a client.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(asyncapiSpecs.schemasWithoutId['3.0.0']);
    expect(validate(document) ? [] : validate.errors).toEqual([]);
  });

  it('names exactly the topics the broker accepts: readings, output and command acks to publish, commands to subscribe', () => {
    expect(addresses.sort()).toEqual([
      'gateways/{gatewaySn}/commands',
      'gateways/{gatewaySn}/commands/ack',
      'gateways/{gatewaySn}/output',
      'gateways/{gatewaySn}/readings',
    ]);
    const output = document.channels.gatewayOutput!;
    expect(outputTopicSn(withSn(output.address, 'GW-DEMO-01'))).toBe('GW-DEMO-01');
    expect(withSn(output.address, '+')).toBe(OUTPUT_FILTER);
    expect(document.operations.receiveOutput).toMatchObject({ action: 'receive', channel: { $ref: '#/channels/gatewayOutput' } });
    const acks = document.channels.gatewayCommandAcks!;
    expect(commandAckTopicSn(withSn(acks.address, 'GW-DEMO-01'))).toBe('GW-DEMO-01');
    expect(withSn(acks.address, '+')).toBe(COMMAND_ACKS_FILTER);
    const readings = document.channels.gatewayReadings!;
    const commands = document.channels.gatewayCommands!;
    // The broker's own parsers take each address with a real serial number in place of its parameter.
    expect(readingsTopicSn(withSn(readings.address, 'GW-DEMO-01'))).toBe('GW-DEMO-01');
    expect(commandsTopicSn(withSn(commands.address, 'GW-DEMO-01'))).toBe('GW-DEMO-01');
    expect(readingsTopicSn(withSn(commands.address, 'GW-DEMO-01'))).toBeNull();
    // An external broker is subscribed with the same topic, its parameter as the single-level wildcard.
    expect(withSn(readings.address, '+')).toBe(READINGS_FILTER);
    for (const channel of [readings, commands]) expect(Object.keys(channel.parameters)).toEqual(['gatewaySn']);
    expect(document.operations.receiveReadings).toMatchObject({ action: 'receive', channel: { $ref: '#/channels/gatewayReadings' } });
    expect(document.operations.sendCommands).toMatchObject({ action: 'send', channel: { $ref: '#/channels/gatewayCommands' } });
  });

  it('gives the readings message the uplink schema: required fields, meter code, metrics, batch limit', () => {
    const payload = document.components.messages.meterReadings!.payload;
    expect(payload.$schema).toBeUndefined();
    expect(payload.required).toEqual(['readings']);
    expect(payload.properties.readings.maxItems).toBe(5000);
    const reading = payload.properties.readings.items;
    expect(reading.required).toEqual(['meter', 'values']);
    expect(reading.properties.meter.pattern).toBe('^[\\w.:-]{1,64}$');
    expect(Object.keys(reading.properties.values.properties)).toEqual(METRICS.map((metric) => metric.code));
    expect(reading.properties.values.additionalProperties).toBe(false);
  });

  it('carries an example the uplink schema and its own payload schema accept, and one they refuse', () => {
    const example = document.components.messages.meterReadings!.examples[0]!.payload;
    expect(example).toEqual(UPLINK_EXAMPLE);
    expect(uplinkPayloadSchema.safeParse(example).success).toBe(true);
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(document.components.messages.meterReadings!.payload);
    expect(validate(example)).toBe(true);
    expect(validate({ ts: 1795342800000, readings: [{ meter: 'M011', values: { volts: 230 } }] })).toBe(false);
    expect(validate({ ts: 1795342800000 })).toBe(false);
  });

  it("names the broker: this server's own on its MQTT port, the operator's with MQTT_URL, none when MQTT is off", () => {
    expect(mqttEndpoint({ port: 1884, url: undefined }, 'plant.example')).toEqual({ host: 'plant.example:1884', protocol: 'mqtt', embedded: true });
    expect(mqttEndpoint({ port: 1883, url: 'mqtts://broker.plant:8883' }, 'plant.example')).toEqual({
      host: 'broker.plant:8883',
      protocol: 'mqtts',
      embedded: false,
    });
    expect(mqttEndpoint({ port: 'off', url: undefined }, 'plant.example')).toBeNull();
    expect(buildAsyncApiDocument('1.2.3', null).servers).toEqual({});
  });
});
