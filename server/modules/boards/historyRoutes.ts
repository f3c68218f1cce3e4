import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { boardIdParams, boardRestoreSchema, boardVersionParams } from '@shared/schemas/boards';
import { requireAuth } from '../../http/access';
import { parseOrThrow } from '../../http/zodIssues';
import { BoardHistory } from '../../boards/boardHistory';
import type { BoardService } from '../../boards/boardService';
import { write } from './access';
import { callerScope } from '../../tenancy/routeTenancy';

/** /api/boards/:id/versions: the saved documents of a board, and restoring one (board screen only). */
export const boardHistoryRoutes: FastifyPluginAsync<{ boards: BoardService }> = async (base, { boards }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const history = new BoardHistory(app.storage.db, boards);

  app.get('/boards/:id/versions', { config: write, schema: { params: boardIdParams } }, async (request) => ok(await history.list(request.params.id)));
  app.get('/boards/:id/versions/:revision', { config: write, schema: { params: boardVersionParams } }, async (request) =>
    ok(await history.get(request.params.id, request.params.revision)),
  );
  app.post('/boards/:id/versions/:revision/restore', { config: write, schema: { params: boardVersionParams } }, async (request) => {
    const { revision } = parseOrThrow(boardRestoreSchema, request.body);
    return ok(
      await history.restore(request.params.id, request.params.revision, revision, requireAuth(request).user.username, await callerScope(request)),
      'Restored',
    );
  });
};
