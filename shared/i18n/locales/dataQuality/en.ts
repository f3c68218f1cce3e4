/** English texts of the dataQuality screens; zh.ts and es.ts beside this file hold the same keys. */
export const dataQualityEn = {
  loading: 'Loading…',
};
