import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { OPEN_ALARM_STATES } from '@shared/schemas/alarms';
import type { AuthService } from '../auth/authService';
import type { Database } from '../db/schema';
import { alarmCounts } from '../alarms/alarmCounts';
import { alarmCountsChannel } from './alarmCountsChannel';
import { alarmEventsChannel } from './alarmEventsChannel';
import { alarmRecordReader } from './alarmRecordReader';
import type { AlarmEventSource } from './alarmSource';
import { ChannelHub } from './channelHub';
import { clusterAlarmEvents, clusterLatestValues } from './clusterSources';
import { LatestValuesFeed } from './latestValuesFeed';
import { meterLatestChannels } from './meterLatestChannel';
import { meterRecentChannels } from './meterRecentChannel';
import { openAlarmsChannel } from './openAlarmsChannel';
import type { Realtime } from './socketServer';

export interface ChannelDeps {
  realtime: Realtime;
  auth: AuthService;
  db: Kysely<Database>;
  alarmEvents: AlarmEventSource;
  latestValues: LatestValuesFeed;
  onError: (error: unknown) => void;
}

/** The channels of shared/schemas/alarms (alarm counts, new alarms, open alarms, meter latest values) on the realtime server. */
export function attachChannels({ realtime, auth, db, alarmEvents, latestValues, onError }: ChannelDeps): ChannelHub {
  const alarmRecords = alarmRecordReader(db);
  const countOpen = (userId: number | null) => alarmCounts(db, { processingState: [...OPEN_ALARM_STATES], ...(userId === null ? {} : { userId }) });
  return new ChannelHub(
    realtime.io,
    auth,
    [
      alarmCountsChannel(alarmEvents, countOpen, onError),
      alarmEventsChannel(alarmEvents, alarmRecords, onError),
      openAlarmsChannel(alarmEvents, alarmRecords, onError),
      meterLatestChannels(db, latestValues, onError),
    ],
    onError,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    channels: ChannelHub;
    latestValues: LatestValuesFeed;
  }
}

/**
 * Wires the channels into a built app: alarm events from `app.alarms`, meter latest values from ingest's
 * committed-readings event. Call after both exist.
 */
export function registerChannels(app: FastifyInstance): void {
  const latestValues = new LatestValuesFeed();
  // With several processes (REDIS_URL) the others' commits and alarms reach these channels too: README.md.
  const committed = clusterLatestValues(latestValues, app.realtime.cluster);
  app.ingest.events.onCommitted(({ readings }) => committed.committed(readings.map((reading) => reading.meter.id)));
  const alarmEvents = clusterAlarmEvents(app.alarms.events, app.realtime.cluster);
  const hub = attachChannels({
    realtime: app.realtime,
    auth: app.auth,
    db: app.storage.db,
    alarmEvents,
    latestValues,
    onError: (error) => app.log.warn({ err: error }, 'realtime channel failed'),
  });
  // Live trends and sparklines read their first window from the stored readings.
  hub.addProvider(meterRecentChannels(app.storage, latestValues));
  app.decorate('channels', hub);
  app.decorate('latestValues', latestValues);
  app.addHook('preClose', async () => {
    hub.close();
    committed.stop();
    alarmEvents.stop();
  });
}
