import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@shared/errors';
import { billIssueSchema, billQuerySchema, billStatsQuerySchema, chargingStatsQuerySchema, consumptionStatsQuerySchema } from '@shared/prepaid';
import { ROOM_CREDIT_MAX } from '@boards/widgets/room-credit/channel';
import { Bills } from '../../prepaid/bills/bills';
import { PaymentStats } from '../../prepaid/stats/paymentStats';
import { prepaidOverview, wallRooms } from '../../prepaid/stats/wallFigures';
import { callerScope } from '../../tenancy/routeTenancy';
import { prepaidWallChannels } from './wallChannels';

const BILLS = '/pay/bill-record';
const CONSUMPTION = '/payment-statistics/consumption-statistics';
const CHARGING = '/payment-statistics/charging-statistics';
const BILL_STATS = '/payment-statistics/billrecord-statistics';
/** Who reads the wall's prepaid figures: the prepaid screens, the board editor's preview, and displays of their owners. */
export const PREPAID_WALL_SCREENS = ['/pay/room', BILLS, CONSUMPTION, CHARGING, BILL_STATS, '/settings/boardConfig'] as const;

const idParams = z.object({ id: z.coerce.number().int().positive() });
export const wallRoomsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'must be at least 1').max(ROOM_CREDIT_MAX, `must be at most ${ROOM_CREDIT_MAX}`).default(20),
});
const bills = { kind: 'bills' } as const;
const accounts = { kind: 'prepaid_accounts' } as const;

/** Bills (/pay/bill-record), payment statistics (/payment-statistics/*) and the wall's prepaid figures. */
export const prepaidBillRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const billBook = new Bills(db, timeZone);
  const stats = new PaymentStats(db, timeZone);

  app.get('/prepaid/bills', { config: { access: { permission: BILLS }, tenancy: bills }, schema: { querystring: billQuerySchema } }, async (request) =>
    ok(await billBook.list(await callerScope(request), request.query)),
  );
  app.get('/prepaid/bills/:id', { config: { access: { permission: BILLS }, tenancy: bills }, schema: { params: idParams } }, async (request) =>
    ok(await billBook.get(await callerScope(request), request.params.id)),
  );
  app.post(
    '/prepaid/bills/issue',
    { config: { access: { permission: `${BILLS}/add` }, tenancy: bills }, schema: { body: billIssueSchema } },
    async (request) => {
      const outcome = await billBook.issue(await callerScope(request), request.body.month, Date.now());
      return ok(outcome, outcome.issued > 0 ? `${outcome.issued} bills issued` : 'No bill was missing');
    },
  );

  app.get(
    '/prepaid/stats/consumption',
    { config: { access: { permission: CONSUMPTION }, tenancy: accounts }, schema: { querystring: consumptionStatsQuerySchema } },
    async (request) => ok(await stats.consumption(await callerScope(request), request.query)),
  );
  app.get(
    '/prepaid/stats/charging',
    { config: { access: { permission: CHARGING }, tenancy: { kind: 'payments' } }, schema: { querystring: chargingStatsQuerySchema } },
    async (request) => ok(await stats.charging(await callerScope(request), request.query)),
  );
  app.get(
    '/prepaid/stats/bills',
    { config: { access: { permission: BILL_STATS }, tenancy: bills }, schema: { querystring: billStatsQuerySchema } },
    async (request) => ok(await stats.bills(await callerScope(request), request.query)),
  );

  app.get('/prepaid/wall/overview', { config: { access: { anyOf: PREPAID_WALL_SCREENS }, displays: true, tenancy: accounts } }, async (request) =>
    ok(await prepaidOverview(db, await callerScope(request), Date.now(), timeZone)),
  );
  app.get(
    '/prepaid/wall/rooms',
    { config: { access: { anyOf: PREPAID_WALL_SCREENS }, displays: true, tenancy: accounts }, schema: { querystring: wallRoomsQuerySchema } },
    async (request) => ok(await wallRooms(db, await callerScope(request), request.query.limit, Date.now())),
  );

  app.channels.addProvider(
    prepaidWallChannels({ db, timeZone, screens: PREPAID_WALL_SCREENS, onError: (error) => app.log.warn({ err: error }, 'prepaid wall channel failed') }),
  );
};
