import type { Kysely, Selectable } from 'kysely';
import type { MimicIcon, Sprite } from '@shared/schemas/sprites';
import type { Database, SpritesTable } from '../db/schema';

/** A checked sprite body (spriteBodySchema's output). */
export type SpriteFields = Pick<Sprite, 'name' | 'picture' | 'icons'>;

function toSprite(row: Selectable<SpritesTable>): Sprite {
  return {
    id: row.id,
    name: row.name,
    picture: row.picture,
    icons: JSON.parse(row.icons) as MimicIcon[],
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Plant pictures with meter icons (sprites table, migration 0011); icons kept as JSON text. */
export class SpriteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `owners`: only the sprites of these owners (a caller's tree), null for all. */
  async list(owners: readonly number[] | null): Promise<Sprite[]> {
    if (owners !== null && owners.length === 0) return [];
    let query = this.db.selectFrom('sprites').selectAll();
    if (owners !== null) query = query.where('owner_user_id', 'in', [...owners]);
    const rows = await query.orderBy('name').orderBy('id').execute();
    return rows.map(toSprite);
  }

  async get(id: number): Promise<Sprite | undefined> {
    const row = await this.db.selectFrom('sprites').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSprite(row);
  }

  async ownerOf(id: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('sprites').select('owner_user_id').where('id', '=', id).executeTakeFirst();
    return row?.owner_user_id;
  }

  async create(fields: SpriteFields, by: string, ownerUserId: number): Promise<Sprite> {
    const now = Date.now();
    const row = await this.db
      .insertInto('sprites')
      .values({
        name: fields.name,
        picture: fields.picture,
        icons: JSON.stringify(fields.icons),
        created_at: now,
        updated_at: now,
        updated_by: by,
        owner_user_id: ownerUserId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSprite(row);
  }

  async update(id: number, fields: SpriteFields, by: string): Promise<Sprite | undefined> {
    const row = await this.db
      .updateTable('sprites')
      .set({ name: fields.name, picture: fields.picture, icons: JSON.stringify(fields.icons), updated_at: Date.now(), updated_by: by })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toSprite(row);
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('sprites').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
