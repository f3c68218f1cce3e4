import type { StoredRow } from './resourceRow';
import type { productionDeviceSchema } from '@shared/resources/productionDevices';

/** Table types of migration 0025_production_devices; conventions as in schema.ts. */
export interface ProductionDeviceTables {
  /** A plain resource row (meterIds live in production_device_meters). */
  production_devices: StoredRow<typeof productionDeviceSchema>;
  /** Which meters measure a device; hangs off the device (its tree). */
  production_device_meters: { device_id: number; meter_id: number };
}
