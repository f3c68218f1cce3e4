/** English texts: Chart widgets (echarts): names in the palette and their own texts. zh.ts and es.ts beside this file hold the same keys. */
export const chartWidgetsEn = {
  noData: 'No data yet',
  needsMeter: 'Choose a meter for this widget',
  needsScope: 'Choose departments or sub-items for this widget',
  names: {
    kpi: 'KPI figure',
    gauge: 'Gauge',
    'live-trend': 'Live trend',
    'energy-bar': 'Energy bars',
    'share-pie': 'Energy share',
    'energy-sankey': 'Energy flow',
    'energy-calendar': 'Daily energy calendar',
    'energy-periods': 'Energy by period',
  },
  kpi: {
    today: 'Today {{value}}',
    trendUp: 'Up {{change}} in {{minutes}} min',
    trendDown: 'Down {{change}} in {{minutes}} min',
    trendFlat: 'Steady over {{minutes}} min',
  },
  liveTrend: {
    meter: 'Meter {{id}}',
  },
  sharePie: {
    others: 'Others',
  },
  sankey: {
    site: 'Site',
  },
  periods: {
    lastMonths_one: 'This month',
    lastMonths_other: 'Last {{count}} months',
    lastDays_one: 'Today',
    lastDays_other: 'Last {{count}} days',
    yearBefore: 'Year before',
    /** "Oct −4.2 % vs Oct 2025": the latest complete period against the same period a year earlier. */
    change: '{{period}} {{change}} % vs {{earlier}}',
  },
  calendar: {
    /** Comma-separated, Sunday first (echarts calendar day labels). */
    dayNames: 'S,M,T,W,T,F,S',
    monthNames: 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec',
  },
};
