/** Texts of Utility-bill analysis; zh.ts and es.ts hold the same keys. */
export const billAnalysisEn = {
  title: 'Utility-bill analysis',
};
