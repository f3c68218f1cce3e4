import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { isDisabled } from '../users/userRepository';
import type { MqttPrincipal } from './types';

export interface CredentialCacheOptions {
  /** How long a successful check is remembered (argon2id costs ~100 ms and gateways reconnect often). */
  successTtlMs?: number;
  /** How long a failed check is remembered, so a client retrying the same wrong password in a loop costs little. */
  failureTtlMs?: number;
  maxEntries?: number;
}

interface CacheEntry {
  principal: MqttPrincipal | null;
  expiresAt: number;
}

/**
 * Checks MQTT logins against users.mqtt_username / mqtt_password_hash and then
 * gateways.mqtt_username / mqtt_password_hash (argon2id). Results are cached under a digest of the
 * attempt (username and password), never the password itself; a credential changed in the console
 * therefore takes effect within successTtlMs for clients that reconnect with the old one.
 */
export class MqttCredentials {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly successTtlMs: number;
  private readonly failureTtlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: CredentialCacheOptions = {},
  ) {
    this.successTtlMs = options.successTtlMs ?? 60_000;
    this.failureTtlMs = options.failureTtlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  async check(username: string | undefined, password: Buffer | string | undefined): Promise<MqttPrincipal | null> {
    if (!username || password === undefined) return null;
    const plain = typeof password === 'string' ? password : password.toString('utf8');
    const key = createHash('sha256').update(username).update('\u0000').update(plain).digest('base64');
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > now) return hit.principal;

    const principal = await this.verify(username, plain);
    this.remember(key, { principal, expiresAt: now + (principal ? this.successTtlMs : this.failureTtlMs) });
    return principal;
  }

  /** Forget every cached check (tests; an administrator changing credentials could call it too). */
  clear(): void {
    this.cache.clear();
  }

  private remember(key: string, entry: CacheEntry): void {
    this.cache.delete(key);
    if (this.cache.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(key, entry);
  }

  private async verify(username: string, plain: string): Promise<MqttPrincipal | null> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'mqtt_password_hash', 'status', 'type'])
      .where('mqtt_username', '=', username)
      .executeTakeFirst();
    if (user?.mqtt_password_hash && !isDisabled(user) && (await verifyPassword(user.mqtt_password_hash, plain))) {
      return { kind: 'user', userId: user.id, username };
    }
    const gateway = await this.db.selectFrom('gateways').select(['id', 'sn', 'mqtt_password_hash']).where('mqtt_username', '=', username).executeTakeFirst();
    if (gateway?.mqtt_password_hash && (await verifyPassword(gateway.mqtt_password_hash, plain))) {
      return { kind: 'gateway', gatewayId: gateway.id, sn: gateway.sn, username };
    }
    // Unknown name: spend the same argon2 time, so timing does not tell which names exist.
    if (!user?.mqtt_password_hash && !gateway?.mqtt_password_hash) await verifyPassword(await decoyPasswordHash(), plain);
    return null;
  }
}
