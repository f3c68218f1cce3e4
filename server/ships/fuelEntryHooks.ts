import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import type { ResourceHooks } from '../resources/resourceTable';

/**
 * A fuel entry's leg (legs are not a resource, so the kit cannot check the reference): it must be a leg of the
 * entry's ship. The ship itself is checked against the caller's tree by the kit, so this keeps the leg there too.
 */
export const shipFuelEntryHooks: ResourceHooks = {
  async beforeWrite({ db: anyDb, input }) {
    const legId = input.legId;
    if (legId === null || legId === undefined) return {};
    const db = anyDb as unknown as Kysely<Database>;
    const leg = await db.selectFrom('voyage_legs').select('id').where('id', '=', Number(legId)).where('ship_id', '=', Number(input.shipId)).executeTakeFirst();
    if (!leg) throw validationError([{ field: 'legId', rule: 'exists', message: `Leg ${String(legId)} is not a leg of this ship` }]);
    return {};
  },
};
