import { MAX_RECENT_POINTS, parseMeterRecentChannel, type MeterRecentData } from '@shared/board/channels';
import type { Storage } from '../db/connect';
import { AppError } from '../http/appError';
import { loadMeterRef } from '../energy/meterRef';
import { metricSource } from '../energy/metricSource';
import { recentSeries } from '../energy/recentSeries';
import { ChannelRefusal, type ChannelProvider } from './channelProvider';
import { assertMayWatchMeter } from './meterViewers';
import type { LatestValuesFeed } from './latestValuesFeed';

/**
 * Walls that load together (the same board in several browsers) share one read this long, unless a
 * reading of the meter is committed meanwhile (a reconnecting wall must get what it missed).
 */
const ANSWER_REUSE_MS = 2000;

type Reader = Pick<Storage, 'db' | 'kind' | 'sqlite'>;

/**
 * `meter:<id>:recent:<metric>:<windowS>`: the meter's stored series over the window, sent once as the
 * snapshot (a reconnecting client subscribes again and so gets the gap filled); live points keep coming
 * on `meter:<id>:latest`. Who may join is exactly who may join that channel.
 */
export function meterRecentChannels(storage: Reader, feed: LatestValuesFeed, now: () => number = Date.now): ChannelProvider {
  const answers = new Map<string, { at: number; meterId: number; answer: Promise<MeterRecentData> }>();

  const read = async (channel: string): Promise<MeterRecentData> => {
    const { meterId, metric, windowS } = parseMeterRecentChannel(channel)!;
    const to = now();
    const from = to - windowS * 1000;
    const meter = await loadMeterRef(storage.db, meterId);
    const series = await recentSeries(storage, meter, metric, from, to, MAX_RECENT_POINTS);
    return { meterId, metric, from, to, ...series };
  };

  return {
    name: 'meter:<id>:recent:<metric>:<windowS>',
    matches: (channel) => channel.startsWith('meter:') && channel.includes(':recent:'),
    async join({ channel, auth }) {
      const parsed = parseMeterRecentChannel(channel);
      if (!parsed) throw new ChannelRefusal(`${channel} is not a recent-series channel (window at most 24 h)`);
      await assertMayWatchMeter(storage.db, auth, parsed.meterId, channel);
      try {
        metricSource(await loadMeterRef(storage.db, parsed.meterId), parsed.metric, storage.kind);
      } catch (error) {
        if (error instanceof AppError) throw new ChannelRefusal(error.message);
        throw error;
      }
      return { room: channel, scope: { userId: null } };
    },
    async snapshot({ channel }) {
      const at = now();
      for (const [key, held] of answers) if (at - held.at > ANSWER_REUSE_MS) answers.delete(key);
      let held = answers.get(channel);
      if (!held) {
        held = { at, meterId: parseMeterRecentChannel(channel)!.meterId, answer: read(channel) };
        answers.set(channel, held);
        // A failed read is not reused.
        held.answer.catch(() => answers.delete(channel));
      }
      return { messages: [await held.answer] };
    },
    start() {
      const stop = feed.listen((meterIds) => {
        for (const [key, held] of answers) if (meterIds.has(held.meterId)) answers.delete(key);
      });
      return () => {
        stop();
        answers.clear();
      };
    },
  };
}
