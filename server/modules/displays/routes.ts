import type { FastifyPluginAsync } from 'fastify';
import { DisplayRepository } from '../../displays/displayRepository';
import { WebVersion } from '../../displays/webVersion';
import { displaySelfChannel } from '../../realtime/displayChannel';
import { registerDisplayManagement } from './manageRoutes';
import { registerKioskRoutes } from './kioskRoutes';

/** Display tokens and displays (/api/displays), the kiosk's own calls (/api/kiosk) and the display:self channel. */
export const displayRoutes: FastifyPluginAsync = async (app) => {
  const repository = new DisplayRepository(app.storage.db);
  const channel = displaySelfChannel((displayId) => repository.pinnedBoard(displayId));
  app.channels.addProvider(channel);
  registerDisplayManagement(app, { repository, channel });
  registerKioskRoutes(app, { repository, webVersion: new WebVersion(app.serverConfig.webRoot) });
};
