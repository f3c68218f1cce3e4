// What a room-credit widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { ROOM_CREDIT_MAX } from './channel';

export const roomCreditOptions = z.object({
  /** Rooms asked for; the tile shows as many of them as fit. */
  limit: z.number().int().min(1).max(ROOM_CREDIT_MAX).default(10),
  /** Shows each room's member (tenant) beside its code. */
  showMember: z.boolean().default(true),
});
export type RoomCreditOptions = z.infer<typeof roomCreditOptions>;
