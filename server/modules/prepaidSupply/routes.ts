import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { commandQuerySchema, supplyActionSchema, type SupplyActionResult } from '@shared/prepaid';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { accountsInScope, commandList } from '../../prepaid/supply/commandList';

const ROOM = '/pay/room';

/** Supply control by hand (cut, restore, keep-supply in batch with a reason) and the command log. */
export const prepaidSupplyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;

  app.post(
    '/prepaid/supply',
    { config: { access: { permission: `${ROOM}/edit` }, tenancy: { kind: 'prepaid_accounts' } }, schema: { body: supplyActionSchema } },
    async (request) => {
      const { accountIds, action, reason } = request.body;
      const unique = [...new Set(accountIds)];
      const mine = await accountsInScope(db, await callerScope(request), unique);
      const operator = requireAuth(request).user.username;
      const done = await app.prepaid.supply.manual(
        unique.filter((id) => mine.has(id)),
        action,
        reason,
        operator,
      );
      const byId = new Map(done.map((result) => [result.accountId, result]));
      // Another tree's account is answered as one that does not exist.
      const results: SupplyActionResult[] = unique.map(
        (id) => byId.get(id) ?? { accountId: id, ok: false, message: `Account ${id} was not found`, commandIds: [] },
      );
      return ok(results);
    },
  );

  app.get(
    '/prepaid/commands',
    { config: { access: { permission: ROOM }, tenancy: { kind: 'supply_commands' } }, schema: { querystring: commandQuerySchema } },
    async (request) => ok(await commandList(db, await callerScope(request), request.query)),
  );
};
