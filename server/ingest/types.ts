import type { RejectedReading } from '@shared/metering';

/** Where a payload came from: recorded with rejections and used for the gateway check. */
export interface IngestSource {
  kind: 'mqtt' | 'http';
  /** MQTT: the gateway in the topic; every reading's meter must sit on it. */
  gatewaySn?: string;
  /** HTTP: gateways in the interface key owner's user tree; every reading's meter must sit on one. */
  allowedGatewayIds?: ReadonlySet<number>;
  /** HTTP: the interface key's owner, whose tree lists this payload's rejections. */
  ownerUserId?: number;
}

/** What happened to one payload, known only after its transaction committed. */
export interface IngestOutcome {
  accepted: number;
  /** Readings already stored for that (meter, ts): idempotent replays. */
  duplicates: number;
  rejected: RejectedReading[];
}

/** The whole payload was refused (not JSON, readings not an array, too many, queue full). */
export interface IngestRefusal {
  refused: string;
  /** True when the queue is full: retry later (not the payload's fault). */
  busy?: boolean;
}

export interface Ingest {
  /** Validates, stores and rolls up; resolves after commit (QoS 1 and HTTP acknowledge only then). */
  submit(payload: unknown, source: IngestSource): Promise<IngestOutcome | IngestRefusal>;
  /** True while enough is waiting to be written that senders should be slowed down (MQTT stops reading). */
  congested?(): boolean;
}
