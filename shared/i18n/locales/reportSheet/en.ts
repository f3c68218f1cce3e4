/** Texts of Report sheet; zh.ts and es.ts hold the same keys. */
export const reportSheetEn = {
  title: 'Report sheet',
};
