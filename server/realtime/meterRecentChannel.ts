import { MAX_RECENT_POINTS, parseMeterRecentChannel, type MeterRecentData } from '@shared/board/channels';
import type { Storage } from '../db/connect';
import { AppError } from '../http/appError';
import { loadMeterRef } from '../energy/meterRef';
import { metricSource } from '../energy/metricSource';
import { recentSeries } from '../energy/recentSeries';
import { ChannelRefusal, type ChannelProvider } from './channelProvider';
import { assertMayWatchMeter } from './meterViewers';

/** Walls that load together (or the widgets of one board across several browsers) share one read this long. */
const ANSWER_REUSE_MS = 2000;

type Reader = Pick<Storage, 'db' | 'kind' | 'sqlite'>;

/**
 * `meter:<id>:recent:<metric>:<windowS>`: the meter's stored series over the window, sent once as the
 * snapshot (a reconnecting client subscribes again and so gets the gap filled); live points keep coming
 * on `meter:<id>:latest`. Who may join is exactly who may join that channel.
 */
export function meterRecentChannels(storage: Reader, now: () => number = Date.now): ChannelProvider {
  const answers = new Map<string, { at: number; answer: Promise<MeterRecentData> }>();

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
        held = { at, answer: read(channel) };
        answers.set(channel, held);
        // A failed read is not reused.
        held.answer.catch(() => answers.delete(channel));
      }
      return { messages: [await held.answer] };
    },
    start: () => () => answers.clear(),
  };
}
