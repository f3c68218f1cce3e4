/** Texts of issue 8 (queryChart); zh.ts and es.ts beside this file hold the same keys. */
export const queryChartEn = {
  title: 'queryChart',
};
