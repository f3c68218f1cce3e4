import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Ingest } from '../ingest/types';
import type { MqttIngressStats, MqttLog } from './types';
import { rejectionOwner } from '../ingest/rejectionOwner';

export class RetryLater extends Error {}

/**
 * One readings message, from either mode: decode the JSON, hand it to ingest and resolve only after ingest
 * has committed (the caller acknowledges QoS 1 then). Resolving means "acknowledge"; rejecting means
 * "do not acknowledge, let the publisher resend". A payload that can never succeed (not JSON, refused
 * whole) is acknowledged: resending it would loop forever.
 */
export class ReadingsDelivery {
  readonly stats: MqttIngressStats = { submitted: 0, refused: 0, denied: 0, failed: 0 };
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly ingest: Ingest,
    private readonly db: Kysely<Database>,
    private readonly log: MqttLog,
  ) {}

  deliver(sn: string, payload: Buffer): Promise<void> {
    const work = this.process(sn, payload);
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** True while ingestion has more waiting than it should take in (the broker stops reading connections). */
  congested(): boolean {
    return this.ingest.congested?.() ?? false;
  }

  /** Waits for messages already being ingested, so shutdown closes storage only after they committed. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async process(sn: string, payload: Buffer): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      this.stats.refused++;
      this.log.warn({ gatewaySn: sn, bytes: payload.length }, 'MQTT readings payload is not valid JSON; refused');
      await this.recordRefusal(sn, 'payload is not valid JSON');
      return;
    }
    let outcome;
    try {
      outcome = await this.ingest.submit(parsed, { kind: 'mqtt', gatewaySn: sn });
    } catch (error) {
      this.stats.failed++;
      this.log.error({ gatewaySn: sn, err: error }, 'MQTT readings could not be ingested; left unacknowledged');
      throw error;
    }
    if ('refused' in outcome) {
      this.stats.refused++;
      this.log.warn({ gatewaySn: sn, reason: outcome.refused }, 'MQTT readings payload refused');
      // "Not now" (ingest's queue is full): leave it unacknowledged so the publisher resends it.
      if (outcome.busy) throw new RetryLater(outcome.refused);
      return;
    }
    this.stats.submitted++;
  }

  /** Bad JSON never reaches ingest, so it is recorded here with the other rejections (visible in the console). */
  private async recordRefusal(sn: string, reason: string): Promise<void> {
    try {
      await this.db
        .insertInto('ingest_rejections')
        .values({ at: Date.now(), source: 'mqtt', gateway_sn: sn, meter_code: null, reason, owner_user_id: await rejectionOwner(this.db, { gatewaySn: sn }) })
        .execute();
    } catch (error) {
      this.log.warn({ err: error }, 'could not record an MQTT refusal');
    }
  }
}
