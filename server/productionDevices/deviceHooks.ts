import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import type { ResourceHooks, Row } from '../resources/resourceTable';

/**
 * The meters of a production device, stored in production_device_meters (the kit checked they are meters of the
 * caller's tree). Only electricity meters: a device's state is read from its average power, kWh × 4.
 */
export const productionDeviceHooks: ResourceHooks = {
  async beforeWrite({ db: anyDb, input }) {
    const db = anyDb as unknown as Kysely<Database>;
    const ids = [...new Set((input.meterIds as number[] | undefined) ?? [])];
    if (ids.length === 0) return {};
    const other = await db
      .selectFrom('meters')
      .select(['code', 'energy_type'])
      .where('id', 'in', ids)
      .where('energy_type', '!=', 'electricity')
      .orderBy('code')
      .executeTakeFirst();
    if (other)
      throw validationError([
        {
          field: 'meterIds',
          rule: 'electricity',
          message: `Meter ${other.code} measures ${other.energy_type}: a device's state is read from its electric power, so choose electricity meters`,
        },
      ]);
    return {};
  },
  /** The set is replaced as a whole on every save. */
  async afterWrite({ db: anyDb, id, input }) {
    const db = anyDb as unknown as Kysely<Database>;
    const ids = [...new Set((input.meterIds as number[] | undefined) ?? [])];
    await db.deleteFrom('production_device_meters').where('device_id', '=', id).execute();
    if (ids.length)
      await db
        .insertInto('production_device_meters')
        .values(ids.map((meterId) => ({ device_id: id, meter_id: meterId })))
        .execute();
  },
  async decorate(anyDb, records: Row[]) {
    const db = anyDb as unknown as Kysely<Database>;
    const ids = records.map((record) => Number(record.id));
    const links = ids.length
      ? await db.selectFrom('production_device_meters').select(['device_id', 'meter_id']).where('device_id', 'in', ids).orderBy('meter_id').execute()
      : [];
    for (const record of records) record.meterIds = links.filter((link) => Number(link.device_id) === Number(record.id)).map((link) => Number(link.meter_id));
  },
};
