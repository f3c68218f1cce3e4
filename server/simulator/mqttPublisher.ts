import mqtt from 'mqtt';
import { DEMO_GATEWAY_SN } from './demoScenario';
import type { GatewayCommands } from './gatewayCommands';

/** How long the demo gateway takes to work a relay before it acks. */
export const DEMO_ACK_DELAY_MS = 100;

/**
 * Publishes the simulator's payloads to the broker with QoS 1, as a gateway would; with `relays`, it also
 * obeys supply commands on gateways/{sn}/commands and acks each on gateways/{sn}/commands/ack.
 */
export async function connectDemoPublisher(
  port: number,
  login: { username: string; password: string },
  relays?: { state: GatewayCommands; knownMeter: (code: string) => boolean },
) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { ...login, clientId: `simulator-${DEMO_GATEWAY_SN}`, reconnectPeriod: 5_000 });
  if (relays) {
    client.on('message', (topic, payload) => {
      if (topic !== `gateways/${DEMO_GATEWAY_SN}/commands`) return;
      const ack = relays.state.handle(payload, relays.knownMeter);
      if (!ack) return;
      setTimeout(
        () => void client.publishAsync(`gateways/${DEMO_GATEWAY_SN}/commands/ack`, JSON.stringify(ack), { qos: 1 }).catch(() => undefined),
        DEMO_ACK_DELAY_MS,
      );
    });
    await client.subscribeAsync(`gateways/${DEMO_GATEWAY_SN}/commands`, { qos: 1 });
  }
  return {
    publish: async (payload: unknown) => {
      await client.publishAsync(`gateways/${DEMO_GATEWAY_SN}/readings`, JSON.stringify(payload), { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
