/** Table types of migration 0025_production_devices; conventions as in schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in with the module's tables
export interface ProductionDeviceTables {}
