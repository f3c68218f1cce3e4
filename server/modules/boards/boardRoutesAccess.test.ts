import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ErrorCode } from '@shared/errors';
import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { boardDocument, boardsKit, type BoardsKit } from './boardsKit.test-util';

let k: BoardsKit;
let id: number;
beforeAll(async () => {
  k = await boardsKit();
  id = (await k.create(boardDocument('Guarded wall'))).id;
});
afterAll(() => k.close());

type Route = [InjectOptions['method'], string, unknown?];
/** The board screen's issue-8 routes. */
const editorRoutes = (): Route[] => [
  ['POST', `/api/boards/${id}/duplicate`, {}],
  ['GET', `/api/boards/${id}/versions`],
  ['GET', `/api/boards/${id}/versions/1`],
  ['POST', `/api/boards/${id}/versions/1/restore`, { revision: 1 }],
  ['GET', `/api/boards/${id}/viewers`],
  ['PUT', `/api/boards/${id}/viewers`, { userIds: [] }],
];
const submitRoute = (): Route => ['POST', `/api/boards/${id}/review/submit`, { revision: 1 }];
const decideRoute = (): Route => ['POST', `/api/boards/${id}/review/decide`, { approve: true }];
const listRoute: Route = ['GET', '/api/boards/reviews'];

const forbidden = { code: ErrorCode.FORBIDDEN, data: null, message: 'You do not have permission to do this' };

describe('issue-8 board routes: access', () => {
  it('answers 401 without a token on every new route', async () => {
    const routes: Route[] = [
      ...editorRoutes(),
      submitRoute(),
      decideRoute(),
      listRoute,
      ['GET', '/api/boards?purpose=energy'],
      ['GET', '/api/boards/by-code/any-code'],
    ];
    for (const [method, url, payload] of routes) {
      const response = await k.t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect([`${method} ${url}`, response.statusCode, response.json().code]).toEqual([`${method} ${url}`, 401, ErrorCode.TOKEN_MISSING]);
    }
  });

  it('refuses each route to a sub-user without its screen', async () => {
    // Sub-users of admin, in the tree that owns the board: only their screens tell them apart.
    const admin = await k.userId('admin');
    const plain = await k.userWith('no_screens', [], admin);
    const editor = await k.userWith('only_board_screen', [BOARD_CONFIG_SCREEN], admin);
    const author = await k.userWith('only_equipment', [EQUIPMENT_BOARD_SCREEN], admin);
    const checker = await k.userWith('only_check', [EQUIPMENT_BOARD_CHECK_SCREEN], admin);
    const refusals: [Route, string][] = [
      ...editorRoutes().flatMap((route): [Route, string][] => [
        [route, plain],
        [route, author],
        [route, checker],
      ]),
      [submitRoute(), plain],
      [submitRoute(), editor],
      [submitRoute(), checker],
      [decideRoute(), plain],
      [decideRoute(), editor],
      [decideRoute(), author],
      [listRoute, plain],
      [listRoute, editor],
    ];
    for (const [[method, url, payload], token] of refusals) {
      const { status, body } = await k.call(method, url, payload, token);
      expect([`${method} ${url}`, status, body]).toEqual([`${method} ${url}`, 403, forbidden]);
    }
    // And the screen that owns each route passes the gate.
    expect((await k.call('GET', `/api/boards/${id}/versions`, undefined, editor)).status).toBe(200);
    expect((await k.call(...listRoute, author)).status).toBe(200);
    expect((await k.call(...listRoute, checker)).status).toBe(200);
    expect((await k.call(...submitRoute(), author)).body.message).toBe('purpose: Only equipment boards go through review');
    expect((await k.call(...decideRoute(), checker)).body.message).toBe('purpose: Only equipment boards go through review');
  });
});
