import type { TFunction } from 'i18next';
import type { ResourceOption } from '@shared/resources';
import type { ChartQuery } from './queryModel';

/** Names shown in a default title before it gets an ellipsis. */
const NAMED = 3;
const MAX_TITLE = 80;

/** A widget's default title: what is measured, then the first few chosen names ("Active power: Press 1, Press 2 …"). */
export function widgetTitle(t: TFunction, query: ChartQuery, items: readonly ResourceOption[]): string {
  const names = query.ids.slice(0, NAMED).map((id) => items.find((item) => item.id === id)?.name ?? `#${id}`);
  const more = query.ids.length > NAMED ? ' …' : '';
  const what = query.source === 'meters' ? t(`meterData.metrics.${query.metric}`, { defaultValue: query.metric }) : t('queryChart.energy');
  return `${what}: ${names.join(', ')}${more}`.slice(0, MAX_TITLE);
}
