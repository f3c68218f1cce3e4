import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { boardCodeParams, boardCreateSchema, boardDuplicateSchema, boardIdParams, boardListQuerySchema, boardUpdateSchema } from '@shared/schemas/boards';
import { requireAuth } from '../../http/access';
import { parseOrThrow } from '../../http/zodIssues';
import { maySeeBoard } from '../../boards/boardAccess';
import { BoardEvents } from '../../boards/boardEvents';
import { BoardRepository } from '../../boards/boardRepository';
import { BoardService } from '../../boards/boardService';
import { PlaylistService } from '../../boards/playlistService';
import { boardChannels } from '../../realtime/boardChannel';
import { boardHistoryRoutes } from './historyRoutes';
import { boardReviewRoutes } from './reviewRoutes';
import { boardViewerRoutes } from './viewerRoutes';
import { playlists as playlistAccess, read, write } from './access';
import { callerScope } from '../../tenancy/routeTenancy';

/**
 * /api/boards and /api/playlists, history, viewers and review, and the `board:<id>`
 * channel that tells walls about saves.
 */
export const boardRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;
  const events = new BoardEvents((error) => app.log.warn({ err: error }, 'board listener failed'));
  const boards = new BoardService(db, events);
  const playlists = new PlaylistService(db);
  const repository = new BoardRepository(db);

  app.channels.addProvider(
    boardChannels({
      maySee: async (auth, boardId) => {
        const board = await repository.find(boardId);
        return board !== undefined && (await maySeeBoard(auth, db, board));
      },
      revisions: (ids) => repository.revisions(ids),
      onSaved: (listener) => events.on('saved', listener),
      onDeleted: (listener) => events.on('deleted', listener),
      onError: (error) => app.log.warn({ err: error }, 'board channel failed'),
    }),
  );

  /**
   * Admins, displays and holders of the board screen as boardScope says; any other user sees the boards of
   * its "visible data boards" (user_boards).
   */
  app.get('/boards', { config: read, schema: { querystring: boardListQuerySchema } }, async (request) =>
    ok(await boards.list(requireAuth(request), request.query.purpose)),
  );
  app.get('/boards/:id', { config: read, schema: { params: boardIdParams } }, async (request) => ok(await boards.get(requireAuth(request), request.params.id)));
  /** Data-show boards open by code; a static segment, so it never reads as /boards/:id. */
  app.get('/boards/by-code/:code', { config: read, schema: { params: boardCodeParams } }, async (request) =>
    ok(await boards.getByCode(requireAuth(request), request.params.code)),
  );
  app.post('/boards', { config: write }, async (request) => {
    const { document } = parseOrThrow(boardCreateSchema, request.body);
    const scope = await callerScope(request);
    return ok(await boards.create(document, requireAuth(request).user.username, { owner: scope.home, scope }), 'Created');
  });
  app.put('/boards/:id', { config: write, schema: { params: boardIdParams } }, async (request) => {
    const body = parseOrThrow(boardUpdateSchema, request.body);
    return ok(await boards.update(request.params.id, body, requireAuth(request).user.username, await callerScope(request)), 'Updated');
  });
  app.delete('/boards/:id', { config: write, schema: { params: boardIdParams } }, async (request) => {
    await boards.remove(request.params.id);
    return ok(null, 'Deleted');
  });
  app.post('/boards/:id/duplicate', { config: write, schema: { params: boardIdParams } }, async (request) => {
    const { name } = parseOrThrow(boardDuplicateSchema, request.body ?? {});
    return ok(await boards.duplicate(request.params.id, name, requireAuth(request).user.username, await callerScope(request)), 'Created');
  });
  await app.register(boardHistoryRoutes, { boards });
  await app.register(boardReviewRoutes);
  await app.register(boardViewerRoutes, { boards });

  app.get('/playlists', { config: playlistAccess }, async (request) => ok(await playlists.list(await callerScope(request))));
  app.get('/playlists/:id', { config: playlistAccess, schema: { params: boardIdParams } }, async (request) => ok(await playlists.get(request.params.id)));
  app.post('/playlists', { config: playlistAccess }, async (request) => ok(await playlists.create(request.body, await callerScope(request)), 'Created'));
  app.put('/playlists/:id', { config: playlistAccess, schema: { params: boardIdParams } }, async (request) =>
    ok(await playlists.update(request.params.id, request.body, await callerScope(request)), 'Updated'),
  );
  app.delete('/playlists/:id', { config: playlistAccess, schema: { params: boardIdParams } }, async (request) => {
    await playlists.remove(request.params.id);
    return ok(null, 'Deleted');
  });
};
