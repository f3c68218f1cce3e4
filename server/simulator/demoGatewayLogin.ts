import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/schema';
import { DEMO_GATEWAY_SN } from './demoScenario';

/**
 * The simulator logs in to the broker as the demo gateway, like real hardware. Its password is new on
 * every start (only the hash is stored), so no demo secret ships with the product.
 */
export async function issueDemoGatewayLogin(db: Kysely<Database>): Promise<{ username: string; password: string } | undefined> {
  const password = randomBytes(18).toString('base64url');
  const result = await db
    .updateTable('gateways')
    .set({ mqtt_username: DEMO_GATEWAY_SN, mqtt_password_hash: await hashPassword(password) })
    .where('sn', '=', DEMO_GATEWAY_SN)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? { username: DEMO_GATEWAY_SN, password } : undefined;
}
