import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { deductionQuerySchema } from '@shared/prepaid';
import { callerScope } from '../../tenancy/routeTenancy';
import { listDeductions } from '../../prepaid/deduction/deductionList';

const RECORD = '/pay/power-hour-record';
/** POST /api/prepaid/deductions/run: adjust too (default), not only charge what is due. */
const runSchema = z.object({ adjust: z.boolean().default(true) }).default({ adjust: true });

/** The hourly deduction's record (/pay/power-hour-record) and a run on demand (administrators: it spans every tree). */
export const prepaidDeductionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;

  app.get(
    '/prepaid/deductions',
    { config: { access: { permission: RECORD }, tenancy: { kind: 'deduction_hours', check: 'module' } }, schema: { querystring: deductionQuerySchema } },
    async (request) => ok(await listDeductions(db, await callerScope(request), request.query)),
  );

  app.post('/prepaid/deductions/run', { config: { access: 'admin', tenancy: 'platform' }, schema: { body: runSchema } }, async (request) =>
    ok(await app.prepaid.deduction.runDue(Date.now(), request.body.adjust), 'Deduction run'),
  );
};
