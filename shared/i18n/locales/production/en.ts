/** Texts of /energyLine/*; zh.ts and es.ts hold the same keys. */
export const productionEn = {
  title: 'Production lines',
};
