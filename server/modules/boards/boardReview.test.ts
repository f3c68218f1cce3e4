import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { BOARD_CONFIG_SCREEN, EQUIPMENT_BOARD_CHECK_SCREEN, EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { boardDocument, boardsKit, boardWithMeta, type BoardsKit } from './boardsKit.test-util';

let k: BoardsKit;
let author: string;
let checker: string;
let meterId: number;
beforeAll(async () => {
  k = await boardsKit();
  // Sub-users of admin: they review the boards of the admin's tree, the admin's own included.
  const admin = await k.userId('admin');
  author = await k.userWith('eq_author', [EQUIPMENT_BOARD_SCREEN, BOARD_CONFIG_SCREEN], admin);
  checker = await k.userWith('eq_checker', [EQUIPMENT_BOARD_CHECK_SCREEN], admin);
  meterId = await k.meterId();
});
afterAll(() => k.close());

const equipment = (name: string) => boardWithMeta(name, { purpose: 'equipment', equipmentMeterId: meterId });
const submit = (id: number, revision: number, token = author) => k.call('POST', `/api/boards/${id}/review/submit`, { revision }, token);
const decide = (id: number, decision: { approve: boolean; comment?: string }, token = checker) =>
  k.call('POST', `/api/boards/${id}/review/decide`, decision, token);
const refusal = (field: string, message: string) => ({
  code: ErrorCode.VALIDATION_FAILED,
  message: `${field}: ${message}`,
  data: { issues: [{ field, rule: 'review', message }] },
});
const reviewIds = async (query = '', token = checker) =>
  ((await k.call('GET', `/api/boards/reviews${query}`, undefined, token)).body.data as { id: number }[]).map((board) => board.id);

describe('equipment board review', () => {
  it('goes draft → pending → rejected → pending → approved, and back to draft on the next save', async () => {
    const board = await k.create(equipment('Compressor 2'), author);
    const pending = await submit(board.id, 1);
    expect(pending.body).toMatchObject({ code: 0, message: 'Submitted', data: { id: board.id, revision: 1 } });
    expect(pending.body.data).not.toHaveProperty('document');
    expect(pending.body.data.review).toEqual({
      state: 'pending',
      revision: 1,
      submittedAt: expect.any(Number),
      submittedBy: 'eq_author',
      decidedAt: null,
      decidedBy: null,
      comment: '',
    });
    expect(await submit(board.id, 1).then((r) => r.body)).toEqual(refusal('state', 'This board is already waiting for review'));

    const noReason = await decide(board.id, { approve: false });
    expect(noReason.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'comment: Say why the board is rejected' });
    const rejected = await decide(board.id, { approve: false, comment: ' Wrong meter ' });
    expect(rejected.body).toMatchObject({
      code: 0,
      message: 'Rejected',
      data: { review: { state: 'rejected', revision: 1, submittedBy: 'eq_author', decidedBy: 'eq_checker', comment: 'Wrong meter' } },
    });
    expect(rejected.body.data.review.decidedAt).toEqual(expect.any(Number));
    expect((await decide(board.id, { approve: true })).body).toEqual(refusal('state', 'This board is not waiting for review'));

    const fixed = (await k.call('PUT', `/api/boards/${board.id}`, { document: equipment('Compressor 2 fixed'), revision: 1 }, author)).body.data;
    expect(fixed.review.state).toBe('rejected'); // a rejection stands until the board is submitted again
    const stale = await submit(board.id, 1);
    expect([stale.status, stale.body]).toEqual([
      409,
      { code: ErrorCode.REVISION_CONFLICT, message: expect.any(String), data: { revision: 2, updatedAt: fixed.updatedAt, updatedBy: 'eq_author' } },
    ]);
    const again = (await submit(board.id, 2)).body.data.review;
    expect(again).toMatchObject({ state: 'pending', revision: 2, decidedAt: null, decidedBy: null, comment: '' });
    const approved = await decide(board.id, { approve: true });
    expect(approved.body).toMatchObject({ message: 'Approved', data: { review: { state: 'approved', revision: 2, decidedBy: 'eq_checker', comment: '' } } });
    expect((await submit(board.id, 2)).body).toEqual(refusal('state', 'This board is already approved'));

    // The approval was of revision 2: saving revision 3 needs a new review.
    const edited = (await k.call('PUT', `/api/boards/${board.id}`, { document: equipment('Compressor 2 edited'), revision: 2 }, author)).body.data;
    expect(edited.review).toMatchObject({ state: 'draft', revision: 2 });
    await submit(board.id, 3);
    const restored = (await k.call('POST', `/api/boards/${board.id}/versions/1/restore`, { revision: 3 }, author)).body.data;
    expect([restored.revision, restored.review.state]).toEqual([4, 'draft']);
  });

  it('refuses a decision by the person who submitted the board', async () => {
    const board = await k.create(equipment('Boiler 1'));
    await submit(board.id, 1, k.adminToken);
    const own = await decide(board.id, { approve: true }, k.adminToken);
    expect([own.status, own.body]).toEqual([400, refusal('decidedBy', 'A board cannot be reviewed by the person who submitted it')]);
    expect((await decide(board.id, { approve: true })).body.data.review).toMatchObject({ state: 'approved', submittedBy: 'admin', decidedBy: 'eq_checker' });
  });

  it('reviews equipment boards only', async () => {
    const general = await k.create(boardDocument('Hall wall'));
    expect((await submit(general.id, 1)).body).toEqual(refusal('purpose', 'Only equipment boards go through review'));
    expect((await decide(general.id, { approve: true })).body).toEqual(refusal('purpose', 'Only equipment boards go through review'));
    expect(general.review).toBeNull();
    for (const response of [await submit(999999, 1), await decide(999999, { approve: true })]) {
      expect([response.status, response.body.code]).toEqual([404, ErrorCode.KANBAN_NOT_FOUND]);
    }
  });

  it('lists equipment boards by review state, most recent activity first', async () => {
    const idle = await k.create(equipment('Fan 1'));
    const waiting = await k.create(equipment('Fan 2'));
    await submit(waiting.id, 1);
    const all = await reviewIds();
    expect(all.slice(0, 2)).toEqual([waiting.id, idle.id]);
    expect(all).toHaveLength(4);
    expect(await reviewIds('?state=pending', author)).toEqual([waiting.id]);
    expect((await reviewIds('?state=approved')).length).toBe(1);
    expect(await reviewIds('?state=draft')).toEqual([idle.id, expect.any(Number)]);
    const rows = (await k.call('GET', '/api/boards/reviews', undefined, checker)).body.data as { purpose: string; review: unknown }[];
    expect(rows.every((row) => row.purpose === 'equipment' && row.review !== null)).toBe(true);
    expect((await k.call('GET', '/api/boards/reviews?state=done', undefined, checker)).body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
