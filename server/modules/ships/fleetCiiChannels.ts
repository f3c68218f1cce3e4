import type { Kysely } from 'kysely';
import { FLEET_CII_REFRESH_MS, parseFleetCiiChannel, type FleetCiiData } from '@shared/ships/api';
import { FIRST_CII_YEAR, LAST_CII_YEAR } from '@shared/ships';
import type { Database } from '../../db/schema';
import { ChannelRefusal, type ChannelProvider } from '../../realtime/channelProvider';
import { treeWallChannel } from '../../realtime/treeWallChannel';
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

/**
 * `ships:fleet-cii:<year|current>` (shared/ships/api.ts): the fleet's CII letters of a UTC year for the `fleet-cii`
 * wall widget, in the caller's tree (scopedRoom; a display reads as its owner), sent on joining and every
 * FLEET_CII_REFRESH_MS while someone watches. Fuel and voyages change by hand or by the fuel meters' quarter
 * hours, so minutes are fresh enough.
 */
export function fleetCiiChannels({ db, ships, screens, onError, now = Date.now, refreshMs = FLEET_CII_REFRESH_MS }: FleetCiiDeps): ChannelProvider {
  return treeWallChannel<FleetCiiData>({
    name: 'ships:fleet-cii:*',
    matches: (channel) => parseFleetCiiChannel(channel) !== null,
    screens,
    refreshMs,
    onError,
    check(channel) {
      const { period } = parseFleetCiiChannel(channel)!;
      if (period !== 'current' && (period < FIRST_CII_YEAR || period > LAST_CII_YEAR))
        throw new ChannelRefusal(`No CII for ${period}: ratings run from ${FIRST_CII_YEAR} to ${LAST_CII_YEAR}`);
    },
    async compute(channel, userId) {
      const query = parseFleetCiiChannel(channel)!;
      const at = now();
      const year = query.period === 'current' ? utcYearOf(at) : query.period;
      return { ...(await ships.fleet(await ownerScopeOfUser(db, userId), year)), computedAt: at };
    },
  });
}
