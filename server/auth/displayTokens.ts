import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { DISPLAY_TOKEN_PREFIX, DISPLAY_TOKEN_SHAPE } from '@shared/schemas/boards';
import type { Database, DisplaysTable } from '../db/schema';
import { parseScope, scopeBoards } from '../displays/displayScope';
import type { DisplayPrincipal } from './displayPrincipal';

export type DisplayRow = Selectable<DisplaysTable>;

/** A new display token (`dsp_` + 32 random bytes in base64url) and the SHA-256 hex that is all the database keeps. */
export function newDisplayToken(): { token: string; hash: string } {
  const token = `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDisplayToken(token) };
}

export function hashDisplayToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Display tokens are told apart from session JWTs by their prefix (a JWT starts with `eyJ`). */
export const isDisplayToken = (token: string): boolean => token.startsWith(DISPLAY_TOKEN_PREFIX);

/** Finds displays by token and resolves what they may show; AuthService applies the rules. */
export class DisplayTokens {
  constructor(private readonly db: Kysely<Database>) {}

  /** The display a token belongs to (revoked ones included: the caller says why it is refused). */
  async find(token: string): Promise<DisplayRow | undefined> {
    if (!DISPLAY_TOKEN_SHAPE.test(token)) return undefined;
    return this.db.selectFrom('displays').selectAll().where('token_hash', '=', hashDisplayToken(token)).executeTakeFirst();
  }

  async principal(row: DisplayRow): Promise<DisplayPrincipal> {
    const scope = parseScope(row.scope);
    const { boardIds } = await scopeBoards(this.db, scope);
    return { id: row.id, name: row.name, boardIds, playlistId: scope.kind === 'playlist' ? scope.playlistId : null };
  }
}
