/** MQTT ingress settings from the environment (documented in server/README.md, "MQTT"). */
export interface MqttSettings {
  /** Embedded broker port; 'off' disables MQTT ingestion. */
  port: number | 'off';
  host: string | undefined;
  /** External broker: when set, the server subscribes there instead of running its own. */
  url: string | undefined;
  username: string | undefined;
  password: string | undefined;
  clientId: string | undefined;
  shareGroup: string | undefined;
}

export const DEFAULT_MQTT_PORT = 1883;

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
    clientId: env.MQTT_CLIENT_ID || undefined,
    shareGroup: env.MQTT_SHARE_GROUP || undefined,
  };
}
