import { z } from 'zod';
import type { BoardDocument } from '../board/document';

/**
 * Boards, playlists, display tokens and the kiosk's own calls (issue 6). The board document itself is
 * shared/board/document.ts; the server validates it there and each element's options against the
 * widget catalogue (boards/widgets), answering VALIDATION_FAILED with the widget and field in the path.
 */

/** The screen that edits boards and manages displays and playlists (spec §2 settings/boardConfig). */
export const BOARD_CONFIG_SCREEN = '/settings/boardConfig';

const id = z.coerce.number().int().positive();
export const boardIdParams = z.object({ id });

// ---- boards: GET/POST /api/boards, GET/PUT/DELETE /api/boards/:id ----
export interface BoardSummary {
  id: number;
  name: string;
  description: string;
  /** Goes up by one on every save; walls compare it (board:<id> channel). */
  revision: number;
  designWidth: number;
  designHeight: number;
  /** A sample shipped with the product (seeded on first start); it can still be edited or deleted. */
  sample: boolean;
  updatedAt: number;
  updatedBy: string;
}
export interface BoardRecord extends BoardSummary {
  document: BoardDocument;
}
/** The document is checked by the server (migrated, then boardDocumentSchema, then each widget's options). */
export const boardCreateSchema = z.object({ document: z.unknown() });
/** `revision` is the one the editor loaded: saving over someone else's newer save is REVISION_CONFLICT. */
export const boardUpdateSchema = z.object({ document: z.unknown(), revision: z.number().int().min(1) });
export type BoardUpdate = z.infer<typeof boardUpdateSchema>;

// ---- playlists: GET/POST /api/playlists, PUT/DELETE /api/playlists/:id ----
export const MIN_PLAYLIST_SECONDS = 5;
export const MAX_PLAYLIST_SECONDS = 24 * 3600;
export const playlistSchema = z.object({
  name: z.string().trim().min(1, 'Please enter the playlist name').max(80, 'At most 80 characters'),
  entries: z
    .array(
      z.object({
        boardId: z.number().int().positive(),
        seconds: z.number().int().min(MIN_PLAYLIST_SECONDS, `At least ${MIN_PLAYLIST_SECONDS} seconds`).max(MAX_PLAYLIST_SECONDS, 'At most 24 hours'),
      }),
    )
    .min(1, 'Add at least one board')
    .max(100, 'At most 100 boards'),
});
export type PlaylistBody = z.infer<typeof playlistSchema>;
export interface Playlist extends PlaylistBody {
  id: number;
  updatedAt: number;
}

// ---- display tokens: GET/POST /api/displays, POST /api/displays/:id/{revoke,show,reload}, DELETE /api/displays/:id ----
/** A display token is `dsp_` + 43 url-safe characters; only its SHA-256 is stored, it is shown once. */
export const DISPLAY_TOKEN_PREFIX = 'dsp_';
export const DISPLAY_TOKEN_SHAPE = /^dsp_[A-Za-z0-9_-]{43}$/;
export const displayScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('boards'), boardIds: z.array(z.number().int().positive()).min(1, 'Choose at least one board').max(100) }),
  z.object({ kind: z.literal('playlist'), playlistId: z.number().int().positive() }),
]);
export type DisplayScope = z.infer<typeof displayScopeSchema>;
export const displayCreateSchema = z.object({
  name: z.string().trim().min(1, 'Please enter the display name').max(80, 'At most 80 characters'),
  scope: displayScopeSchema,
});
export type DisplayCreate = z.infer<typeof displayCreateSchema>;
/** Remote switch: a board inside the display's scope, or null to go back to its own rotation. */
export const displayShowSchema = z.object({ boardId: z.number().int().positive().nullable() });

export interface DisplayRecord {
  id: number;
  name: string;
  scope: DisplayScope;
  createdAt: number;
  createdBy: string;
  revokedAt: number | null;
  /** What the last heartbeat said; null before the first one. */
  lastSeenAt: number | null;
  boardId: number | null;
  boardName: string | null;
  /** "3840×2160" in device pixels. */
  resolution: string | null;
  version: string | null;
  /** A socket with this display's token is connected to some server process right now. */
  online: boolean;
  /** Board pinned from the console (remote switch); null when the display follows its scope. */
  pinnedBoardId: number | null;
}
/** POST /api/displays answers the record and the token, which is never shown again. */
export interface DisplayCreated {
  display: DisplayRecord;
  token: string;
  /** The kiosk address with the token, ready to open on the wall (access_token is adopted and removed from the bar). */
  link: string;
}

// ---- the kiosk's own calls (display tokens and signed-in users alike) ----
/** GET /api/kiosk/session: who the wall is and what it may show. */
export type KioskSession = {
  /** The build of the web bundles the server serves; a wall running another one reloads. */
  version: string;
  serverTime: number;
} & (
  | { kind: 'user'; username: string }
  | { kind: 'display'; displayId: number; name: string; scope: DisplayScope; boardIds: number[]; playlist: Playlist | null; pinnedBoardId: number | null }
);

/** POST /api/kiosk/heartbeat every KIOSK_HEARTBEAT_MS; the display list shows it. */
export const KIOSK_HEARTBEAT_MS = 15_000;
export const kioskHeartbeatSchema = z.object({
  boardId: z.number().int().positive().nullable(),
  playlistId: z.number().int().positive().nullable(),
  width: z.number().int().min(1).max(65536),
  height: z.number().int().min(1).max(65536),
  version: z.string().max(64),
  /** JS heap in MB when the browser tells (performance.memory), for the watchdog's trend. */
  heapMb: z.number().min(0).max(1e6).nullable().default(null),
  uptimeSeconds: z.number().int().min(0),
});
export type KioskHeartbeat = z.infer<typeof kioskHeartbeatSchema>;
export interface KioskHeartbeatAck {
  version: string;
  pinnedBoardId: number | null;
}
