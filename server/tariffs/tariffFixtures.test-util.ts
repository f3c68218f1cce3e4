import type { TariffDefinition } from '@shared/tariffs';
import type { EnergyKit } from '../energy/energyKit.test-util';

/**
 * Writes tariffs, versions, assignments and calendar days straight to the database (tests of the band rollups),
 * after taking away the demo's (its tariffs, assignments and national holidays), so hand-computed figures hold.
 */
export async function testTariffs(k: EnergyKit) {
  const db = k.t.app.storage.db;
  await db.deleteFrom('tariff_assignments').execute();
  await db.deleteFrom('tariff_versions').execute();
  await db.deleteFrom('tariffs').execute();
  await db.deleteFrom('calendar_days').execute();
  await db.deleteFrom('band_rollups').execute();
  const owner = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const now = Date.now();
  return {
    async tariff(name: string, energyType = 'electricity'): Promise<number> {
      return (
        await db
          .insertInto('tariffs')
          .values({ owner_user_id: owner, name, energy_type: energyType, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },
    async version(tariffId: number, validFrom: string, validTo: string | null, definition: TariffDefinition): Promise<number> {
      return (
        await db
          .insertInto('tariff_versions')
          .values({ tariff_id: tariffId, valid_from: validFrom, valid_to: validTo, definition: JSON.stringify(definition), created_by: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },
    async assign(tariffId: number, target: 'department' | 'meter', targetId: number, energyType = 'electricity'): Promise<void> {
      await db
        .insertInto('tariff_assignments')
        .values({ owner_user_id: owner, tariff_id: tariffId, target, target_id: targetId, energy_type: energyType, created_at: now })
        .execute();
    },
    async holiday(day: string, dayType: 'holiday' | 'special' | 'workday' | 'weekend' = 'holiday'): Promise<void> {
      await db.insertInto('calendar_days').values({ day, day_type: dayType, name: 'Test day', updated_by: null, updated_at: now }).execute();
    },
  };
}
