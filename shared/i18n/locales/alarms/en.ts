/** English texts of the alarms screens; zh.ts and es.ts beside this file hold the same keys. */
export const alarmsEn = {
  loading: 'Loading…',
};
