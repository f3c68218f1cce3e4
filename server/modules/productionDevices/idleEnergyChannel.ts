import type { Kysely } from 'kysely';
import { isIdleEnergyChannel } from '@boards/widgets/idle-energy/channel';
import type { Database } from '../../db/schema';
import type { ChannelProvider } from '../../realtime/channelProvider';
import { treeWallChannel } from '../../realtime/treeWallChannel';
import { DeviceFigures } from '../../productionDevices/deviceFigures';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';

/** Every active room is recomputed and sent this often: a quarter hour's state settles within it. */
export const IDLE_ENERGY_REFRESH_MS = 60_000;

export interface IdleEnergyDeps {
  db: Kysely<Database>;
  timeZone: string;
  /** The screens whose holders (or an administrator, or a display of theirs) may read these figures. */
  screens: readonly string[];
  onError(error: unknown): void;
  now?: () => number;
  everyMs?: number;
}

/**
 * `devices:idle-energy` (boards/widgets/idle-energy/channel.ts): today's device figures per user tree (scopedRoom;
 * a display reads as its owner), sent on joining and every minute while someone watches.
 */
export function idleEnergyChannel({ db, timeZone, screens, onError, now = Date.now, everyMs = IDLE_ENERGY_REFRESH_MS }: IdleEnergyDeps): ChannelProvider {
  const figures = new DeviceFigures(db, timeZone);
  return treeWallChannel({
    name: 'devices:idle-energy',
    matches: isIdleEnergyChannel,
    screens,
    refreshMs: everyMs,
    onError,
    compute: async (_channel, userId) => figures.overview(await ownerScopeOfUser(db, userId), undefined, now()),
  });
}
