/** English texts of the integrations screens; zh.ts and es.ts beside this file hold the same keys. */
export const integrationsEn = {
  loading: 'Loading…',
};
