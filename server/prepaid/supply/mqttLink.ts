import type { FastifyInstance } from 'fastify';
import type { CommandAcks, MqttIngress } from '../../mqtt';

/** What startMqttIngress takes so gateways' acks reach supply control. */
export function supplyAcks(app: FastifyInstance): CommandAcks {
  return { onAck: (sn, payload) => app.prepaid.supply.handleAck(sn, payload) };
}

/** After MQTT started: supply commands are published through it (nothing when MQTT is off: they wait, pending). */
export function connectSupply(app: FastifyInstance, mqtt: MqttIngress): void {
  app.prepaid.supply.connect(mqtt.publish ? { publish: mqtt.publish } : null);
}
