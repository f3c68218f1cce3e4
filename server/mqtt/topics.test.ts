import { describe, expect, it } from 'vitest';
import { commandsTopicSn, readingsTopicSn } from './topics';
import { mqttSettingsFromEnv } from './settings';

describe('MQTT topics', () => {
  it('takes the serial number from gateways/{sn}/readings and nothing else', () => {
    expect(readingsTopicSn('gateways/GW-DEMO-01/readings')).toBe('GW-DEMO-01');
    for (const topic of [
      'gateways/GW/commands',
      'gateways//readings',
      'gateways/+/readings',
      'gateways/#',
      'gateways/a/b/readings',
      'x/GW/readings',
      '/gateways/GW/readings',
    ]) {
      expect(readingsTopicSn(topic)).toBeNull();
    }
    expect(commandsTopicSn('gateways/GW-DEMO-01/commands')).toBe('GW-DEMO-01');
    expect(commandsTopicSn('gateways/+/commands')).toBeNull();
  });
});

describe('MQTT settings', () => {
  it('reads the environment', () => {
    expect(mqttSettingsFromEnv({}).port).toBe(1883);
    expect(mqttSettingsFromEnv({ MQTT_PORT: 'off' }).port).toBe('off');
    expect(mqttSettingsFromEnv({ MQTT_PORT: '11883', MQTT_URL: 'mqtt://b:1883' })).toMatchObject({ port: 11883, url: 'mqtt://b:1883' });
    expect(() => mqttSettingsFromEnv({ MQTT_PORT: 'abc' })).toThrow(/MQTT_PORT/);
  });
});
