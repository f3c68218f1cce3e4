/** English texts: Live, alarm, media and 3D widgets: names in the palette and their own texts. zh.ts and es.ts beside this file hold the same keys. */
export const liveWidgetsEn = {
  noData: 'No data yet',
};
