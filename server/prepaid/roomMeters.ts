import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface RoomMeterSpan {
  roomId: number;
  meterId: number;
  meterCode: string;
  energyType: string;
  gatewaySn: string | null;
  /** the span this meter fed the room: [fromTs, toTs), toTs null = still */
  fromTs: number;
  toTs: number | null;
}

/**
 * The meters that fed the given rooms at any time in [from, to): a meter moved to another room or replaced
 * ends its row and starts a new one (room_meters), so an hour before the move is charged to the old room and
 * an hour after it to the new one. A span is clipped by the reader to the hour it charges.
 */
export async function roomMeterSpans(db: Kysely<Database>, roomIds: readonly number[], from: number, to: number): Promise<RoomMeterSpan[]> {
  if (roomIds.length === 0) return [];
  const rows = await db
    .selectFrom('room_meters')
    .innerJoin('meters', 'meters.id', 'room_meters.meter_id')
    .leftJoin('gateways', 'gateways.id', 'meters.gateway_id')
    .select([
      'room_meters.room_id',
      'room_meters.meter_id',
      'meters.code as meter_code',
      'meters.energy_type',
      'gateways.sn as gateway_sn',
      'room_meters.from_ts',
      'room_meters.to_ts',
    ])
    .where('room_meters.room_id', 'in', roomIds)
    .where('room_meters.from_ts', '<', to)
    .where((eb) => eb.or([eb('room_meters.to_ts', 'is', null), eb('room_meters.to_ts', '>', from)]))
    .orderBy('room_meters.room_id')
    .orderBy('room_meters.from_ts')
    .execute();
  return rows.map((row) => ({
    roomId: row.room_id,
    meterId: row.meter_id,
    meterCode: row.meter_code,
    energyType: row.energy_type,
    gatewaySn: row.gateway_sn ?? null,
    fromTs: Number(row.from_ts),
    toTs: row.to_ts === null ? null : Number(row.to_ts),
  }));
}

/** The meters feeding a room now (supply commands go to these). */
export async function currentRoomMeters(db: Kysely<Database>, roomId: number, now: number): Promise<RoomMeterSpan[]> {
  return roomMeterSpans(db, [roomId], now, now + 1);
}
