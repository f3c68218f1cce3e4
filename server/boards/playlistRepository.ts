import type { Kysely, Selectable } from 'kysely';
import type { Playlist, PlaylistBody } from '@shared/schemas/boards';
import type { Database, PlaylistsTable } from '../db/schema';

type PlaylistRow = Selectable<PlaylistsTable>;

const toPlaylist = (row: PlaylistRow): Playlist => ({
  id: row.id,
  name: row.name,
  entries: JSON.parse(row.entries) as Playlist['entries'],
  updatedAt: Number(row.updated_at),
});

/** Playlists as stored: entries as JSON [{boardId, seconds}]. */
export class PlaylistRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `owners`: only playlists of these owners (a caller's tree); null for every playlist. */
  async list(owners: readonly number[] | null = null): Promise<Playlist[]> {
    if (owners !== null && owners.length === 0) return [];
    let query = this.db.selectFrom('playlists').selectAll();
    if (owners !== null) query = query.where('owner_user_id', 'in', [...owners]);
    return (await query.orderBy('name').orderBy('id').execute()).map(toPlaylist);
  }

  async ownerOf(id: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('playlists').select('owner_user_id').where('id', '=', id).executeTakeFirst();
    return row?.owner_user_id;
  }

  async find(id: number): Promise<Playlist | undefined> {
    const row = await this.db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPlaylist(row) : undefined;
  }

  async insert(body: PlaylistBody, now: number, ownerUserId: number): Promise<number> {
    const row = await this.db
      .insertInto('playlists')
      .values({ name: body.name, entries: JSON.stringify(body.entries), updated_at: now, owner_user_id: ownerUserId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, body: PlaylistBody, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('playlists')
      .set({ name: body.name, entries: JSON.stringify(body.entries), updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('playlists').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * A deleted board leaves every playlist that showed it. A playlist left with no entries stays (the
   * console shows it empty, a wall on it shows "nothing to show") rather than vanishing under a display.
   */
  async dropBoard(boardId: number, now: number): Promise<number[]> {
    const changed: number[] = [];
    for (const playlist of await this.list()) {
      const entries = playlist.entries.filter((entry) => entry.boardId !== boardId);
      if (entries.length === playlist.entries.length) continue;
      await this.db
        .updateTable('playlists')
        .set({ entries: JSON.stringify(entries), updated_at: now })
        .where('id', '=', playlist.id)
        .execute();
      changed.push(playlist.id);
    }
    return changed;
  }
}
