/**
 * Where the server publishes its contract: the reference page (a page, so outside /api) and the two
 * machine-readable documents. The console links them from Third-party interfaces.
 */
export const API_CONTRACT_PATHS = {
  referencePage: '/docs/api/',
  openapi: '/api/openapi.json',
  asyncapi: '/api/asyncapi.json',
} as const;
