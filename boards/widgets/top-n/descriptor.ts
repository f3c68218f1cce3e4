import { z } from 'zod';
import { defineWidget } from '../../widgetDescriptor';
import { RANKING_SCOPES, rankingChannel } from './topNRows';

export const topNOptionsSchema = z.object({
  /** Rank departments (children of the bound department, or the top level) or sub-items. */
  scope: z.enum(RANKING_SCOPES).default('department'),
  limit: z.number().int().min(1, 'At least 1 row').max(50, 'At most 50 rows').default(10),
  showShare: z.boolean().default(true),
});
export type TopNOptions = z.output<typeof topNOptionsSchema>;

/** The top N departments or sub-items by energy over the bound period, with share bars. */
export const topNWidget = defineWidget<TopNOptions>({
  id: 'top-n',
  nameKey: 'liveWidgets.names.top-n',
  category: 'energy',
  version: 1,
  options: topNOptionsSchema,
  defaultSize: { w: 8, h: 8 },
  // departmentIds[0] is the parent whose children are ranked; sub-items are ranked site-wide.
  bindingFields: ['departmentIds', 'energyType', 'grain', 'periods'],
  channels: (binding, options) => [rankingChannel(binding, options)],
  load: () => import('./TopNWidget'),
});
