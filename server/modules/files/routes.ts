import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '@shared/errors';
import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { fileIdParams, fileNameParams, UPLOAD_MAX_BYTES, UPLOAD_NAME_HEADER } from '@shared/schemas/files';
import { SPRITE_EDIT_SCREEN } from '@shared/schemas/sprites';
import { requireAuth } from '../../http/access';
import { FileService } from '../../files/fileService';
import { callerScope } from '../../tenancy/routeTenancy';

/** Who places pictures: board backgrounds and image widgets, sprites, equipment boards, announcements (add or edit). */
export const PICTURE_SCREENS = [BOARD_CONFIG_SCREEN, SPRITE_EDIT_SCREEN, EQUIPMENT_BOARD_SCREEN, '/inquiry/adpost/add', '/inquiry/adpost/edit'];
/** Pictures belong to a user tree: another tree's file id is "not found" (server/tenancy). */
const manage = { access: { anyOf: PICTURE_SCREENS }, tenancy: { kind: 'files' } as const };

/** Served names are content hashes: the bytes behind one never change. */
const SERVED_HEADERS = {
  'content-security-policy': "default-src 'none'",
  'cache-control': 'public, max-age=31536000, immutable',
};

/** Whether If-None-Match names this entity tag (a list, weak or not, or *). */
function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** /api/files: picture uploads checked by their bytes, the list, delete, and the public picture route. */
export const fileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const files = new FileService(app.storage.db);

  // This plugin takes every body as raw bytes (its own scope only): the bytes, not the Content-Type, say
  // what an upload is, and a text/html or JSON body is refused as a file type (415), not parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/files', { config: manage, bodyLimit: UPLOAD_MAX_BYTES }, async (request) => {
    const stored = await files.upload({
      body: request.body,
      contentType: request.headers['content-type'],
      nameHeader: request.headers[UPLOAD_NAME_HEADER],
      uploadedBy: requireAuth(request).user.username,
      ownerUserId: (await callerScope(request)).home,
    });
    return ok(stored, 'Uploaded');
  });
  app.get('/files', { config: manage }, async (request) => ok(await files.list(await callerScope(request))));
  app.delete('/files/:id', { config: manage, schema: { params: fileIdParams } }, async (request) => {
    await files.remove(request.params.id);
    return ok(null, 'Deleted');
  });

  // Public: walls load pictures with <img> and cannot send a token; a sha256 name cannot be guessed.
  app.get('/files/:name', { config: { access: 'public' }, schema: { params: fileNameParams } }, async (request, reply) => {
    const file = await files.serve(request.params.name);
    const etag = `"${file.sha256}"`;
    reply.headers({ ...SERVED_HEADERS, etag });
    if (matchesEtag(request, etag)) return reply.status(304).send();
    return reply.type(file.contentType).send(file.content);
  });
};
