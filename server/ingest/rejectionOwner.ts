import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { IngestSource } from './types';

/**
 * The tree a rejected payload is listed in (base/check): the interface key's owner for HTTP, the owner
 * of the topic's gateway for MQTT, and the built-in admin's tree when the gateway is unknown (nobody
 * else may learn what was sent under a serial number that is not theirs).
 */
export async function rejectionOwner(db: Kysely<Database>, source: Pick<IngestSource, 'gatewaySn' | 'ownerUserId'>): Promise<number> {
  if (source.ownerUserId !== undefined) return source.ownerUserId;
  if (source.gatewaySn !== undefined) {
    const gateway = await db.selectFrom('gateways').select('owner_user_id').where('sn', '=', source.gatewaySn).executeTakeFirst();
    if (gateway) return Number(gateway.owner_user_id);
  }
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  return Number(admin?.id ?? 1);
}
