/**
 * What the document adds to a route it cannot read from the registration (routeSupplements.ts says which
 * routes and why). A leaf: the ingest and resource supplement tables both build these.
 */
export interface Supplement {
  schema?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  description?: string;
}
