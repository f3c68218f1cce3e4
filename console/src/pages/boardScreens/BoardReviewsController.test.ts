import { describe, expect, it } from 'vitest';
import type { BoardReviewsApi } from '@shared/api/boardReviewsApi';
import type { BoardSummary } from '@shared/schemas/boards';
import { BoardReviewsController } from './BoardReviewsController';
import { later } from '../../testing/later.test-util';

const board = (id: number, name: string) => ({ id, name }) as BoardSummary;

describe('the boards waiting for review', () => {
  it('keeps the board just approved off the list when the page’s first load answers after the reload that follows', async () => {
    const answers = [later<BoardSummary[]>(), later<BoardSummary[]>()];
    let call = 0;
    const api = {
      boardReviews: () => answers[call++]!.promise,
      decideBoardReview: () => Promise.resolve(null),
    } as unknown as BoardReviewsApi;
    const controller = new BoardReviewsController(api);
    const firstLoad = controller.load();
    const approved = controller.approve(board(7, 'Hall 2'));
    await Promise.resolve();
    answers[1]!.resolve([board(3, 'Boiler room')]);
    expect(await approved).toBe(true);
    answers[0]!.resolve([board(3, 'Boiler room'), board(7, 'Hall 2')]);
    await firstLoad;
    expect(controller.boards.map((row) => row.name)).toEqual(['Boiler room']);
    expect(controller.loading).toBe(false);
  });
});
