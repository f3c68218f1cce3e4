/**
 * The MQTT topic layout: uplink `gateways/{sn}/readings`, downlink (reserved for control)
 * `gateways/{sn}/commands`. One level per part, so a serial number can never smuggle in a wildcard or a
 * deeper path.
 */
export const READINGS_SUFFIX = 'readings';
export const COMMANDS_SUFFIX = 'commands';

/** What the external-broker mode subscribes to (`$share/<group>/` is prepended for shared subscriptions). */
export const READINGS_FILTER = 'gateways/+/readings';
/** Gateways answer supply commands on `gateways/{sn}/commands/ack` (server/prepaid/supply). */
export const ACK_SUFFIX = 'ack';
export const COMMAND_ACKS_FILTER = 'gateways/+/commands/ack';
/** Production output from a gateway's line controller or an MES (server/production/outputIngest.ts). */
export const OUTPUT_SUFFIX = 'output';
export const OUTPUT_FILTER = 'gateways/+/output';

// eslint-disable-next-line no-control-regex -- MQTT forbids U+0000 in topic names, so a serial holding one could never be a topic
const SN = /^[^/+#\u0000]{1,64}$/;

function gatewayTopic(topic: string, suffix: string): string | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'gateways' || parts[2] !== suffix) return null;
  const sn = parts[1] as string;
  return SN.test(sn) ? sn : null;
}

/** The gateway serial number of a readings topic, or null when the topic is anything else. */
export const readingsTopicSn = (topic: string): string | null => gatewayTopic(topic, READINGS_SUFFIX);

/** The gateway serial number of a commands topic (exact, no wildcards), or null. */
export const commandsTopicSn = (topic: string): string | null => gatewayTopic(topic, COMMANDS_SUFFIX);

export const readingsTopic = (sn: string): string => `gateways/${sn}/${READINGS_SUFFIX}`;
export const outputTopic = (sn: string): string => `gateways/${sn}/${OUTPUT_SUFFIX}`;

/** The gateway serial number of an output topic `gateways/{sn}/output`, or null. */
export const outputTopicSn = (topic: string): string | null => gatewayTopic(topic, OUTPUT_SUFFIX);
export const commandsTopic = (sn: string): string => `gateways/${sn}/${COMMANDS_SUFFIX}`;

/** The gateway serial number of a command ack topic `gateways/{sn}/commands/ack`, or null. */
export const commandAckTopicSn = (topic: string): string | null => {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[3] !== ACK_SUFFIX) return null;
  return gatewayTopic(parts.slice(0, 3).join('/'), COMMANDS_SUFFIX);
};
