import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { kioskHeartbeatSchema, type KioskHeartbeatAck, type KioskSession } from '@shared/schemas/boards';
import { AppError } from '../../http/appError';
import { requireAuth } from '../../http/access';
import type { DisplayPrincipal } from '../../auth/displayPrincipal';
import { parseScope, scopeBoards } from '../../displays/displayScope';
import { recordHeartbeat } from '../../displays/heartbeat';
import type { DisplayRepository } from '../../displays/displayRepository';
import type { WebVersion } from '../../displays/webVersion';

/** Any signed-in user (a console user opening a board) and display tokens alike. */
const config = { access: 'user', displays: true, tenancy: { kind: 'displays' } } as const;

export interface KioskDeps {
  repository: DisplayRepository;
  webVersion: WebVersion;
}

/** GET /api/kiosk/session and POST /api/kiosk/heartbeat: what a wall may show, and what it reports. */
export function registerKioskRoutes(base: FastifyInstance, { repository, webVersion }: KioskDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.storage;

  /** The console's pin, as long as that board is still within the display's scope. */
  const pinnedFor = async (display: DisplayPrincipal): Promise<number | null> => {
    const pinned = await repository.pinnedBoard(display.id);
    return pinned !== null && display.boardIds.includes(pinned) ? pinned : null;
  };

  app.get('/kiosk/session', { config }, async (request) => {
    const auth = requireAuth(request);
    const base = { version: await webVersion.current(), serverTime: Date.now() };
    if (!auth.display) return ok<KioskSession>({ ...base, kind: 'user', username: auth.user.username });
    const row = await repository.find(auth.display.id);
    if (!row) throw new AppError('DISPLAY_REVOKED'); // deleted between authentication and here
    const scope = parseScope(row.scope);
    // A display reads with its owner's tree: boards of another tree drop out like deleted ones.
    const { boardIds, playlist } = await scopeBoards(db, scope, await auth.ownerScope());
    const pinnedBoardId = row.pinned_board_id !== null && boardIds.includes(row.pinned_board_id) ? row.pinned_board_id : null;
    return ok<KioskSession>({ ...base, kind: 'display', displayId: row.id, name: row.name, scope, boardIds, playlist, pinnedBoardId });
  });

  app.post('/kiosk/heartbeat', { config, schema: { body: kioskHeartbeatSchema } }, async (request) => {
    const auth = requireAuth(request);
    const version = await webVersion.current();
    // A user's browser on /dash is not a managed display: its heartbeat is answered, not recorded.
    if (!auth.display) return ok<KioskHeartbeatAck>({ version, pinnedBoardId: null });
    await recordHeartbeat(db, auth.display.id, request.body);
    return ok<KioskHeartbeatAck>({ version, pinnedBoardId: await pinnedFor(auth.display) });
  });
}
