/** English texts of the deviceAdmin screens; zh.ts and es.ts beside this file hold the same keys. */
export const deviceAdminEn = {
  loading: 'Loading…',
};
