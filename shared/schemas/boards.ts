import { z } from 'zod';
import { multilineText, text } from './text';
import { BOARD_CODE_MESSAGE, BOARD_CODE_SHAPE, BOARD_PURPOSES, type BoardDocument, type BoardPurpose } from '../board/document';

/**
 * Boards, playlists, display tokens and the kiosk's own calls. The board document itself is
 * shared/board/document.ts; the server validates it there and each element's options against the
 * widget catalogue (boards/widgets), answering VALIDATION_FAILED with the widget and field in the path.
 */

/** The screen that edits boards and manages displays and playlists (spec §2 settings/boardConfig). */
export const BOARD_CONFIG_SCREEN = '/settings/boardConfig';

const id = z.coerce.number().int().positive();
export const boardIdParams = z.object({ id });

/**
 * The `data` of FORBIDDEN (10008) when a board of the caller's own user tree is not shared with it (not in its
 * visible data boards). A board of another tree, or none, is KANBAN_NOT_FOUND (20001): existence is only
 * confirmed inside the tree. `askUser`: the tree's top-level account, who can share it.
 */
export interface BoardNotShared {
  boardId: number;
  askUser: { username: string; name: string } | null;
}

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
  /** document.meta.purpose / code / equipmentMeterId, mirrored as columns for the filtered lists. */
  purpose: BoardPurpose;
  code: string;
  equipmentMeterId: number | null;
  /** Equipment boards only (base/equipmentBoard): where the review stands; null for other purposes. */
  review: BoardReview | null;
}
export interface BoardRecord extends BoardSummary {
  document: BoardDocument;
}

/** GET /api/boards?purpose=energy: the lists of board/energyGZ, datashowboardlist, base/equipmentBoard. */
export const boardListQuerySchema = z.object({ purpose: z.enum(BOARD_PURPOSES).optional() });
export type BoardListQuery = z.infer<typeof boardListQuerySchema>;

/** GET /api/boards/by-code/:code → BoardRecord, or KANBAN_NOT_FOUND ("Kanban id error, Kanban not found!"). */
export const boardCodeParams = z.object({ code: z.string().regex(BOARD_CODE_SHAPE, BOARD_CODE_MESSAGE) });

// ---- version history: every save (create, update, restore, import) keeps the whole document ----
/** GET /api/boards/:id/versions: newest first. */
export interface BoardVersionSummary {
  revision: number;
  name: string;
  savedAt: number;
  savedBy: string;
  /** 'created' | 'saved' | 'restored from 3' | 'imported' | 'duplicated from board 7' as plain words for the list. */
  note: string;
}
/** GET /api/boards/:id/versions/:revision */
export interface BoardVersion extends BoardVersionSummary {
  document: BoardDocument;
}
export const boardVersionParams = z.object({ id, revision: z.coerce.number().int().min(1) });
/**
 * POST /api/boards/:id/versions/:revision/restore: saves that version's document as a new revision (history
 * is never rewritten). `revision` in the body is the current one the editor holds (REVISION_CONFLICT otherwise).
 */
export const boardRestoreSchema = z.object({ revision: z.number().int().min(1) });

/** POST /api/boards/:id/duplicate: a copy named "<name> (copy)" (code cleared), revision 1, its own history. */
export const boardDuplicateSchema = z.object({ name: text().trim().min(1, 'Please enter the board name').max(80, 'At most 80 characters').optional() });

/** GET/PUT /api/boards/:id/viewers: the users (beyond holders of the board screen) who may see the board. */
export const boardViewersSchema = z.object({ userIds: z.array(z.number().int().positive()).max(5000) });
export type BoardViewers = z.infer<typeof boardViewersSchema>;

// ---- equipment board review (base/equipmentBoard submits, base/equipmentBoardCheck decides) ----
export const EQUIPMENT_BOARD_SCREEN = '/base/equipmentBoard';
export const EQUIPMENT_BOARD_CHECK_SCREEN = '/base/equipmentBoardCheck';
export const BOARD_REVIEW_STATES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type BoardReviewState = (typeof BOARD_REVIEW_STATES)[number];
export interface BoardReview {
  state: BoardReviewState;
  /** The revision that was submitted (an approval is of that revision; a later save goes back to draft). */
  revision: number | null;
  submittedAt: number | null;
  submittedBy: string | null;
  decidedAt: number | null;
  decidedBy: string | null;
  /** The reviewer's words (required on rejection), plain text. */
  comment: string;
}
/** POST /api/boards/:id/review/submit (draft or rejected → pending). */
export const boardReviewSubmitSchema = z.object({ revision: z.number().int().min(1) });
/** POST /api/boards/:id/review/decide (pending → approved | rejected). */
export const boardReviewDecisionSchema = z
  .object({ approve: z.boolean(), comment: multilineText().trim().max(500, 'At most 500 characters').default('') })
  .refine((d) => d.approve || d.comment.length > 0, { path: ['comment'], message: 'Say why the board is rejected' });
export type BoardReviewDecision = z.input<typeof boardReviewDecisionSchema>;
/** GET /api/boards/reviews?state=pending: the review list (equipment boards with their review). */
export const boardReviewListQuerySchema = z.object({ state: z.enum(BOARD_REVIEW_STATES).optional() });
/** The document is checked by the server (migrated, then boardDocumentSchema, then each widget's options). */
export const boardCreateSchema = z.object({ document: z.unknown() });
/** `revision` is the one the editor loaded: saving over someone else's newer save is REVISION_CONFLICT. */
export const boardUpdateSchema = z.object({ document: z.unknown(), revision: z.number().int().min(1) });
export type BoardUpdate = z.infer<typeof boardUpdateSchema>;

// ---- playlists: GET/POST /api/playlists, PUT/DELETE /api/playlists/:id ----
export const MIN_PLAYLIST_SECONDS = 5;
export const MAX_PLAYLIST_SECONDS = 24 * 3600;
export const playlistSchema = z.object({
  name: text().trim().min(1, 'Please enter the playlist name').max(80, 'At most 80 characters'),
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
  name: text().trim().min(1, 'Please enter the display name').max(80, 'At most 80 characters'),
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
  version: text().max(64),
  /** JS heap in MB when the browser tells (performance.memory), for the watchdog's trend. */
  heapMb: z.number().min(0).max(1e6).nullable().default(null),
  uptimeSeconds: z.number().int().min(0),
});
export type KioskHeartbeat = z.infer<typeof kioskHeartbeatSchema>;
export interface KioskHeartbeatAck {
  version: string;
  pinnedBoardId: number | null;
}
