import { LINE_SEC_REFRESH_MS, parseLineSecChannel, PRODUCTION_SCREENS, type LineSecWallData } from '@shared/production/api';
import type { Storage } from '../../db/connect';
import type { ChannelProvider } from '../../realtime/channelProvider';
import { treeWallChannel } from '../../realtime/treeWallChannel';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import { productionBoard, wallRange } from '../../production/board';

export interface LineSecChannelDeps {
  storage: Storage;
  timeZone: string;
  onError(error: unknown): void;
  now?: () => number;
  refreshMs?: number;
}

/**
 * `production:line-sec:<period>` (widget line-sec): the board summary of the caller's tree on joining and every
 * `refreshMs` while the room has subscribers. Holders of the energy board (and administrators, and their displays) may join.
 */
export function lineSecChannels({ storage, timeZone, onError, now = Date.now, refreshMs = LINE_SEC_REFRESH_MS }: LineSecChannelDeps): ChannelProvider {
  return treeWallChannel<LineSecWallData>({
    name: 'production:line-sec:*',
    matches: (channel) => parseLineSecChannel(channel) !== null,
    screens: [PRODUCTION_SCREENS.board],
    refreshMs,
    onError,
    async compute(channel, userId) {
      const period = parseLineSecChannel(channel)!;
      const at = now();
      const board = await productionBoard(storage.db, await ownerScopeOfUser(storage.db, userId), wallRange(period, at, timeZone), timeZone);
      return { ...board, computedAt: at, period };
    },
  });
}
