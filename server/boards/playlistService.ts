import type { Kysely } from 'kysely';
import { playlistSchema, type Playlist } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { parseOrThrow } from '../http/zodIssues';
import { BoardRepository } from './boardRepository';
import { PlaylistRepository } from './playlistRepository';

const notFound = () => new AppError('NOT_FOUND', { message: 'No such playlist' });

/** Playlists: a name and boards shown in turn; every board must exist when the playlist is saved. */
export class PlaylistService {
  private readonly playlists: PlaylistRepository;
  private readonly boards: BoardRepository;

  constructor(
    db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {
    this.playlists = new PlaylistRepository(db);
    this.boards = new BoardRepository(db);
  }

  list(): Promise<Playlist[]> {
    return this.playlists.list();
  }

  async get(id: number): Promise<Playlist> {
    return (await this.playlists.find(id)) ?? Promise.reject(notFound());
  }

  async create(raw: unknown): Promise<Playlist> {
    const body = await this.check(raw);
    return this.get(await this.playlists.insert(body, this.clock()));
  }

  async update(id: number, raw: unknown): Promise<Playlist> {
    const body = await this.check(raw);
    if (!(await this.playlists.update(id, body, this.clock()))) throw notFound();
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.playlists.remove(id))) throw notFound();
  }

  /** The shared schema, then each board id against the boards table (`entries.<i>.boardId`). */
  private async check(raw: unknown) {
    const body = parseOrThrow(playlistSchema, raw);
    const existing = await this.boards.exists(body.entries.map((entry) => entry.boardId));
    const missing = body.entries.flatMap((entry, index) =>
      existing.has(entry.boardId) ? [] : [{ field: `entries.${index}.boardId`, rule: 'exists', message: `Board ${entry.boardId} does not exist` }],
    );
    if (missing.length > 0) throw validationError(missing);
    return body;
  }
}
