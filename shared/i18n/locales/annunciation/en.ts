/** English texts of the annunciation screens; zh.ts and es.ts beside this file hold the same keys. */
export const annunciationEn = {
  loading: 'Loading…',
};
