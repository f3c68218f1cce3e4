import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import {
  BOARD_CONFIG_SCREEN,
  displayCreateSchema,
  displayShowSchema,
  type DisplayCreated,
  type DisplayRecord,
  type DisplayScope,
} from '@shared/schemas/boards';
import { AppError, validationError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import { newDisplayToken } from '../../auth/displayTokens';
import { existingBoardIds, loadPlaylist, parseScope, scopeBoards } from '../../displays/displayScope';
import { toDisplayRecord, type DisplayRepository } from '../../displays/displayRepository';
import type { DisplayChannel } from '../../realtime/displayChannel';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds, ownerScopeOfUser, type OwnerScope } from '../../tenancy/ownerScope';

const access = { permission: BOARD_CONFIG_SCREEN };
/** Displays of one user tree: another tree's display id is "not found" (server/tenancy). */
const tenancy = { kind: 'displays' } as const;
const displayIdParams = z.object({ id: z.coerce.number().int().positive() });

export interface DisplayDeps {
  repository: DisplayRepository;
  channel: DisplayChannel;
}

/** The scope as created: boards without repeats, each one existing in the display's tree (`tree`); the playlist likewise. */
async function checkedScope(base: FastifyInstance, scope: DisplayScope, tree: OwnerScope): Promise<DisplayScope> {
  const { db } = base.storage;
  if (scope.kind === 'playlist') {
    if (!(await loadPlaylist(db, scope.playlistId, tree))) {
      throw validationError([{ field: 'scope.playlistId', rule: 'exists', message: `playlist ${scope.playlistId} does not exist` }]);
    }
    return scope;
  }
  const existing = new Set(await existingBoardIds(db, scope.boardIds, tree));
  const missing = scope.boardIds.findIndex((id) => !existing.has(id));
  if (missing >= 0) throw validationError([{ field: `scope.boardIds.${missing}`, rule: 'exists', message: `board ${scope.boardIds[missing]} does not exist` }]);
  return { kind: 'boards', boardIds: [...new Set(scope.boardIds)] };
}

/** The address a wall opens: the board (or the playlist) with the token, which the kiosk adopts and removes from the bar. */
function kioskLink(request: FastifyRequest, scope: DisplayScope, token: string): string {
  const origin = `${request.protocol}://${request.host}`;
  const path = scope.kind === 'boards' ? `/dash/${scope.boardIds[0]}` : `/dash/playlist/${scope.playlistId}`;
  return `${origin}${path}?access_token=${encodeURIComponent(token)}`;
}

/** The console's display management: create (token shown once), list, revoke, remote switch, reload, delete. */
export function registerDisplayManagement(base: FastifyInstance, { repository, channel }: DisplayDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;

  const record = async (id: number): Promise<DisplayRecord> => {
    const [row] = await repository.list(id);
    if (!row) throw new AppError('NOT_FOUND', { message: `Display ${id} does not exist` });
    const online = row.revoked_at === null && (await app.realtime.onlineDisplays([id])).has(id);
    return toDisplayRecord(row, online);
  };
  const existing = async (id: number) => {
    const row = await repository.find(id);
    if (!row) throw new AppError('NOT_FOUND', { message: `Display ${id} does not exist` });
    return row;
  };
  /** Marks it revoked, then closes its sockets: a wall that reconnects is refused with DISPLAY_REVOKED. */
  const revoke = async (id: number) => {
    await repository.revoke(id);
    app.realtime.disconnectDisplay(id);
  };

  app.post('/displays', { config: { access, tenancy }, schema: { body: displayCreateSchema } }, async (request) => {
    const auth = requireAuth(request);
    // The creator owns the display (its token reads with the creator's data scope), so its boards are the creator's tree's.
    const scope = await checkedScope(app, request.body.scope, await auth.ownerScope());
    const { token, hash } = newDisplayToken();
    const id = await repository.create({ name: request.body.name, scope, ownerUserId: auth.user.id, createdBy: auth.user.username }, hash);
    const created: DisplayCreated = { display: await record(id), token, link: kioskLink(request, scope, token) };
    return ok(created);
  });

  app.get('/displays', { config: { access, tenancy } }, async (request) => {
    const rows = await repository.list(undefined, ownerIds(await callerScope(request)));
    const online = await app.realtime.onlineDisplays(rows.filter((row) => row.revoked_at === null).map((row) => row.id));
    return ok(rows.map((row) => toDisplayRecord(row, online.has(row.id))));
  });

  app.post('/displays/:id/revoke', { config: { access, tenancy }, schema: { params: displayIdParams } }, async (request) => {
    await existing(request.params.id);
    await revoke(request.params.id);
    return ok(await record(request.params.id));
  });

  app.post('/displays/:id/show', { config: { access, tenancy }, schema: { params: displayIdParams, body: displayShowSchema } }, async (request) => {
    const { id } = request.params;
    const { boardId } = request.body;
    const row = await existing(id);
    if (boardId !== null) {
      const { boardIds } = await scopeBoards(db, parseScope(row.scope), await ownerScopeOfUser(db, row.owner_user_id));
      if (!boardIds.includes(boardId))
        throw validationError([{ field: 'boardId', rule: 'scope', message: `board ${boardId} is not among this display's boards` }]);
    }
    await repository.pin(id, boardId);
    channel.send(id, boardId === null ? { kind: 'release' } : { kind: 'show', boardId });
    return ok(await record(id));
  });

  app.post('/displays/:id/reload', { config: { access, tenancy }, schema: { params: displayIdParams } }, async (request) => {
    await existing(request.params.id);
    channel.send(request.params.id, { kind: 'reload' });
    return ok(await record(request.params.id));
  });

  app.delete('/displays/:id', { config: { access, tenancy }, schema: { params: displayIdParams } }, async (request) => {
    await existing(request.params.id);
    await revoke(request.params.id);
    await repository.remove(request.params.id);
    return ok(null);
  });
}
