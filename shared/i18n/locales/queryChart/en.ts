/** Texts of board/queryChart; zh.ts and es.ts beside this file hold the same keys. */
export const queryChartEn = {
  source: {
    meters: 'Meters',
    departments: 'Departments',
  },
  meters: 'Meters',
  departments: 'Departments',
  chooseMeters: 'Choose up to {{max}} meters',
  chooseDepartments: 'Choose up to {{max}} departments',
  metric: 'Metric',
  energy: 'Energy',
  grain: {
    hour: 'Hourly',
    day: 'Daily',
    month: 'Monthly',
  },
  shortcut: {
    today: 'Today',
    lastWeek: 'Last week',
    lastMonth: 'Last month',
    lastThreeMonths: 'Last three months',
  },
  chartType: {
    line: 'Line',
    bar: 'Bars',
  },
  run: 'Query',
  chartLabel: 'Query chart',
  missing: 'No history in this range for: {{meters}}',
  empty: {
    loading: 'Querying…',
    choose: 'Choose meters or departments and a range, then press Query.',
    failed: 'The query failed; try again.',
    rangeLimits: 'Meters: at most 92 days. Departments: hourly at most 32 days, daily at most 367 days, monthly at most 120 months.',
  },
  saveAsWidget: 'Save as widget',
  saveTitle: 'Save the chart as a widget on a board',
  saveOk: 'Save',
};
