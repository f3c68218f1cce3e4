import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { boardIdParams, boardReviewDecisionSchema, boardReviewListQuerySchema, boardReviewSubmitSchema } from '@shared/schemas/boards';
import { requireAuth } from '../../http/access';
import { parseOrThrow } from '../../http/zodIssues';
import { BoardReviews } from '../../boards/boardReview';
import { decideReview, readReviews, submitReview } from './access';
import { callerScope } from '../../tenancy/routeTenancy';

/** The equipment-board review: the list, submitting (base/equipmentBoard) and deciding (base/equipmentBoardCheck). */
export const boardReviewRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const reviews = new BoardReviews(app.storage.db);

  app.get('/boards/reviews', { config: readReviews, schema: { querystring: boardReviewListQuerySchema } }, async (request) =>
    ok(await reviews.list(request.query.state, await callerScope(request))),
  );
  app.post('/boards/:id/review/submit', { config: submitReview, schema: { params: boardIdParams } }, async (request) => {
    const { revision } = parseOrThrow(boardReviewSubmitSchema, request.body);
    return ok(await reviews.submit(request.params.id, revision, requireAuth(request).user.username), 'Submitted');
  });
  app.post('/boards/:id/review/decide', { config: decideReview, schema: { params: boardIdParams } }, async (request) => {
    const decision = parseOrThrow(boardReviewDecisionSchema, request.body);
    return ok(await reviews.decide(request.params.id, decision, requireAuth(request).user.username), decision.approve ? 'Approved' : 'Rejected');
  });
};
