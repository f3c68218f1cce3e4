import type { Kysely } from 'kysely';
import { playlistSchema, type Playlist } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { parseOrThrow } from '../http/zodIssues';
import { BoardRepository } from './boardRepository';
import { PlaylistRepository } from './playlistRepository';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { treeOfOwner } from './ownerTree';

const notFound = () => new AppError('NOT_FOUND', { message: 'No such playlist' });

/** Playlists: a name and boards shown in turn; every board must exist when the playlist is saved. */
export class PlaylistService {
  private readonly playlists: PlaylistRepository;
  private readonly boards: BoardRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {
    this.playlists = new PlaylistRepository(db);
    this.boards = new BoardRepository(db);
  }

  /** The playlists of the caller's tree. */
  list(caller: OwnerScope): Promise<Playlist[]> {
    return this.playlists.list(ownerIds(caller));
  }

  async get(id: number): Promise<Playlist> {
    return (await this.playlists.find(id)) ?? Promise.reject(notFound());
  }

  /** A new playlist of the caller's tree (its root owns it), listing boards of that tree only. */
  async create(raw: unknown, caller: OwnerScope): Promise<Playlist> {
    const body = await this.check(raw, caller);
    return this.get(await this.playlists.insert(body, this.clock(), caller.home));
  }

  /** Its boards must be of the playlist's own tree, whoever edits it. */
  async update(id: number, raw: unknown, caller: OwnerScope): Promise<Playlist> {
    const owner = await this.playlists.ownerOf(id);
    if (owner === undefined) throw notFound();
    const body = await this.check(raw, await treeOfOwner(this.db, caller, owner));
    if (!(await this.playlists.update(id, body, this.clock()))) throw notFound();
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.playlists.remove(id))) throw notFound();
  }

  /** The shared schema, then each board id against the boards of `tree` (`entries.<i>.boardId`; another tree's reads as missing). */
  private async check(raw: unknown, tree: OwnerScope) {
    const body = parseOrThrow(playlistSchema, raw);
    const existing = await this.boards.exists(
      body.entries.map((entry) => entry.boardId),
      ownerIds(tree),
    );
    const missing = body.entries.flatMap((entry, index) =>
      existing.has(entry.boardId) ? [] : [{ field: `entries.${index}.boardId`, rule: 'exists', message: `Board ${entry.boardId} does not exist` }],
    );
    if (missing.length > 0) throw validationError(missing);
    return body;
  }
}
