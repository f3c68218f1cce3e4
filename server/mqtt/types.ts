/** Who an MQTT connection authenticated as: a user's MQTT account or a gateway's own credentials. */
export type MqttPrincipal = { kind: 'user'; userId: number; username: string } | { kind: 'gateway'; gatewayId: number; sn: string; username: string };

/** The part of a pino logger this module uses (fastify's `app.log` fits). */
export interface MqttLog {
  info(objOrMsg: object | string, msg?: string): void;
  warn(objOrMsg: object | string, msg?: string): void;
  error(objOrMsg: object | string, msg?: string): void;
  debug(objOrMsg: object | string, msg?: string): void;
}

/** Running counters, for logs, health checks and tests. */
export interface MqttIngressStats {
  /** Payloads handed to ingest.submit that it accepted (possibly with per-reading rejections). */
  submitted: number;
  /** Payloads refused whole: not JSON, or refused by ingest. */
  refused: number;
  /** Publishes or subscriptions the ACL refused, failed logins, and connections closed by the broker's limits (embedded mode). */
  denied: number;
  /** ingest.submit threw (nothing acknowledged; the client resends). */
  failed: number;
}

/** The supply-command side (server/prepaid/supply): acks from gateways come in here. */
export interface CommandAcks {
  onAck(sn: string, payload: Buffer): Promise<unknown>;
}

/** Production output records (gateways/{sn}/output, server/production): handled after the ACL let the publisher speak for the gateway. */
export interface OutputSink {
  onOutput(sn: string, payload: Buffer): Promise<unknown>;
}

export interface MqttIngress {
  /** `endSession`: external mode ends its broker session even as the last member (external.ts, CloseOptions). */
  close(options?: { endSession?: boolean }): Promise<void>;
  /** Publishes a downlink message (QoS 1, not retained); absent when MQTT is off. */
  publish?: (topic: string, payload: string) => Promise<void>;
  /** The embedded broker's port (the real one when 0 was asked for); null in the other modes. */
  port: number | null;
  mode: 'embedded' | 'external' | 'off';
  stats: MqttIngressStats;
}
