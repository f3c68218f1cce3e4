import type { Kysely } from 'kysely';
import { FLEET_CII_REFRESH_MS, parseFleetCiiChannel, type FleetCiiData } from '@shared/ships/api';
import { FIRST_CII_YEAR, LAST_CII_YEAR } from '@shared/ships';
import type { AuthContext } from '../../auth/authService';
import type { Database } from '../../db/schema';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from '../../realtime/channelProvider';
import type { ShipService } from '../../ships/shipService';
import { utcYearOf } from '../../ships/shipYear';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';

export interface FleetCiiDeps {
  db: Kysely<Database>;
  ships: ShipService;
  /** The screens whose holders (or an administrator, or a display of theirs) may read the fleet's ratings. */
  screens: readonly string[];
  onError(error: unknown): void;
  now?: () => number;
  refreshMs?: number;
}

const channelOf = (room: string): string => room.split('#')[0]!;

/**
 * `ships:fleet-cii:<year|current>` (shared/ships/api.ts): the fleet's CII letters of a UTC year for the `fleet-cii`
 * wall widget, in the caller's tree (scopedRoom; a display reads as its owner), sent on joining and every
 * FLEET_CII_REFRESH_MS while someone watches. Fuel and voyages change by hand or by the fuel meters' quarter
 * hours, so minutes are fresh enough.
 */
export function fleetCiiChannels({ db, ships, screens, onError, now = Date.now, refreshMs = FLEET_CII_REFRESH_MS }: FleetCiiDeps): ChannelProvider {
  const roomUser = new Map<string, number>();

  const maySee = async (auth: AuthContext): Promise<boolean> => {
    if (auth.isAdmin) return true;
    const paths = await auth.permittedPaths();
    return screens.some((path) => paths.has(path));
  };

  const compute = async (channel: string, userId: number): Promise<FleetCiiData> => {
    const query = parseFleetCiiChannel(channel)!;
    const at = now();
    const year = query.period === 'current' ? utcYearOf(at) : query.period;
    return { ...(await ships.fleet(await ownerScopeOfUser(db, userId), year)), computedAt: at };
  };

  const refresh = async (publisher: ChannelPublisher) => {
    for (const { room } of publisher.activeRooms(provider)) {
      const userId = roomUser.get(room);
      if (userId === undefined) continue;
      const payload = await compute(channelOf(room), userId).catch((error: unknown) => {
        onError(error);
        return null;
      });
      if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
    }
  };

  let running: Promise<void> | null = null;
  const provider: ChannelProvider = {
    name: 'ships:fleet-cii:*',
    matches: (channel) => parseFleetCiiChannel(channel) !== null,
    async join({ channel, auth }) {
      if (!(await maySee(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const { period } = parseFleetCiiChannel(channel)!;
      if (period !== 'current' && (period < FIRST_CII_YEAR || period > LAST_CII_YEAR))
        throw new ChannelRefusal(`No CII for ${period}: ratings run from ${FIRST_CII_YEAR} to ${LAST_CII_YEAR}`);
      const scoped = scopedRoom(channel, auth);
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      return { messages: [await compute(channel, roomUser.get(room) ?? auth.user.id)] };
    },
    start(publisher) {
      const timer = setInterval(() => {
        // One pass at a time: a slow pass skips a beat rather than piling up.
        running ??= refresh(publisher)
          .catch(onError)
          .finally(() => {
            running = null;
          });
      }, refreshMs);
      timer.unref?.();
      return () => clearInterval(timer);
    },
    released(room) {
      roomUser.delete(room);
    },
  };
  return provider;
}
