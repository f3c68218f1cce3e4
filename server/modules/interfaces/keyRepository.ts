import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { InterfaceKey } from '@shared/schemas';
import type { Database, InterfaceKeysTable } from '../../db/schema';

type KeyRow = Selectable<InterfaceKeysTable>;

export function toInterfaceKey(row: KeyRow): InterfaceKey {
  return {
    _id: row.id,
    name: row.name,
    state: row.state === 'active' || row.state === 'revoked' ? row.state : 'issued',
    keyHint: `…${row.key.slice(-4)}`,
    createdAt: row.created_at,
    activatedAt: row.activated_at,
    lastUsedAt: row.last_used_at,
  };
}

export class InterfaceKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A key created by `userId`, owned by its tree (`ownerUserId`, the tree root). */
  async create(userId: number, ownerUserId: number, name: string): Promise<{ row: KeyRow; key: string }> {
    const key = `ek_${randomBytes(24).toString('base64url')}`;
    const row = await this.db
      .insertInto('interface_keys')
      .values({ key, name, user_id: userId, owner_user_id: ownerUserId, created_at: Date.now(), activated_at: null, last_used_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, key };
  }

  /** The keys of a tree (`owners`, server/tenancy ownerIds; null: every tree). */
  listOwnedBy(owners: readonly number[] | null): Promise<KeyRow[]> {
    let select = this.db.selectFrom('interface_keys').selectAll();
    if (owners) select = select.where('owner_user_id', 'in', [...owners]);
    return select.orderBy('id', 'desc').execute();
  }

  findByKey(key: string): Promise<KeyRow | undefined> {
    return this.db.selectFrom('interface_keys').selectAll().where('key', '=', key).executeTakeFirst();
  }

  findById(id: number): Promise<KeyRow | undefined> {
    return this.db.selectFrom('interface_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setState(id: number, state: 'active' | 'revoked', now = Date.now()): Promise<void> {
    await this.db
      .updateTable('interface_keys')
      .set(state === 'active' ? { state, activated_at: now } : { state })
      .where('id', '=', id)
      .execute();
  }

  async touch(id: number, now = Date.now()): Promise<void> {
    await this.db.updateTable('interface_keys').set({ last_used_at: now }).where('id', '=', id).execute();
  }
}
