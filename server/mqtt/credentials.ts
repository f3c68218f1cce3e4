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
  /** The stored credentials the verdict was reached on (see `fingerprint`). */
  fingerprint: string;
}

interface StoredLogin {
  user: { id: number; mqtt_password_hash: string | null; status: number; type: number } | undefined;
  gateway: { id: number; sn: string; mqtt_password_hash: string | null } | undefined;
}

/** Everything a verdict depends on besides the password: the hashes, the account state, who holds the name. */
const fingerprint = ({ user, gateway }: StoredLogin): string =>
  JSON.stringify([user?.id, user?.mqtt_password_hash, user ? isDisabled(user) : null, gateway?.id, gateway?.sn, gateway?.mqtt_password_hash]);

/**
 * Checks MQTT logins against users.mqtt_username / mqtt_password_hash and then
 * gateways.mqtt_username / mqtt_password_hash (argon2id). Results are cached under a digest of the
 * attempt (username and password), never the password itself. The cache saves the argon2 check, not the
 * database: a hit is used only while the stored credentials it was reached on are unchanged (two indexed reads),
 * so a password changed, a name moved or an account disabled, through this process or any other sharing the
 * database, takes effect on the next connection everywhere.
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
    const stored = await this.stored(username);
    const current = fingerprint(stored);
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > now && hit.fingerprint === current) return hit.principal;

    const principal = await this.verify(username, plain, stored);
    this.remember(key, { principal, expiresAt: now + (principal ? this.successTtlMs : this.failureTtlMs), fingerprint: current });
    return principal;
  }

  /** Forget every cached check (tests). */
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

  private async stored(username: string): Promise<StoredLogin> {
    const [user, gateway] = await Promise.all([
      this.db.selectFrom('users').select(['id', 'mqtt_password_hash', 'status', 'type']).where('mqtt_username', '=', username).executeTakeFirst(),
      this.db.selectFrom('gateways').select(['id', 'sn', 'mqtt_password_hash']).where('mqtt_username', '=', username).executeTakeFirst(),
    ]);
    return { user, gateway };
  }

  private async verify(username: string, plain: string, { user, gateway }: StoredLogin): Promise<MqttPrincipal | null> {
    if (user?.mqtt_password_hash && !isDisabled(user) && (await verifyPassword(user.mqtt_password_hash, plain))) {
      return { kind: 'user', userId: user.id, username };
    }
    if (gateway?.mqtt_password_hash && (await verifyPassword(gateway.mqtt_password_hash, plain))) {
      return { kind: 'gateway', gatewayId: gateway.id, sn: gateway.sn, username };
    }
    // Unknown name: spend the same argon2 time, so timing does not tell which names exist.
    if (!user?.mqtt_password_hash && !gateway?.mqtt_password_hash) await verifyPassword(await decoyPasswordHash(), plain);
    return null;
  }
}
