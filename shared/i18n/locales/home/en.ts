/** English texts of the home screens; zh.ts and es.ts beside this file hold the same keys. */
export const homeEn = {
  loading: 'Loading…',
};
