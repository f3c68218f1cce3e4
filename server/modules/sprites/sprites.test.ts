import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { SPRITE_EDIT_SCREEN, SPRITE_VIEW_SCREEN } from '@shared/schemas/sprites';
import { pngBytes } from '../../files/pictureFixtures.test-util';
import { treeUser } from '@tests/support/trees';
import { filesKit, type FilesKit } from '../files/filesKit.test-util';

let k: FilesKit;
let picture: string;
let meters: number[];
beforeAll(async () => {
  k = await filesKit();
  picture = (await k.upload(pngBytes(800, 600, { seed: 9 }))).body.data.url;
  meters = (await k.t.app.storage.db.selectFrom('meters').select('id').orderBy('id').limit(2).execute()).map((m) => m.id);
  if (meters.length < 2) throw new Error('the demo organisation should have meters');
});
afterAll(() => k.close());

const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, picture, icons: [{ meterId: meters[0], x: 25, y: 40 }], ...extra });
const create = async (name: string, extra: Record<string, unknown> = {}) => {
  const { body: reply } = await k.call('POST', '/api/sprites', { payload: body(name, extra) });
  if (reply.code !== 0) throw new Error(reply.message);
  return reply.data;
};
const issue = (field: string, rule: string, message: string) => ({
  code: ErrorCode.VALIDATION_FAILED,
  message: `${field}: ${message}`,
  data: { issues: [{ field, rule, message }] },
});

describe('sprites API', () => {
  it('creates a sprite with the icon defaults filled in and the caller as author, and reads it back', async () => {
    const before = Date.now();
    const { status, body: reply } = await k.call('POST', '/api/sprites', { payload: body('  Boiler house  ') });
    expect(status).toBe(200);
    expect(reply).toMatchObject({ code: 0, message: 'Created' });
    expect(reply.data).toEqual({
      id: expect.any(Number),
      name: 'Boiler house',
      picture,
      icons: [{ meterId: meters[0], x: 25, y: 40, label: '', metric: 'kw', digits: 1 }],
      updatedAt: expect.any(Number),
      updatedBy: 'admin',
    });
    expect(reply.data.updatedAt).toBeGreaterThanOrEqual(before);
    expect((await k.call('GET', `/api/sprites/${reply.data.id}`)).body.data).toEqual(reply.data);
  });

  it('lists sprites by name', async () => {
    await create('Zeta compressors');
    await create('Air handling');
    const names = (await k.call('GET', '/api/sprites')).body.data.map((sprite: any) => sprite.name);
    // With the demo's plan of the site, seeded on the first start.
    expect(names).toEqual(['Air handling', 'Boiler house', 'Main site plan', 'Zeta compressors']);
  });

  it('updates and deletes a sprite; an https picture needs no upload', async () => {
    const sprite = await create('Chillers');
    const icons = [{ meterId: meters[1], x: 0, y: 100, label: 'Chiller 2', metric: 'kwh', digits: 0 }];
    const updated = await k.call('PUT', `/api/sprites/${sprite.id}`, {
      payload: { name: 'Chiller plant', picture: 'https://pictures.example.com/chillers.jpg', icons },
    });
    expect(updated.body).toMatchObject({
      code: 0,
      message: 'Updated',
      data: { id: sprite.id, name: 'Chiller plant', picture: 'https://pictures.example.com/chillers.jpg', icons },
    });
    expect((await k.call('GET', `/api/sprites/${sprite.id}`)).body.data.icons).toEqual(icons);
    expect((await k.call('DELETE', `/api/sprites/${sprite.id}`)).body).toEqual({ code: 0, data: null, message: 'Deleted' });
    expect((await k.call('GET', `/api/sprites/${sprite.id}`)).status).toBe(404);
  });

  it('answers NOT_FOUND for an unknown sprite', async () => {
    for (const [method, payload] of [['GET'], ['DELETE'], ['PUT', body('Nowhere')]] as const) {
      const { status, body: reply } = await k.call(method, '/api/sprites/999999', payload ? { payload } : {});
      expect(status, method).toBe(404);
      expect(reply, method).toEqual({ code: ErrorCode.NOT_FOUND, data: null, message: 'Sprite 999999 was not found' });
    }
  });

  it('refuses an icon on a meter that does not exist, naming the icon', async () => {
    const icons = [
      { meterId: meters[0], x: 1, y: 1 },
      { meterId: 987654, x: 2, y: 2 },
    ];
    const { status, body: reply } = await k.call('POST', '/api/sprites', { payload: body('Ghost meter', { icons }) });
    expect(status).toBe(400);
    expect(reply).toEqual(issue('icons.1.meterId', 'unknown_meter', 'No meter with id 987654'));
  });

  it('refuses a picture that is not stored here, whatever path it names', async () => {
    for (const url of [`/api/files/${'a'.repeat(64)}.png`, picture.replace('.png', '.gif'), '/images/plant.png', '/api/files/../boards']) {
      const { status, body: reply } = await k.call('POST', '/api/sprites', { payload: body('Unstored', { picture: url }) });
      expect(status, url).toBe(400);
      expect(reply, url).toEqual(issue('picture', 'not_stored', 'Upload the picture first: this file is not stored'));
    }
    const sprite = await create('Kept');
    const put = await k.call('PUT', `/api/sprites/${sprite.id}`, { payload: body('Kept', { picture: `/api/files/${'b'.repeat(64)}.jpg` }) });
    expect(put.body.data.issues[0].field).toBe('picture');
    expect((await k.call('GET', `/api/sprites/${sprite.id}`)).body.data.picture).toBe(picture);
  });

  it('reports the contract issues (name, picture scheme, icon position)', async () => {
    const empty = await k.call('POST', '/api/sprites', { payload: { name: ' ', picture, icons: [] } });
    expect(empty.body).toEqual(issue('name', 'too_small', 'Please enter the sprite name'));
    const plainHttp = await k.call('POST', '/api/sprites', { payload: body('Http', { picture: 'http://pictures.example.com/a.png' }) });
    expect(plainHttp.body).toEqual(issue('picture', 'custom', 'Use a path on this server starting with / or an https:// address'));
    const offPicture = await k.call('POST', '/api/sprites', { payload: body('Off', { icons: [{ meterId: meters[0], x: 101, y: 5 }] }) });
    expect(offPicture.body).toEqual(issue('icons.0.x', 'too_big', 'x is a percentage from 0 to 100'));
  });
});

describe('who may see and edit sprites', () => {
  it('lets the sprite view read but not write, the sprite editor do both, and nobody else either', async () => {
    const sprite = await create('Access check');
    // Sub-users of admin, in the tree that owns the sprite: only their screens tell them apart.
    const admin = (await k.t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const viewer = (await treeUser(k.t.app, 'sprite_viewer', [SPRITE_VIEW_SCREEN], admin)).token;
    const editor = (await treeUser(k.t.app, 'sprite_editor', [SPRITE_EDIT_SCREEN], admin)).token;
    const outsider = (await treeUser(k.t.app, 'sprite_outsider', ['/settings/boardConfig'], admin)).token;

    for (const token of [viewer, editor]) {
      expect((await k.call('GET', '/api/sprites', { token })).status).toBe(200);
      expect((await k.call('GET', `/api/sprites/${sprite.id}`, { token })).body.data.name).toBe('Access check');
    }
    for (const [method, url, payload] of [
      ['POST', '/api/sprites', body('Viewer made')],
      ['PUT', `/api/sprites/${sprite.id}`, body('Viewer renamed')],
      ['DELETE', `/api/sprites/${sprite.id}`, undefined],
    ] as const) {
      const refused = await k.call(method, url, { token: viewer, ...(payload ? { payload } : {}) });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    for (const url of ['/api/sprites', `/api/sprites/${sprite.id}`]) expect((await k.call('GET', url, { token: outsider })).status, url).toBe(403);
    expect((await k.call('GET', '/api/sprites', { token: null })).status).toBe(401);

    const made = await k.call('POST', '/api/sprites', { token: editor, payload: body('Editor made') });
    expect(made.body.data.updatedBy).toBe('sprite_editor');
    expect((await k.call('PUT', `/api/sprites/${made.body.data.id}`, { token: editor, payload: body('Editor renamed') })).body.data.name).toBe(
      'Editor renamed',
    );
    expect((await k.call('DELETE', `/api/sprites/${made.body.data.id}`, { token: editor })).status).toBe(200);
  });
});
