import mqtt from 'mqtt';
import { DEMO_GATEWAY_SN } from './demoScenario';

/** Publishes the simulator's payloads to the broker with QoS 1, as a gateway would. */
export async function connectDemoPublisher(port: number, login: { username: string; password: string }) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { ...login, clientId: `simulator-${DEMO_GATEWAY_SN}`, reconnectPeriod: 5_000 });
  return {
    publish: async (payload: unknown) => {
      await client.publishAsync(`gateways/${DEMO_GATEWAY_SN}/readings`, JSON.stringify(payload), { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
