import type { Kysely } from 'kysely';
import type { KioskHeartbeat } from '@shared/schemas/boards';
import type { Database } from '../db/schema';

/** "3840×2160" (multiplication sign, device pixels), as the console's display list shows it. */
export const resolutionText = (width: number, height: number): string => `${width}×${height}`;

/** What a wall's heartbeat says is kept on its row: the console lists it (board shown, last seen, resolution, version). */
export async function recordHeartbeat(db: Kysely<Database>, displayId: number, beat: KioskHeartbeat, now = Date.now()): Promise<void> {
  await db
    .updateTable('displays')
    .set({ last_seen_at: now, board_id: beat.boardId, resolution: resolutionText(beat.width, beat.height), version: beat.version })
    .where('id', '=', displayId)
    .execute();
}
