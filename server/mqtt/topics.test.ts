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

  it('reads MQTT_MEMBERS: 1 by default, 1 to 32', () => {
    expect(mqttSettingsFromEnv({}).members).toBe(1);
    expect(mqttSettingsFromEnv({ MQTT_MEMBERS: '4' }).members).toBe(4);
    expect(mqttSettingsFromEnv({ MQTT_MEMBERS: '32' }).members).toBe(32);
    expect(() => mqttSettingsFromEnv({ MQTT_MEMBERS: '0' })).toThrow('MQTT_MEMBERS must be a whole number of at least 1, got "0"');
    expect(() => mqttSettingsFromEnv({ MQTT_MEMBERS: '33' })).toThrow('MQTT_MEMBERS must be at most 32, got "33"');
  });
});
