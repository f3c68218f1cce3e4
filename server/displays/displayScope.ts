import type { Kysely } from 'kysely';
import { displayScopeSchema, type DisplayScope, type Playlist } from '@shared/schemas/boards';
import type { Database } from '../db/schema';

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

/** Those of `ids` that are boards now, in the given order, without repeats. */
export async function existingBoardIds(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('boards').select('id').where('id', 'in', [...new Set(ids)]).execute();
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

export async function loadPlaylist(db: Kysely<Database>, playlistId: number): Promise<Playlist | null> {
  const row = await db.selectFrom('playlists').selectAll().where('id', '=', playlistId).executeTakeFirst();
  if (!row) return null;
  const entries = parseEntries(row.entries);
  const existing = new Set(await existingBoardIds(db, entries.map((entry) => entry.boardId)));
  return { id: row.id, name: row.name, entries: entries.filter((entry) => existing.has(entry.boardId)).map(({ boardId, seconds }) => ({ boardId, seconds })), updatedAt: row.updated_at };
}

export async function scopeBoards(db: Kysely<Database>, scope: DisplayScope): Promise<ScopeBoards> {
  if (scope.kind === 'boards') return { boardIds: await existingBoardIds(db, scope.boardIds), playlist: null };
  const playlist = await loadPlaylist(db, scope.playlistId);
  return { boardIds: playlist ? [...new Set(playlist.entries.map((entry) => entry.boardId))] : [], playlist };
}
