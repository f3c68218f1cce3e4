import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MqttLog, OutputSink } from '../mqtt';
import { ownerTreeOf } from '../tenancy/ownerScope';
import { ingestOutput } from './outputIngest';

/**
 * gateways/{sn}/output: the broker's ACL already let the publisher speak for gateway `sn`; the records are read in
 * the gateway's tree (its owner's), as its readings are. MQTT has no answer body, so each rejection is logged with
 * its reason (the HTTP twin answers them); a payload that is not JSON is logged and acknowledged, never resent.
 */
export function productionOutputSink(db: Kysely<Database>, log: MqttLog): OutputSink {
  return {
    async onOutput(sn, payload) {
      const gateway = await db.selectFrom('gateways').select('owner_user_id').where('sn', '=', sn).executeTakeFirst();
      if (!gateway) return log.warn({ sn }, `MQTT output refused: no gateway ${sn}`);
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        return log.warn({ sn }, 'MQTT output refused: the payload is not JSON');
      }
      const outcome = await ingestOutput(db, body, await ownerTreeOf(db, gateway.owner_user_id), 'mqtt');
      if ('refused' in outcome) return log.warn({ sn }, `MQTT output refused: ${outcome.refused}`);
      for (const rejection of outcome.rejected) log.warn({ sn, ...rejection }, `MQTT output record ${rejection.index} rejected: ${rejection.reason}`);
      log.debug({ sn, created: outcome.created, updated: outcome.updated }, 'MQTT output written');
    },
  };
}
