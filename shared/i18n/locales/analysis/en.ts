/** English texts of the analysis screens; zh.ts and es.ts beside this file hold the same keys. */
export const analysisEn = {
  loading: 'Loading…',
};
