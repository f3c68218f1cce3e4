import { AppError } from '../../http/appError';
import type { AnyDb, ResourceHooks, Row } from '../resourceTable';

/**
 * Which meters feed a room, over time (room_meters: from_ts, to_ts; to_ts null while the meter still feeds it).
 * A save replaces the room's current set: a meter taken off ends its row now, a meter added starts a row now,
 * and a meter that was feeding another room is moved: that room's row ends at the same instant. Rows are never
 * rewritten otherwise, so an hour before a move is charged to the old room and an hour after it to the new one.
 * A row that would end where it started (added and taken off within the same millisecond) is removed.
 */
async function setMeters(db: AnyDb, roomId: number, wanted: readonly number[], now: number): Promise<void> {
  const room = await db.selectFrom('rooms').select('owner_user_id').where('id', '=', roomId).executeTakeFirstOrThrow();
  const open: Row[] = await db
    .selectFrom('room_meters')
    .select(['id', 'meter_id', 'from_ts'])
    .where('room_id', '=', roomId)
    .where('to_ts', 'is', null)
    .execute();
  const current = new Set(open.map((row) => Number(row.meter_id)));
  await endRows(
    db,
    open.filter((row) => !wanted.includes(Number(row.meter_id))),
    now,
  );
  const added = wanted.filter((meterId) => !current.has(meterId));
  if (added.length === 0) return;
  // The meter moved: it stops feeding whichever room it fed until now.
  const elsewhere: Row[] = await db
    .selectFrom('room_meters')
    .select(['id', 'meter_id', 'from_ts'])
    .where('meter_id', 'in', added)
    .where('to_ts', 'is', null)
    .where('room_id', '!=', roomId)
    .execute();
  await endRows(db, elsewhere, now);
  await db
    .insertInto('room_meters')
    .values(added.map((meterId) => ({ owner_user_id: room.owner_user_id, room_id: roomId, meter_id: meterId, from_ts: now, to_ts: null })))
    .execute();
}

async function endRows(db: AnyDb, rows: Row[], now: number): Promise<void> {
  const empty = rows.filter((row) => Number(row.from_ts) >= now).map((row) => Number(row.id));
  const ending = rows.filter((row) => Number(row.from_ts) < now).map((row) => Number(row.id));
  if (empty.length) await db.deleteFrom('room_meters').where('id', 'in', empty).execute();
  if (ending.length) await db.updateTable('room_meters').set({ to_ts: now }).where('id', 'in', ending).execute();
}

/**
 * Rooms: the meters feeding them (stored over time beside the row, see setMeters), and no delete of a room
 * that has a prepaid account (its ledger is immutable and kept; the account is closed instead).
 */
export const roomHooks: ResourceHooks = {
  async afterWrite({ db, input, id }) {
    const wanted = [...new Set(((input.meterIds as number[] | undefined) ?? []).map(Number))];
    await setMeters(db, id, wanted, Date.now());
  },
  async beforeDelete(db, ids) {
    const held = await db
      .selectFrom('prepaid_accounts')
      .innerJoin('rooms', 'rooms.id', 'prepaid_accounts.room_id')
      .select(['rooms.code'])
      .where('prepaid_accounts.room_id', 'in', ids)
      .executeTakeFirst();
    if (held)
      throw new AppError('VALIDATION_FAILED', {
        message: `Room "${String(held.code)}" has a prepaid account, whose ledger is kept: close the account instead of deleting the room`,
      });
  },
  /** meterIds: the meters feeding the room now. */
  async decorate(db, records: Row[]) {
    const ids = records.map((record) => Number(record.id));
    const rows: Row[] = ids.length
      ? await db.selectFrom('room_meters').select(['room_id', 'meter_id']).where('room_id', 'in', ids).where('to_ts', 'is', null).orderBy('meter_id').execute()
      : [];
    for (const record of records) record.meterIds = rows.filter((row) => Number(row.room_id) === Number(record.id)).map((row) => Number(row.meter_id));
  },
};
