/** English texts: the wall's report widget (report-table). zh.ts and es.ts beside this file hold the same keys. */
export const reportWidgetsEn = {
  noData: 'No data yet',
  choose: 'Choose a report definition for this tile',
  missing: 'This report definition does not exist',
  tooLarge: 'This report is too large for a wall: show fewer objects or a shorter period',
  noRows: 'This report has no rows',
  updated: 'Updated {{time}}',
  page: '{{page}}/{{pages}}',
  estimated: '* includes estimated data',
  moreColumns_one: '{{count}} more column',
  moreColumns_other: '{{count}} more columns',
  names: {
    'report-table': 'Report table',
  },
};
