import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MqttPrincipal } from './types';
import { inScope, ownerScopeOfUser } from '../tenancy/ownerScope';

/**
 * Which gateways a principal may speak for: a user those owned by itself or by any user below it
 * (users.father_id tree), a gateway credential only its own serial number. Decisions are cached briefly
 * because every publish asks and the answer rarely changes.
 */
export class MqttAcl {
  private readonly cache = new Map<string, { allowed: boolean; expiresAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  async mayUseGateway(principal: MqttPrincipal, sn: string): Promise<boolean> {
    if (principal.kind === 'gateway') return principal.sn === sn;
    const key = `${principal.userId}\u0000${sn}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > now) return hit.allowed;
    const allowed = await this.userOwnsGateway(principal.userId, sn);
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(key, { allowed, expiresAt: now + this.ttlMs });
    return allowed;
  }

  clear(): void {
    this.cache.clear();
  }

  /** The gateway's owner must be in the user's tree (server/tenancy: a sub-user works for its tree root's gateways). */
  private async userOwnsGateway(userId: number, sn: string): Promise<boolean> {
    const gateway = await this.db.selectFrom('gateways').select('owner_user_id').where('sn', '=', sn).executeTakeFirst();
    if (!gateway) return false;
    return inScope(await ownerScopeOfUser(this.db, userId), gateway.owner_user_id);
  }
}
