import { defineWidget } from '../../widgetDescriptor';
import { REFRESH_MAX_MINUTES, reportWallChannel } from './channel';
import { reportRefOf, reportTableOptions, type ReportTableOptions } from './options';

/** A report definition's live table on a wall: paged rows, the total pinned below, refreshed by the server. */
export const reportTableWidget = defineWidget<ReportTableOptions>({
  id: 'report-table',
  nameKey: 'reportWidgets.names.report-table',
  category: 'figures',
  version: 1,
  options: reportTableOptions,
  defaultSize: { w: 12, h: 9 },
  bindingFields: [],
  channels: (_binding, options) => {
    const ref = reportRefOf(options);
    return ref ? [reportWallChannel({ ref, preset: options.preset, refreshMinutes: options.refreshMinutes })] : [];
  },
  // Sent every refreshMinutes (at most an hour): greyed only when two refreshes are missed at the longest setting.
  staleAfterMs: 2 * REFRESH_MAX_MINUTES * 60_000 + 60_000,
  load: () => import('./ReportTableWidget'),
});
