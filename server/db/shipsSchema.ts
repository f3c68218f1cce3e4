/** Table types of migration 0023_ships; conventions as in schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the module's tables
export interface ShipTables {}
