import type { RoomState } from '@shared/prepaid/constants';

/**
 * `prepaid:rooms:<limit>`: the caller's open prepaid rooms with the fewest days of credit left first (rooms
 * nothing was charged to last, by room code), at most `limit` (1–100). Served by server/modules/prepaidBills
 * (the rows of GET /api/prepaid/wall/rooms, cut down to what a wall shows), recomputed every 30 s. Pure.
 */
export interface RoomCreditLine {
  accountId: number;
  roomCode: string;
  building: string;
  memberName: string | null;
  balanceMinor: number;
  /** balance ÷ the average daily charge of the last 7 days; null when nothing was charged */
  daysLeft: number | null;
  roomState: RoomState;
}

export interface RoomCreditData {
  computedAt: number;
  /** ISO 4217 of the rooms' accounts (CNY) */
  currency: string;
  rooms: RoomCreditLine[];
}

export const ROOM_CREDIT_MAX = 100;

export const roomCreditChannel = (limit: number): string => `prepaid:rooms:${limit}`;

export function parseRoomCreditChannel(channel: string): { limit: number } | null {
  const match = /^prepaid:rooms:([1-9]\d{0,2})$/.exec(channel);
  if (!match) return null;
  const limit = Number(match[1]);
  return limit <= ROOM_CREDIT_MAX ? { limit } : null;
}
