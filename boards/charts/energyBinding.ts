import { energyChannel } from '@shared/board/channels';
import type { Binding } from '@shared/board/document';
import type { RollupGrain } from '@shared/schemas/energy';

/** What an energy widget shows when its binding leaves it open: electricity, today. */
export const DEFAULT_ENERGY_TYPE = 'electricity';

/** Energy type, grain and periods of a binding, with the defaults given (the widget's period when unbound). */
export function energyWindowOf(
  binding: Binding,
  defaults: { grain: RollupGrain; periods: number },
): { energyType: string; grain: RollupGrain; periods: number } {
  return { energyType: binding.energyType ?? DEFAULT_ENERGY_TYPE, grain: binding.grain ?? defaults.grain, periods: binding.periods ?? defaults.periods };
}

/** Channel names allow at most 50 ids (parseEnergyChannel): a binding with more keeps the first 50. */
export const MAX_CHANNEL_IDS = 50;
export const channelIds = (ids: readonly number[] | undefined): number[] => (ids ?? []).slice(0, MAX_CHANNEL_IDS);

/**
 * Energy channels are resent only when their figures change (server/realtime/energyChannel.ts), so a quiet
 * department's payload keeps its old computedAt: energy widgets allow half an hour before they grey.
 */
export const ENERGY_STALE_AFTER_MS = 30 * 60_000;

/**
 * The channel of an energy widget that shows departments or sub-items: the bound ones (series, summed over
 * the window per id), or with none bound the top `limit` of the ranking (top-level departments, or sub-items).
 */
export function energyScopeChannel(
  binding: Binding,
  scope: 'department' | 'subitem',
  limit: number,
  defaults: { grain: RollupGrain; periods: number },
): string {
  const window = energyWindowOf(binding, defaults);
  const ids = channelIds(scope === 'department' ? binding.departmentIds : binding.subitemIds);
  return ids.length > 0 ? energyChannel({ kind: 'series', scope, ids, ...window }) : energyChannel({ kind: 'ranking', scope, ...window, limit });
}
