import type { AlarmRecord } from '@shared/schemas/alarms';
import type { ClusterEvents } from '../redis/clusterEvents';
import type { AlarmEventKind, AlarmEventSource, AlarmListener } from './alarmSource';
import type { LatestValuesFeed } from './latestValuesFeed';

const ALARM_TOPIC = 'alarm';
const METERS_TOPIC = 'meters';
/** Meters touched by commits are gathered this long before they are told to the other processes (one message, not one per batch). */
export const METERS_RELAY_MS = 50;

/**
 * The alarm events the channels listen to: this process's (the engine's AlarmEvents) and those raised or changed in
 * the other processes. Only the channels get the others' events: pushes, forwarding and the rest act on their own
 * process's alarms, once.
 */
export function clusterAlarmEvents(local: AlarmEventSource, cluster: ClusterEvents): AlarmEventSource & { stop(): void } {
  const remote = new Map<AlarmEventKind, Set<AlarmListener>>([
    ['raised', new Set()],
    ['changed', new Set()],
  ]);
  const tell = (kind: AlarmEventKind) => (record: AlarmRecord) => cluster.publish(ALARM_TOPIC, { kind, record });
  const tellRaised = tell('raised');
  const tellChanged = tell('changed');
  local.on('raised', tellRaised);
  local.on('changed', tellChanged);
  const stopHearing = cluster.on(ALARM_TOPIC, (data) => {
    const { kind, record } = data as { kind: AlarmEventKind; record: AlarmRecord };
    for (const listener of remote.get(kind) ?? []) listener(record);
  });
  return {
    on(kind, listener) {
      local.on(kind, listener);
      remote.get(kind)?.add(listener);
    },
    off(kind, listener) {
      local.off(kind, listener);
      remote.get(kind)?.delete(listener);
    },
    stop() {
      local.off('raised', tellRaised);
      local.off('changed', tellChanged);
      stopHearing();
    },
  };
}

/**
 * Meters whose readings were committed, for the latest-value, recent-series and energy channels of every process:
 * `committed` tells this process's feed at once and the others within METERS_RELAY_MS; the others' commits reach
 * this feed the same way.
 */
export function clusterLatestValues(feed: LatestValuesFeed, cluster: ClusterEvents): { committed(meterIds: Iterable<number>): void; stop(): void } {
  let pending = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const ids = [...pending];
    pending = new Set();
    if (ids.length) cluster.publish(METERS_TOPIC, ids);
  };
  const stopHearing = cluster.on(METERS_TOPIC, (data) => feed.notify(data as number[]));
  return {
    committed(meterIds) {
      const ids = [...meterIds];
      feed.notify(ids);
      for (const id of ids) pending.add(id);
      if (!timer && pending.size) {
        timer = setTimeout(flush, METERS_RELAY_MS);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      stopHearing();
    },
  };
}
