/** English texts: The kiosk runtime (boards on walls): connection banner, stale marks, revoked screen, sign-in states. zh.ts and es.ts beside this file hold the same keys. */
export const kioskRuntimeEn = {
  loading: 'Loading the board…',
};
