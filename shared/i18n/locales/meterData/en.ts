/** English texts of the meterData screens; zh.ts and es.ts beside this file hold the same keys. */
export const meterDataEn = {
  loading: 'Loading…',
};
