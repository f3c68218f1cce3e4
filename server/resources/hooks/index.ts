import type { ResourceHooks } from '../resourceTable';
import { departmentHooks } from './departments';
import { meterHooks } from './meters';
import { announcementHooks } from '../../inquiry/announcementHooks';
import { meterCheckHooks } from '../../meterChecks/meterCheckHooks';
import { roomHooks } from './rooms';
import { memberHooks } from '../../prepaid/accounts/memberHooks';
import { productHooks, productLineHooks, productRecordHooks } from '../../production/resourceHooks';
import { shipFuelEntryHooks } from '../../ships/fuelEntryHooks';
import { productionDeviceHooks } from '../../productionDevices/deviceHooks';

/**
 * The rules a resource has beyond its definition, by resource name: a plain resource needs none. Add a
 * line here only for a rule the definition cannot say (a computed column, a link table, a guarded delete).
 */
export const RESOURCE_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  department: departmentHooks,
  meter: meterHooks,
  announcement: announcementHooks,
  meterCheck: meterCheckHooks,
  room: roomHooks,
  member: memberHooks,
  product: productHooks,
  productLine: productLineHooks,
  productRecord: productRecordHooks,
  shipFuelEntry: shipFuelEntryHooks,
  productionDevice: productionDeviceHooks,
};
