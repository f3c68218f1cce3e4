import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { fakeAdapter, type FakeReply } from './fakeAdapter.test-util';
import { createBoardScreensApi } from './boardScreensApi';

/** A client over a fake server that records `METHOD url params body` and answers with `reply`. */
function setup(reply: (route: string) => FakeReply) {
  const seen: string[] = [];
  const http = createApiClient({
    tokens: { get: () => 'jwt', set: () => undefined },
    onError: () => undefined,
    adapter: fakeAdapter((config) => {
      const route = `${config.method?.toUpperCase()} ${config.url}`;
      seen.push(`${route} ${JSON.stringify(config.params ?? null)} ${config.data ?? ''}`.trim());
      return reply(route);
    }),
  });
  return { api: createBoardScreensApi(http), seen };
}
const ok = (data: unknown): FakeReply => ({ body: { code: 0, data, message: 'ok' } });

describe('the board screens clients (boards, versions, reviews, playlists, displays)', () => {
  it('send each call to its route with its body', async () => {
    const { api, seen } = setup(() => ok({}));
    await api.board(4);
    await api.boardByCode('hall 1');
    await api.updateBoard(4, { meta: {} }, 7);
    await api.duplicateBoard(4);
    await api.setBoardViewers(4, [2, 3]);
    await api.boardVersion(4, 2);
    await api.restoreBoardVersion(4, 2, 7);
    await api.submitBoardReview(4, 7);
    await api.decideBoardReview(4, { approve: false, comment: 'Wrong meter' });
    await api.updatePlaylist(9, { name: 'Hall', entries: [{ boardId: 4, seconds: 30 }] });
    await api.showOnDisplay(5, null);
    await api.revokeDisplay(5);
    await api.deleteDisplay(5);
    expect(seen).toEqual([
      'GET /boards/4 null',
      'GET /boards/by-code/hall%201 null',
      'PUT /boards/4 null {"document":{"meta":{}},"revision":7}',
      'POST /boards/4/duplicate null {}',
      'PUT /boards/4/viewers null {"userIds":[2,3]}',
      'GET /boards/4/versions/2 null',
      'POST /boards/4/versions/2/restore null {"revision":7}',
      'POST /boards/4/review/submit null {"revision":7}',
      'POST /boards/4/review/decide null {"approve":false,"comment":"Wrong meter"}',
      'PUT /playlists/9 null {"name":"Hall","entries":[{"boardId":4,"seconds":30}]}',
      'POST /displays/5/show null {"boardId":null}',
      'POST /displays/5/revoke null',
      'DELETE /displays/5 null',
    ]);
  });

  it('take a list answer bare or paged', async () => {
    const { api, seen } = setup((route) =>
      route === 'GET /boards' ? ok([{ id: 1 }]) : route === 'GET /playlists' ? ok({ total: 1, rows: [{ id: 2 }] }) : ok(null),
    );
    expect(await api.boards({ purpose: 'energy' })).toEqual([{ id: 1 }]);
    expect(await api.playlists()).toEqual([{ id: 2 }]);
    expect(await api.displays()).toEqual([]);
    expect(await api.boardReviews()).toEqual([]);
    expect(seen).toEqual(['GET /boards {"purpose":"energy"}', 'GET /playlists null', 'GET /displays null', 'GET /boards/reviews {}']);
  });
});
