import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { boardIdParams, boardViewersSchema } from '@shared/schemas/boards';
import { requireAuth } from '../../http/access';
import { parseOrThrow } from '../../http/zodIssues';
import type { BoardService } from '../../boards/boardService';
import { boardViewers, replaceBoardViewers } from '../../boards/boardViewers';
import { write } from './access';

/** /api/boards/:id/viewers: the users given this board to see (board screen only). */
export const boardViewerRoutes: FastifyPluginAsync<{ boards: BoardService }> = async (base, { boards }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;

  app.get('/boards/:id/viewers', { config: write, schema: { params: boardIdParams } }, async (request) => {
    await boards.row(request.params.id);
    return ok(await boardViewers(db, requireAuth(request), request.params.id));
  });
  app.put('/boards/:id/viewers', { config: write, schema: { params: boardIdParams } }, async (request) => {
    const { userIds } = parseOrThrow(boardViewersSchema, request.body);
    const board = await boards.row(request.params.id);
    return ok(await replaceBoardViewers(db, requireAuth(request), board, userIds), 'Updated');
  });
};
