import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { SPRITE_EDIT_SCREEN } from '@shared/schemas/sprites';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { pngBytes } from '../../files/pictureFixtures.test-util';
import { PICTURE_NOT_STORED } from '../../sprites/spriteService';
import { filesKit, type FilesKit } from '../files/filesKit.test-util';

/** Two user trees with the sprite editor: sprites and their pictures and meters stay in their tree. */
let k: FilesKit;
let trees: TwoTrees;
let meterA: number;
let meterB: number;
let pictureA: string;
let pictureB: string;
let spriteA: number;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => callAs(k.t.app, token, method, url, payload);
const body = (name: string, picture: string, meterId: number) => ({ name, picture, icons: [{ meterId, x: 10, y: 10 }] });
const names = (reply: { body: any }) => (reply.body.data as { name: string }[]).map((row) => row.name).sort();
const upload = async (token: string, seed: number) => (await k.upload(pngBytes(40, 30, { seed }), { token })).body.data.url as string;

beforeAll(async () => {
  k = await filesKit();
  const { db } = k.t.app.storage;
  trees = await twoTrees(k.t.app, [SPRITE_EDIT_SCREEN]);
  [meterA = 0, meterB = 0] = (await db.selectFrom('meters').select('id').orderBy('id').limit(2).execute()).map((row) => row.id);
  await db.updateTable('meters').set({ owner_user_id: trees.alpha.id }).where('id', '=', meterA).execute();
  await db.updateTable('meters').set({ owner_user_id: trees.beta.id }).where('id', '=', meterB).execute();
  pictureA = await upload(trees.alpha.token, 101);
  pictureB = await upload(trees.beta.token, 102);
  const created = await as(trees.alpha.token, 'POST', '/api/sprites', body('Alpha boiler', pictureA, meterA));
  if (created.body.code !== 0) throw new Error(created.body.message);
  spriteA = created.body.data.id;
  await as(trees.beta.token, 'POST', '/api/sprites', body('Beta boiler', pictureB, meterB));
});
afterAll(() => k.close());

describe('sprites of two user trees', () => {
  it('lists only the caller tree’s sprites; the sub-user sees its tree’s, admins see all', async () => {
    expect(names(await as(trees.beta.token, 'GET', '/api/sprites'))).toEqual(['Beta boiler']);
    expect(names(await as(trees.alphaSub.token, 'GET', '/api/sprites'))).toEqual(['Alpha boiler']);
    expect(names(await as(k.adminToken, 'GET', '/api/sprites'))).toEqual(['Alpha boiler', 'Beta boiler', 'Main site plan']);
  });

  it('answers read, update and delete of the other tree’s sprite like a missing one, and changes nothing', async () => {
    const notFound = { status: 404, body: { code: ErrorCode.NOT_FOUND, message: `Sprite ${spriteA} was not found` } };
    expect(await as(trees.beta.token, 'GET', `/api/sprites/${spriteA}`)).toMatchObject(notFound);
    expect(await as(trees.beta.token, 'PUT', `/api/sprites/${spriteA}`, body('Taken', pictureB, meterB))).toMatchObject(notFound);
    expect(await as(trees.beta.token, 'DELETE', `/api/sprites/${spriteA}`)).toMatchObject(notFound);
    expect((await as(trees.beta.token, 'GET', '/api/sprites/999999')).body).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: 'Sprite 999999 was not found',
    });
    expect((await as(k.adminToken, 'GET', `/api/sprites/${spriteA}`)).body.data).toMatchObject({ name: 'Alpha boiler', picture: pictureA });
    expect((await as(trees.alphaSub.token, 'PUT', `/api/sprites/${spriteA}`, body('Alpha boiler', pictureA, meterA))).body.code).toBe(0);
  });

  it('refuses the other tree’s picture and meters as if they were not stored', async () => {
    const reply = await as(trees.beta.token, 'POST', '/api/sprites', body('Beta steals', pictureA, meterA));
    expect(reply).toMatchObject({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        data: {
          issues: [
            { field: 'picture', rule: 'not_stored', message: PICTURE_NOT_STORED },
            { field: 'icons.0.meterId', rule: 'unknown_meter', message: `No meter with id ${meterA}` },
          ],
        },
      },
    });
    // An admin editing A's sprite cannot hand it B's picture either: the sprite's tree decides.
    const mixed = await as(k.adminToken, 'PUT', `/api/sprites/${spriteA}`, body('Alpha boiler', pictureB, meterA));
    expect(mixed.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { issues: [{ field: 'picture', rule: 'not_stored', message: PICTURE_NOT_STORED }] },
    });
    expect((await as(trees.beta.token, 'POST', '/api/sprites', body('Beta remote', 'https://pictures.example/plant.png', meterB))).body.code).toBe(0);
  });
});

describe('pictures of two user trees', () => {
  it('keeps the same bytes uploaded by two trees as two rows, each listed and deleted only in its tree', async () => {
    const bytes = pngBytes(50, 20, { seed: 7 });
    const a = (await k.upload(bytes, { token: trees.alpha.token, name: 'same-a.png' })).body.data;
    const b = (await k.upload(bytes, { token: trees.beta.token, name: 'same-b.png' })).body.data;
    expect(b.id).not.toBe(a.id);
    expect(b.url).toBe(a.url);
    const listed = (token: string) => as(token, 'GET', '/api/files').then((reply) => (reply.body.data as { name: string }[]).map((file) => file.name).sort());
    expect(await listed(trees.beta.token)).toEqual(['', 'same-b.png']);
    expect(await listed(trees.alphaSub.token)).toEqual(['', 'same-a.png']);
    // Admins list every tree's: both trees' two files and the demo's plant picture of their own tree.
    expect(await listed(k.adminToken)).toEqual(['', '', 'main-site-plan.png', 'same-a.png', 'same-b.png']);

    const foreign = await as(trees.beta.token, 'DELETE', `/api/files/${a.id}`);
    expect(foreign).toMatchObject({ status: 404, body: { code: ErrorCode.NOT_FOUND, message: `File ${a.id} was not found` } });
    expect(await listed(trees.alpha.token)).toEqual(['', 'same-a.png']);
    // B deleting its own copy leaves A's picture served and usable by A.
    expect((await as(trees.beta.token, 'DELETE', `/api/files/${b.id}`)).body.code).toBe(0);
    expect((await k.call('GET', a.url, { token: null })).status).toBe(200);
    expect((await as(trees.alpha.token, 'POST', '/api/sprites', body('Alpha same', a.url, meterA))).body.code).toBe(0);
    expect((await as(trees.beta.token, 'POST', '/api/sprites', body('Beta same', a.url, meterB))).body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });
});
