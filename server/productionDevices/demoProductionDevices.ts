import type { Kysely } from 'kysely';
import { productionDeviceResource, productionDeviceSchema } from '@shared/resources/productionDevices';
import type { Database } from '../db/schema';
import { RESOURCE_HOOKS } from '../resources/hooks';
import { ResourceRepository } from '../resources/resourceRepository';
import { tableOf } from '../resources/resourceTable';
import { ownerScopeOfUser } from '../tenancy/ownerScope';

interface DemoDevice {
  code: string;
  name: string;
  /** Demo meter (server/seed/demoOrganisation.ts); its load profile is server/simulator/demoMeters.ts. */
  meter: string;
  ratedPowerKw: number;
  runThresholdKw: number;
  offThresholdKw: number;
  note: string;
}

/**
 * Equipment of the Main Plant on its demo meters, with thresholds set against the simulator's load profiles so each
 * shows a real mix (activity: full 08–18, ramps 06–08 and 18–20, nothing at night, weekends at 35 %):
 * - the Line 1 press (M011, peak 180 kW, base 10 %): off at night (18 kW), running by day, idle at weekends (≈ 75 kW);
 * - the Line 2 oven (M015, peak 240 kW, base 30 %): kept warm at night (72 kW idle) and at weekends, never off;
 * - Compressor 1 (M033, peak 110 kW, base 30 %): idles at 33 kW all night: the waste the wall is for;
 * - Chiller 1 (M030, peak 320 kW, HVAC curve): idle at night, running in the warm afternoon;
 * - the Line 3 welding (M021, peak 130 kW, base 5 %): off at night, running by day.
 */
export const DEMO_DEVICES: readonly DemoDevice[] = [
  { code: 'L1-PRESS', name: 'Line 1 press', meter: 'M011', ratedPowerKw: 200, runThresholdKw: 120, offThresholdKw: 25, note: '800 t servo press' },
  { code: 'L2-OVEN', name: 'Line 2 curing oven', meter: 'M015', ratedPowerKw: 260, runThresholdKw: 150, offThresholdKw: 30, note: 'Kept warm between batches' },
  {
    code: 'AIR-C1',
    name: 'Compressor 1',
    meter: 'M033',
    ratedPowerKw: 132,
    runThresholdKw: 80,
    offThresholdKw: 15,
    note: 'Screw compressor, load/unload control',
  },
  { code: 'CH-1', name: 'Chiller 1', meter: 'M030', ratedPowerKw: 350, runThresholdKw: 150, offThresholdKw: 40, note: 'Centrifugal chiller' },
  { code: 'L3-WELD', name: 'Line 3 welding cell', meter: 'M021', ratedPowerKw: 150, runThresholdKw: 60, offThresholdKw: 10, note: 'Six robot welding cell' },
];

/**
 * The line a demo device belongs to: the production line of the admin's tree fed by the device's meter, or else the
 * one on the meter's department (the production-line demo names them); null when there is none.
 */
async function lineOf(db: Kysely<Database>, meterId: number, departmentId: number | null, owners: readonly number[]): Promise<number | null> {
  const fed = await db
    .selectFrom('product_line_meters as m')
    .innerJoin('product_lines as l', 'l.id', 'm.line_id')
    .select('l.id')
    .where('m.meter_id', '=', meterId)
    .where('l.owner_user_id', 'in', [...owners])
    .orderBy('l.id')
    .executeTakeFirst();
  if (fed) return fed.id;
  if (departmentId === null) return null;
  const onDepartment = await db
    .selectFrom('product_lines')
    .select('id')
    .where('department_id', '=', departmentId)
    .where('owner_user_id', 'in', [...owners])
    .orderBy('id')
    .executeTakeFirst();
  return onDepartment?.id ?? null;
}

/** Writes the demo devices through the resource's repository (schema and hooks, as a user's save), in the admin's tree. Returns how many. */
export async function createDemoProductionDevices(db: Kysely<Database>, adminId: number): Promise<number> {
  const scope = await ownerScopeOfUser(db, adminId);
  const owners = scope.all ? [scope.home] : [...scope.owners];
  const devices = new ResourceRepository(db, productionDeviceResource, tableOf(productionDeviceResource, RESOURCE_HOOKS[productionDeviceResource.name]));
  const meters = await db
    .selectFrom('meters')
    .select(['id', 'code', 'department_id'])
    .where(
      'code',
      'in',
      DEMO_DEVICES.map((device) => device.meter),
    )
    .where('owner_user_id', 'in', owners)
    .execute();
  const byCode = new Map(meters.map((meter) => [meter.code, meter]));
  let made = 0;
  for (const demo of DEMO_DEVICES) {
    const meter = byCode.get(demo.meter);
    if (!meter) continue;
    const input = productionDeviceSchema.parse({
      code: demo.code,
      name: demo.name,
      lineId: await lineOf(db, meter.id, meter.department_id, owners),
      meterIds: [meter.id],
      ratedPowerKw: demo.ratedPowerKw,
      runThresholdKw: demo.runThresholdKw,
      offThresholdKw: demo.offThresholdKw,
      note: demo.note,
    });
    await devices.create(input, scope);
    made += 1;
  }
  return made;
}
