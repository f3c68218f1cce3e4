/** English texts of the pushes screens; zh.ts and es.ts beside this file hold the same keys. */
export const pushesEn = {
  loading: 'Loading…',
};
