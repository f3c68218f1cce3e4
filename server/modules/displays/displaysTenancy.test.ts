import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { displaysKit, type DisplaysKit } from './displaysKit.test-util';

/** Two user trees with the board screen: neither lists, revokes nor redirects the other's walls, nor points a wall at the other's boards. */
let k: DisplaysKit;
let trees: TwoTrees;
let boardA: number;
let boardB: number;
let playlistA: number;
let displayA: { id: number; token: string };
let displayB: { id: number; token: string };

const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => callAs(k.t.app, token, method, url, payload);
const createDisplay = async (token: string, name: string, scope: unknown) => {
  const reply = await as(token, 'POST', '/api/displays', { name, scope });
  if (reply.body.code !== 0) throw new Error(reply.body.message);
  return { id: reply.body.data.display.id as number, token: reply.body.data.token as string };
};
const names = (reply: { body: any }) => (reply.body.data as { name: string }[]).map((row) => row.name).sort();

beforeAll(async () => {
  k = await displaysKit();
  await k.t.app.storage.db.deleteFrom('boards').execute();
  trees = await twoTrees(k.t.app, [BOARD_CONFIG_SCREEN]);
  boardA = await k.board('Alpha wall', trees.alpha.id);
  boardB = await k.board('Beta wall', trees.beta.id);
  playlistA = await k.playlist('Alpha rotation', [{ boardId: boardA, seconds: 30 }], trees.alpha.id);
  displayA = await createDisplay(trees.alpha.token, 'Alpha hall', { kind: 'boards', boardIds: [boardA] });
  displayB = await createDisplay(trees.beta.token, 'Beta hall', { kind: 'boards', boardIds: [boardB] });
});
afterAll(() => k.close());

describe('displays of two user trees', () => {
  it('lists only the caller tree’s displays; the sub-user sees its tree’s, admins see all (the demo wall of their own tree too)', async () => {
    expect(names(await as(trees.beta.token, 'GET', '/api/displays'))).toEqual(['Beta hall']);
    expect(names(await as(trees.alphaSub.token, 'GET', '/api/displays'))).toEqual(['Alpha hall']);
    expect(names(await as(k.adminToken, 'GET', '/api/displays'))).toEqual(['Alpha hall', 'Beta hall', 'Control room wall']);
  });

  it('answers revoke, show, reload and delete of the other tree’s display like a missing one, and changes nothing', async () => {
    for (const [method, path, payload] of [
      ['POST', 'revoke', undefined],
      ['POST', 'show', { boardId: boardA }],
      ['POST', 'reload', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const url = `/api/displays/${displayA.id}${path ? `/${path}` : ''}`;
      const foreign = await as(trees.beta.token, method, url, payload);
      expect({ url, ...foreign }).toMatchObject({ url, status: 404, body: { code: ErrorCode.NOT_FOUND, message: `Display ${displayA.id} was not found` } });
      const missing = await as(trees.beta.token, method, url.replace(String(displayA.id), '999999'), payload);
      expect(missing.body).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'Display 999999 was not found' });
    }
    const [row] = (await as(k.adminToken, 'GET', '/api/displays')).body.data.filter((display: { id: number }) => display.id === displayA.id);
    expect(row).toMatchObject({ name: 'Alpha hall', revokedAt: null, pinnedBoardId: null });
    expect((await as(displayA.token, 'GET', '/api/kiosk/session')).body.data).toMatchObject({ kind: 'display', boardIds: [boardA] });
    // As A, its own display is redirected.
    const shown = await as(trees.alphaSub.token, 'POST', `/api/displays/${displayA.id}/show`, { boardId: boardA });
    expect(shown.body).toMatchObject({ code: 0, data: { pinnedBoardId: boardA } });
  });

  it('refuses a new display showing the other tree’s boards or playlist as if they did not exist', async () => {
    const boards = await as(trees.beta.token, 'POST', '/api/displays', { name: 'Beta steals', scope: { kind: 'boards', boardIds: [boardB, boardA] } });
    expect(boards).toMatchObject({
      status: 400,
      body: { code: ErrorCode.VALIDATION_FAILED, data: { issues: [{ field: 'scope.boardIds.1', rule: 'exists', message: `board ${boardA} does not exist` }] } },
    });
    const playlist = await as(trees.beta.token, 'POST', '/api/displays', { name: 'Beta steals', scope: { kind: 'playlist', playlistId: playlistA } });
    expect(playlist).toMatchObject({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        data: { issues: [{ field: 'scope.playlistId', rule: 'exists', message: `playlist ${playlistA} does not exist` }] },
      },
    });
    expect(names(await as(k.adminToken, 'GET', '/api/displays'))).toEqual(['Alpha hall', 'Beta hall', 'Control room wall']);
    const own = await as(trees.alpha.token, 'POST', '/api/displays', { name: 'Alpha rotation wall', scope: { kind: 'playlist', playlistId: playlistA } });
    expect(own.body.code).toBe(0);
  });

  it('never lets a wall of tree B show a board of tree A, even one written into its stored scope', async () => {
    // A scope stored before trees existed (or written by hand) names A's board: it drops out like a deleted one.
    await k.t.app.storage.db
      .updateTable('displays')
      .set({ scope: JSON.stringify({ kind: 'boards', boardIds: [boardB, boardA] }) })
      .where('id', '=', displayB.id)
      .execute();
    expect((await as(displayB.token, 'GET', '/api/kiosk/session')).body.data).toMatchObject({ kind: 'display', boardIds: [boardB] });
    expect((await as(displayB.token, 'GET', '/api/boards')).body.data.map((board: { id: number }) => board.id)).toEqual([boardB]);
    expect(await as(displayB.token, 'GET', `/api/boards/${boardA}`)).toMatchObject({ status: 404, body: { code: ErrorCode.KANBAN_NOT_FOUND } });
    const pinned = await as(trees.beta.token, 'POST', `/api/displays/${displayB.id}/show`, { boardId: boardA });
    expect(pinned).toMatchObject({
      status: 400,
      body: {
        code: ErrorCode.VALIDATION_FAILED,
        data: { issues: [{ field: 'boardId', rule: 'scope', message: `board ${boardA} is not among this display's boards` }] },
      },
    });
  });
});
