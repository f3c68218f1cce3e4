import type { Kysely } from 'kysely';
import { displayScopeSchema, type DisplayScope, type Playlist } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

/**
 * What a display may show, resolved against the boards that exist now: a board or playlist deleted
 * after the token was made simply drops out, it never makes the wall fail.
 */
export interface ScopeBoards {
  boardIds: number[];
  /** The playlist of a playlist-scoped display with its entries limited to existing boards; null otherwise or when deleted. */
  playlist: Playlist | null;
}

/** The stored JSON scope; a row that no longer parses shows nothing rather than everything. */
export function parseScope(text: string): DisplayScope {
  try {
    const parsed = displayScopeSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return { kind: 'boards', boardIds: [] };
}

/**
 * Those of `ids` that are boards of the tree `within` now (every tree when omitted), in the given order,
 * without repeats: a board of another tree is as good as deleted for a display.
 */
export async function existingBoardIds(db: Kysely<Database>, ids: readonly number[], within?: OwnerScope): Promise<number[]> {
  const owners = within ? ownerIds(within) : null;
  if (ids.length === 0 || (owners !== null && owners.length === 0)) return [];
  let query = db
    .selectFrom('boards')
    .select('id')
    .where('id', 'in', [...new Set(ids)]);
  if (owners !== null) query = query.where('owner_user_id', 'in', owners);
  const rows = await query.execute();
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

interface PlaylistEntry {
  boardId: number;
  seconds: number;
}

function parseEntries(text: string): PlaylistEntry[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is PlaylistEntry => typeof entry === 'object' && entry !== null && Number.isInteger(entry.boardId) && Number.isInteger(entry.seconds),
    );
  } catch {
    return [];
  }
}

/** The playlist if it is of the tree `within` (every tree when omitted), with its entries limited to that tree's existing boards. */
export async function loadPlaylist(db: Kysely<Database>, playlistId: number, within?: OwnerScope): Promise<Playlist | null> {
  const row = await db.selectFrom('playlists').selectAll().where('id', '=', playlistId).executeTakeFirst();
  if (!row) return null;
  const owners = within ? ownerIds(within) : null;
  if (owners !== null && !owners.includes(row.owner_user_id)) return null;
  const entries = parseEntries(row.entries);
  const existing = new Set(
    await existingBoardIds(
      db,
      entries.map((entry) => entry.boardId),
      within,
    ),
  );
  return {
    id: row.id,
    name: row.name,
    entries: entries.filter((entry) => existing.has(entry.boardId)).map(({ boardId, seconds }) => ({ boardId, seconds })),
    updatedAt: row.updated_at,
  };
}

/** `within`: the display owner's tree; boards and playlists of other trees drop out like deleted ones. */
export async function scopeBoards(db: Kysely<Database>, scope: DisplayScope, within?: OwnerScope): Promise<ScopeBoards> {
  if (scope.kind === 'boards') return { boardIds: await existingBoardIds(db, scope.boardIds, within), playlist: null };
  const playlist = await loadPlaylist(db, scope.playlistId, within);
  return { boardIds: playlist ? [...new Set(playlist.entries.map((entry) => entry.boardId))] : [], playlist };
}
