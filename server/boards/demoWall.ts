import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newDisplayToken } from '../auth/displayTokens';
import { DisplayRepository } from '../displays/displayRepository';
import type { OwnerScope } from '../tenancy/ownerScope';
import { PlaylistService } from './playlistService';

export const DEMO_PLAYLIST = 'Control room rotation';
export const DEMO_DISPLAY = 'Control room wall';
/** Each wall shows this long before the next (the playlist's seconds). */
const SECONDS_PER_BOARD = 60;

/** A playlist of the given boards (the demo walls) in turn, of the admin's tree; undefined when none is given. */
export async function createDemoPlaylist(db: Kysely<Database>, owner: OwnerScope, boardIds: readonly number[]): Promise<number | undefined> {
  if (boardIds.length === 0) return undefined;
  const playlist = await new PlaylistService(db).create(
    { name: DEMO_PLAYLIST, entries: boardIds.map((boardId) => ({ boardId, seconds: SECONDS_PER_BOARD })) },
    owner,
  );
  return playlist.id;
}

export interface DemoDisplay {
  id: number;
  /** The wall's address with its display token: shown once (in the first-start box), only the hash is stored. */
  path: string;
}

/** A display token that plays the playlist, owned by the admin like one made in Settings › Board configuration. */
export async function createDemoDisplay(db: Kysely<Database>, adminId: number, playlistId: number): Promise<DemoDisplay> {
  const { token, hash } = newDisplayToken();
  const id = await new DisplayRepository(db).create(
    { name: DEMO_DISPLAY, scope: { kind: 'playlist', playlistId }, ownerUserId: adminId, createdBy: 'system' },
    hash,
  );
  return { id, path: `/dash/playlist/${playlistId}?access_token=${encodeURIComponent(token)}` };
}
