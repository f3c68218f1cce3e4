import { z } from 'zod';
import { defineWidget } from '../../widgetDescriptor';
import { ENERGY_STALE_AFTER_MS, energyScopeChannel } from '../../charts/energyBinding';

export const sharePieOptions = z.object({
  scope: z.enum(['department', 'subitem']).default('department'),
  /** Slices from the ranking when no ids are bound; the rest is one "Others" slice. */
  limit: z.number().int().min(1).max(50).default(6),
  showOthers: z.boolean().default(true),
  donut: z.boolean().default(true),
  /** Decimals of the percentages. */
  digits: z.number().int().min(0).max(3).default(1),
});
export type SharePieOptions = z.infer<typeof sharePieOptions>;

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
