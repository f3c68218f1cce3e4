/** Texts of the line-sec wall widget (a kiosk namespace); zh.ts and es.ts hold the same keys. */
export const lineSecWidgetEn = {
  name: 'Line SEC against target',
  noData: 'No data yet',
  noLines: 'No production lines',
  noOutput: 'no output',
  heading: '{{period}} · energy per standard unit',
  target: 'target {{value}}',
  periods: { today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days', thisMonth: 'This month', lastMonth: 'Last month' },
};
