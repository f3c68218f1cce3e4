import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { SPRITE_EDIT_SCREEN, SPRITE_VIEW_SCREEN, spriteIdParams } from '@shared/schemas/sprites';
import { requireAuth } from '../../http/access';
import { FileService } from '../../files/fileService';
import { SpriteService } from '../../sprites/spriteService';
import { callerScope } from '../../tenancy/routeTenancy';

/** The live sprite view reads; only the sprite editor writes. */
/** Sprites belong to a user tree: another tree's sprite id is "not found" (server/tenancy). */
const tenancy = { kind: 'sprites' } as const;
const read = { access: { anyOf: [SPRITE_VIEW_SCREEN, SPRITE_EDIT_SCREEN] }, tenancy };
const write = { access: { permission: SPRITE_EDIT_SCREEN }, tenancy };

/** /api/sprites: plant pictures with meter icons. */
export const spriteRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const sprites = new SpriteService(app.storage.db, new FileService(app.storage.db));

  app.get('/sprites', { config: read }, async (request) => ok(await sprites.list(await callerScope(request))));
  app.get('/sprites/:id', { config: read, schema: { params: spriteIdParams } }, async (request) => ok(await sprites.get(request.params.id)));
  app.post('/sprites', { config: write }, async (request) =>
    ok(await sprites.create(request.body, requireAuth(request).user.username, await callerScope(request)), 'Created'),
  );
  app.put('/sprites/:id', { config: write, schema: { params: spriteIdParams } }, async (request) =>
    ok(await sprites.update(request.params.id, request.body, requireAuth(request).user.username, await callerScope(request)), 'Updated'),
  );
  app.delete('/sprites/:id', { config: write, schema: { params: spriteIdParams } }, async (request) => {
    await sprites.remove(request.params.id);
    return ok(null, 'Deleted');
  });
};
