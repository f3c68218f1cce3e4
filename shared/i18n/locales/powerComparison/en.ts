/** Texts of /power-comparison/power-data-comparison; zh.ts and es.ts hold the same keys. */
export const powerComparisonEn = {
  title: 'Imported against metered',
};
