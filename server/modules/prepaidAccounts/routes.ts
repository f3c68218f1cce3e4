import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import {
  accountCloseSchema,
  accountItemCreateSchema,
  accountItemQuerySchema,
  accountItemSchema,
  accountListQuerySchema,
  accountOpenSchema,
  accountSettingsSchema,
  adjustmentSchema,
  ledgerQuerySchema,
} from '@shared/prepaid';
import { idParamSchema } from '@shared/resources';
import { requireAuth } from '../../http/access';
import { callerScope } from '../../tenancy/routeTenancy';
import { ownerIds } from '../../tenancy/ownerScope';
import { accountDetail, accountRows } from '../../prepaid/accounts/accountViews';
import { closeAccount, ledgerOf, openAccount, postAdjustment, updateSettings, type AccountDeps } from '../../prepaid/accounts/accountService';
import { createItem, deactivateItem, listItems, updateItem } from '../../prepaid/accounts/accountItems';
import { recordLedgerFindings } from '../../prepaid/accounts/ledgerFindings';
import { checkLedger } from '../../prepaid/ledgerInvariant';

const ROOM = '/pay/room';
const ITEMS = '/pay/user-item';
const PAY_RECORD = '/pay/pay-record';

/**
 * /api/prepaid/accounts, /api/prepaid/items, /api/prepaid/invariant: prepaid accounts of rooms, their charging
 * items, ledger reads and manual adjustments, and the ledger check (server/prepaid/accounts/). Rooms and members
 * themselves are resources (/api/rooms, /api/members).
 */
export const prepaidAccountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.storage.db;
  const deps = (): AccountDeps => ({ db, dbKind: app.storage.kind, timeZone: app.serverConfig.timeZone, events: app.prepaid.events });
  const accounts = { kind: 'prepaid_accounts' } as const;
  const items = { kind: 'account_items' } as const;
  const username = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.username;

  app.get(
    '/prepaid/accounts',
    { config: { access: { permission: ROOM }, tenancy: accounts }, schema: { querystring: accountListQuerySchema } },
    async (request) => ok(await accountRows(db, await callerScope(request), request.query, Date.now())),
  );
  app.get('/prepaid/accounts/:id', { config: { access: { permission: ROOM }, tenancy: accounts }, schema: { params: idParamSchema } }, async (request) =>
    ok(await accountDetail(db, await callerScope(request), request.params.id, Date.now())),
  );
  app.post(
    '/prepaid/accounts',
    { config: { access: { permission: `${ROOM}/add` }, tenancy: accounts }, schema: { body: accountOpenSchema } },
    async (request) => ok(await openAccount(deps(), await callerScope(request), request.body, username(request), Date.now()), 'Opened'),
  );
  app.put(
    '/prepaid/accounts/:id',
    { config: { access: { permission: `${ROOM}/edit` }, tenancy: accounts }, schema: { params: idParamSchema, body: accountSettingsSchema } },
    async (request) => ok(await updateSettings(deps(), await callerScope(request), request.params.id, request.body, username(request), Date.now()), 'Saved'),
  );
  app.post(
    '/prepaid/accounts/:id/close',
    { config: { access: { permission: `${ROOM}/edit` }, tenancy: accounts }, schema: { params: idParamSchema, body: accountCloseSchema } },
    async (request) =>
      ok(await closeAccount(deps(), await callerScope(request), request.params.id, request.body.reason, username(request), Date.now()), 'Closed'),
  );
  app.post(
    '/prepaid/accounts/:id/adjustments',
    { config: { access: { permission: `${ROOM}/edit` }, tenancy: accounts }, schema: { params: idParamSchema, body: adjustmentSchema } },
    async (request) => ok(await postAdjustment(deps(), request.params.id, request.body, username(request), Date.now()), 'Posted'),
  );
  app.get(
    '/prepaid/accounts/:id/ledger',
    { config: { access: { anyOf: [ROOM, PAY_RECORD] }, tenancy: accounts }, schema: { params: idParamSchema, querystring: ledgerQuerySchema } },
    async (request) => ok(await ledgerOf(db, request.params.id, request.query)),
  );

  app.get('/prepaid/items', { config: { access: { permission: ITEMS }, tenancy: items }, schema: { querystring: accountItemQuerySchema } }, async (request) =>
    ok(await listItems(db, await callerScope(request), request.query.accountId)),
  );
  app.post(
    '/prepaid/items',
    { config: { access: { permission: `${ITEMS}/add` }, tenancy: items }, schema: { body: accountItemCreateSchema } },
    async (request) => ok(await createItem(db, await callerScope(request), request.body, username(request), Date.now()), 'Created'),
  );
  app.put(
    '/prepaid/items/:id',
    { config: { access: { permission: `${ITEMS}/edit` }, tenancy: items }, schema: { params: idParamSchema, body: accountItemSchema } },
    async (request) => ok(await updateItem(db, request.params.id, request.body, username(request), Date.now()), 'Saved'),
  );
  app.delete(
    '/prepaid/items/:id',
    { config: { access: { permission: `${ITEMS}/delete` }, tenancy: items }, schema: { params: idParamSchema } },
    async (request) => ok(await deactivateItem(db, request.params.id, username(request), Date.now()), 'Removed'),
  );

  // The ledger check on demand (the console's button): the caller's trees, every tree for administrators.
  app.get('/prepaid/invariant', { config: { access: { permission: ROOM }, tenancy: accounts } }, async (request) => {
    const now = Date.now();
    const result = await checkLedger(db, ownerIds(await callerScope(request)), now);
    await recordLedgerFindings(db, result, username(request), now);
    return ok(result);
  });
};
