import { energyBarWidget } from '@boards/widgets/energy-bar/descriptor';
import { energyBarOptions } from '@boards/widgets/energy-bar/options';
import { liveTrendWidget } from '@boards/widgets/live-trend/descriptor';
import { liveTrendOptions } from '@boards/widgets/live-trend/options';
import type { Binding } from '@shared/board/document';
import type { AnyWidgetDescriptor } from '@boards/widgetDescriptor';
import type { NewBoardElement } from '../sprites/placement/boardPlacement';
import type { ChartQuery } from './queryModel';
import { periodsIn, queryWindow } from './queryPeriod';

/**
 * The wall widget closest to a query. Departments → energy bars: each department's energy over the same
 * number of hours, days or months, rolling up to now (a wall shows the present, not a fixed past range).
 * Meters → a live trend of the same metric. Options are the descriptor's own defaults (so they are valid
 * by construction); only the binding carries the query, in the fields the descriptor says it reads.
 */
/** Only the binding fields the widget reads (its descriptor's bindingFields), so nothing unused is stored. */
function bindingFor(descriptor: AnyWidgetDescriptor, binding: Binding): Binding {
  const fields = descriptor.bindingFields;
  if (!fields) return binding;
  return Object.fromEntries(Object.entries(binding).filter(([field]) => (fields as readonly string[]).includes(field))) as Binding;
}

export function widgetForQuery(query: ChartQuery): Omit<NewBoardElement, 'title'> {
  if (query.source === 'departments') {
    const { from, to } = queryWindow(query.source, query.grain, query.start, query.end);
    return {
      type: energyBarWidget.id,
      version: energyBarWidget.version,
      options: energyBarOptions.parse({ scope: 'department' }),
      binding: bindingFor(energyBarWidget, { departmentIds: [...query.ids], grain: query.grain, periods: periodsIn(query.grain, from, to) }),
      size: { ...energyBarWidget.defaultSize },
    };
  }
  return {
    type: liveTrendWidget.id,
    version: liveTrendWidget.version,
    options: liveTrendOptions.parse({}),
    binding: bindingFor(liveTrendWidget, { meterIds: [...query.ids], metric: query.metric }),
    size: { ...liveTrendWidget.defaultSize },
  };
}
