import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { reportLinkBodySchema } from '@shared/reports/scheduleSchemas';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';

const LIST = '/report/reportList';
const links = { kind: 'report_links' } as const;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
export const linkListQuerySchema = z.object({
  runId: z.coerce.number().int().positive().optional(),
  definitionId: z.coerce.number().int().positive().optional(),
});

/** The address the console was reached at (behind a trusted proxy, the one the proxy was reached at). */
const originOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** A header value that survives any file name: an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Public report sheets: the sharing side (/report/reportList: list, create and revoke links) and the public side
 * (/api/report-sheets/:token, no account: the sheet's table and its file, nothing else).
 */
export const reportLinkRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = () => app.reports.links;

  app.get('/report-links', { config: { access: { permission: LIST }, tenancy: links }, schema: { querystring: linkListQuerySchema } }, async (request) =>
    ok(await service().list(await callerScope(request), request.query)),
  );
  app.post('/report-links', { config: { access: { permission: `${LIST}/edit` }, tenancy: links }, schema: { body: reportLinkBodySchema } }, async (request) => {
    const auth = requireAuth(request);
    const view = await service().create(await callerScope(request), request.body, { userId: auth.user.id, origin: originOf(request) });
    return ok(view, 'Link created: copy it now, it is shown only once');
  });
  app.post('/report-links/:id/revoke', { config: { access: { permission: `${LIST}/edit` }, tenancy: links }, schema: { params: idParams } }, async (request) =>
    ok(await service().revoke(request.params.id, requireAuth(request).user.id), 'Link revoked'),
  );

  app.get('/report-sheets/:token', { config: { access: 'public', tenancy: 'none' }, schema: { params: tokenParams } }, async (request) =>
    ok(await service().resolve(request.params.token)),
  );
  app.get('/report-sheets/:token/file', { config: { access: 'public', tenancy: 'none' }, schema: { params: tokenParams } }, async (request, reply) => {
    const file = await service().file(request.params.token);
    return reply.header('content-type', file.contentType).header('content-disposition', attachmentHeader(file.fileName)).send(file.bytes);
  });
};
