import type { FastifyPluginAsync } from 'fastify';
import { EnergyAnalysis } from '../../energy/energyAnalysis';
import { energyChannels } from '../../realtime/energyChannel';
import { meterDirectoryChannel } from '../../realtime/meterDirectoryChannel';

/**
 * Live data channels for widgets: `energy:*` figures recomputed after ingest, and
 * `meters:directory`. No HTTP routes: the providers join the realtime hub.
 */
export const liveDataRoutes: FastifyPluginAsync = async (app) => {
  const db = app.storage.db;
  const timeZone = app.serverConfig.timeZone;
  const onError = (error: unknown) => app.log.warn({ err: error }, 'live data channel failed');
  app.channels.addProvider(energyChannels({ db, analysis: new EnergyAnalysis(db, timeZone), timeZone, feed: app.latestValues, onError }));
  app.channels.addProvider(meterDirectoryChannel(db, onError));
};
