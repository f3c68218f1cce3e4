import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { hashPassword } from '../auth/passwords';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';

/**
 * Per-gateway MQTT credentials (argon2id). An MQTT username names one principal only, so it must be
 * unused by every user and every other gateway. A gateway of another tree is "the selected gateway does
 * not exist": whoever sets its login could publish into that tree's meters.
 */
export async function setGatewayCredentials(
  db: Kysely<Database>,
  gatewayId: number,
  username: string,
  password: string,
  scope: OwnerScope,
): Promise<{ mqttUsername: string }> {
  const gateway = await db.selectFrom('gateways').select(['id', 'owner_user_id']).where('id', '=', gatewayId).executeTakeFirst();
  if (!gateway || !inScope(scope, gateway.owner_user_id)) throw new AppError('GATEWAY_NOT_FOUND');
  const takenByUser = await db.selectFrom('users').select('id').where('mqtt_username', '=', username).executeTakeFirst();
  const takenByGateway = await db.selectFrom('gateways').select('id').where('mqtt_username', '=', username).where('id', '!=', gatewayId).executeTakeFirst();
  if (takenByUser || takenByGateway) throw new AppError('VALIDATION_FAILED', { message: `mqttUsername: "${username}" is already used` });
  await db
    .updateTable('gateways')
    .set({ mqtt_username: username, mqtt_password_hash: await hashPassword(password) })
    .where('id', '=', gatewayId)
    .execute();
  return { mqttUsername: username };
}
