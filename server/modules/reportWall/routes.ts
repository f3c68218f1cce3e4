import type { FastifyPluginAsync } from 'fastify';
import { reportWallChannels } from './reportWallChannels';

/** Who reads report tables on a wall: the report screens' holders (as the definitions' web view), and displays of theirs. */
export const REPORT_WALL_SCREENS = ['/report/reportConfig', '/report/reportList'] as const;

/** The wall's report-table widget: the `report:*:table:*` channels (no HTTP route; the web view is /api/report-definitions/:id/table). */
export const reportWallRoutes: FastifyPluginAsync = async (app) => {
  app.channels.addProvider(
    reportWallChannels({
      storage: app.storage,
      timeZone: app.serverConfig.timeZone,
      screens: REPORT_WALL_SCREENS,
      onError: (error) => app.log.warn({ err: error }, 'report wall channel failed'),
    }),
  );
};
