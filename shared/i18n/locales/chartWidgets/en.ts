/** English texts: Chart widgets (echarts): names in the palette and their own texts. zh.ts and es.ts beside this file hold the same keys. */
export const chartWidgetsEn = {
  noData: 'No data yet',
};
