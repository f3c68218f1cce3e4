/** Texts of Report definitions; zh.ts and es.ts hold the same keys. */
export const reportsEn = {
  title: 'Report definitions',
};
