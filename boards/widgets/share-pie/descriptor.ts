import { defineWidget } from '../../widgetDescriptor';
import { ENERGY_STALE_AFTER_MS, energyScopeChannel } from '../../charts/energyBinding';
import { sharePieOptions, type SharePieOptions } from './options';

export const PIE_WINDOW = { grain: 'day', periods: 1 } as const;

/** Each bound department's or sub-item's share of their sum, or the ranking's top N and the rest (default today). */
export const sharePieWidget = defineWidget<SharePieOptions>({
  id: 'share-pie',
  nameKey: 'chartWidgets.names.share-pie',
  category: 'energy',
  version: 1,
  options: sharePieOptions,
  defaultSize: { w: 6, h: 6 },
  bindingFields: ['departmentIds', 'subitemIds', 'energyType', 'grain', 'periods'],
  channels: (binding, options) => [energyScopeChannel(binding, options.scope, options.limit, PIE_WINDOW)],
  staleAfterMs: ENERGY_STALE_AFTER_MS,
  load: () => import('./SharePieWidget'),
});
