import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { billAnalysisListQuerySchema, billAnalysisRequestSchema, billReapplySchema, billTemplateBodySchema } from '@shared/reports/billSchemas';
import { BILL_PDF_MAX_BYTES } from '@shared/reports/constants';
import { requireAuth, type Access } from '../../http/access';
import { AppError, validationError } from '../../http/appError';
import { DRAIN_FACTOR, drainRequestBody } from '../../http/drainBody';
import { parseOrThrow } from '../../http/zodIssues';
import { BillAnalyses } from '../../reports/bills/billAnalyses';
import { callerScope } from '../../tenancy/routeTenancy';

const SCREEN = '/settings/analyzePdf';
const idParams = z.object({ id: z.coerce.number().int().positive() });
const templates = (access: Access) => ({ access, tenancy: { kind: 'bill_templates' } as const });
const analyses = (access: Access) => ({ access, tenancy: { kind: 'bill_analyses' } as const });
const read = { permission: SCREEN };
const button = (name: 'add' | 'edit' | 'delete') => ({ permission: `${SCREEN}/${name}` });

/** The upload's file name as plain text: its last path segment, no control characters, at most 200 characters. */
function cleanFileName(name: string | undefined): string {
  const segment = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const last = segment.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (last || 'bill.pdf').slice(0, 200);
}

/** An ASCII fallback name and the exact UTF-8 one (bills are often named in Chinese). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The multipart upload: the PDF (`file`) and the fields `templateId` and `targets` (JSON text), in any order. */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw validationError([{ field: 'file', rule: 'required', message: 'Choose a PDF file' }]);
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: cleanFileName(part.filename), bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    await drainRequestBody(request.raw, DRAIN_FACTOR * BILL_PDF_MAX_BYTES);
    throw new AppError('BODY_TOO_LARGE', { headers: { connection: 'close' } });
  }
  if (!file || file.bytes.length === 0) throw validationError([{ field: 'file', rule: 'required', message: 'Choose a PDF file' }]);
  return { ...file, fields };
}

function parseTargetsField(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '' || value === 'null') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw validationError([{ field: 'targets', rule: 'custom', message: 'targets must be JSON' }]);
  }
}

/** /api/bill-templates and /api/bill-analyses: utility-bill PDF analysis (/settings/analyzePdf). */
export const billAnalysisRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const bills = new BillAnalyses(app.storage.db);
  // a scope of its own: only this module's upload takes PDFs up to BILL_PDF_MAX_BYTES
  await app.register(multipart, { limits: { fileSize: BILL_PDF_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

  app.get('/bill-templates', { config: templates(read) }, async (request) => ok(await bills.listTemplates(await callerScope(request))));
  app.post('/bill-templates', { config: templates(button('edit')), schema: { body: billTemplateBodySchema } }, async (request) =>
    ok(await bills.createTemplate(await callerScope(request), request.body), 'Template saved'),
  );
  app.put('/bill-templates/:id', { config: templates(button('edit')), schema: { params: idParams, body: billTemplateBodySchema } }, async (request) =>
    ok(await bills.updateTemplate(request.params.id, request.body), 'Template saved'),
  );
  app.delete('/bill-templates/:id', { config: templates(button('delete')), schema: { params: idParams } }, async (request) => {
    await bills.removeTemplate(request.params.id);
    return ok(null, 'Deleted');
  });

  app.post('/bill-analyses', { config: analyses(button('add')), bodyLimit: DRAIN_FACTOR * BILL_PDF_MAX_BYTES }, async (request) => {
    const upload = await readUpload(request);
    const body = parseOrThrow(billAnalysisRequestSchema, { templateId: upload.fields.templateId, targets: parseTargetsField(upload.fields.targets) });
    const analysis = await bills.analyse(await callerScope(request), requireAuth(request).user.id, {
      fileName: upload.fileName,
      bytes: upload.bytes,
      templateId: body.templateId,
      targets: body.targets,
    });
    return ok(analysis, 'Analysed');
  });
  app.get('/bill-analyses', { config: analyses(read), schema: { querystring: billAnalysisListQuerySchema } }, async (request) =>
    ok(await bills.list(await callerScope(request), request.query)),
  );
  app.get('/bill-analyses/:id', { config: analyses(read), schema: { params: idParams } }, async (request) => ok(await bills.get(request.params.id)));
  app.put('/bill-analyses/:id', { config: analyses(button('edit')), schema: { params: idParams, body: billReapplySchema } }, async (request) =>
    ok(await bills.reapply(await callerScope(request), request.params.id, request.body), 'Applied'),
  );
  app.delete('/bill-analyses/:id', { config: analyses(button('delete')), schema: { params: idParams } }, async (request) => {
    await bills.remove(request.params.id);
    return ok(null, 'Deleted');
  });
  app.get('/bill-analyses/:id/pdf', { config: analyses(read), schema: { params: idParams } }, async (request, reply) => {
    const file = await bills.pdf(request.params.id);
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachment(file.fileName)).send(file.bytes);
  });
};
