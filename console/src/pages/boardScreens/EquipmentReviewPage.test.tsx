// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EQUIPMENT_BOARD_CHECK_SCREEN } from '@shared/schemas/boards';
import { EquipmentReviewPage } from './EquipmentReviewPage';
import { fakeBoardScreensApi, review, summary } from './fakeBoardScreensApi.test-util';
import { renderScreen } from './testHarness.test-util';

const SUBMITTED = Date.UTC(2026, 10, 21, 9, 0);
const BOARDS = [
  summary(31, 'Incomer board', {
    purpose: 'equipment',
    equipmentMeterId: 11,
    revision: 5,
    review: review({ state: 'pending', revision: 5, submittedAt: SUBMITTED, submittedBy: 'ada' }),
  }),
  summary(32, 'Chiller board', {
    purpose: 'equipment',
    equipmentMeterId: 12,
    review: review({
      state: 'rejected',
      revision: 2,
      submittedAt: SUBMITTED,
      submittedBy: 'ada',
      decidedAt: Date.UTC(2026, 10, 22, 10, 0),
      decidedBy: 'rui',
      comment: 'Add the COP trend',
    }),
  }),
  summary(33, 'Boiler board', {
    purpose: 'equipment',
    equipmentMeterId: 11,
    review: review({ state: 'approved', revision: 4, submittedAt: SUBMITTED, submittedBy: 'ada', decidedAt: Date.UTC(2026, 10, 23, 10, 0), decidedBy: 'rui' }),
  }),
];

const open = () => {
  const fake = fakeBoardScreensApi(BOARDS);
  return { ...fake, ...renderScreen({ route: EQUIPMENT_BOARD_CHECK_SCREEN, element: <EquipmentReviewPage />, api: fake.api }) };
};

describe('base/equipmentBoardCheck', () => {
  afterEach(cleanup);

  it('lists the pending boards with their equipment, submitter and revision, and previews one on its wall', async () => {
    const wall = vi.spyOn(window, 'open').mockReturnValue(null);
    const { calls } = open();
    const row = await screen.findByTestId('review-row-31');
    expect(calls[0]).toBe('boardReviews ["pending"]');
    expect(screen.queryByTestId('review-row-32')).toBeNull();
    expect(await within(row).findByText('M001 Main incomer')).toBeTruthy();
    expect(row.textContent).toContain('2026-11-21 09:00:00');
    expect(within(row).getByText('by ada')).toBeTruthy();
    expect(within(row).getByText('5')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('review-preview-31'));
    expect(wall).toHaveBeenCalledWith('/dash/31', '_blank', 'noopener,noreferrer');
    wall.mockRestore();
  });

  it('approves after a confirmation', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByTestId('review-approve-31'));
    expect(await screen.findByText('Approve revision 5 of “Incomer board”?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approve-confirm'));
    expect(await screen.findByText('Board approved')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('decideBoardReview'))).toEqual(['decideBoardReview [31,{"approve":true,"comment":""}]']);
  });

  it('rejects only with a comment', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByTestId('review-reject-31'));
    fireEvent.change(await screen.findByTestId('reject-comment'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('reject-ok'));
    expect(await screen.findByText('Say why the board is rejected')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('decideBoardReview'))).toBe(false);
    fireEvent.change(screen.getByTestId('reject-comment'), { target: { value: ' Label the feeders ' } });
    fireEvent.click(screen.getByTestId('reject-ok'));
    expect(await screen.findByText('Board rejected')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('decideBoardReview'))).toEqual(['decideBoardReview [31,{"approve":false,"comment":"Label the feeders"}]']);
    await waitFor(() => expect(screen.queryByTestId('reject-comment')).toBeNull());
  });

  it('shows the decided boards with who decided, when, and why, newest first', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Decided' }));
    const rows = await screen.findAllByTestId(/^review-row-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['review-row-33', 'review-row-32']);
    expect(calls).toEqual(['boardReviews ["pending"]', 'boardReviews ["approved"]', 'boardReviews ["rejected"]']);
    const rejected = screen.getByTestId('review-row-32');
    expect(within(rejected).getByTestId('review-state-32').textContent).toBe('Rejected · revision 2');
    expect(rejected.textContent).toContain('2026-11-22 10:00:00');
    expect(within(rejected).getByText('by rui')).toBeTruthy();
    expect(screen.getByTestId('review-decided-comment-32').textContent).toBe('Add the COP trend');
    expect(screen.queryByTestId('review-approve-32')).toBeNull();
  });
});

describe('base/equipmentBoardCheck against the server', () => {
  afterEach(cleanup);

  it('leaves a refusal (reviewing one own board) to the api toast and keeps the dialog open', async () => {
    const sent: string[] = [];
    renderScreen({
      route: EQUIPMENT_BOARD_CHECK_SCREEN,
      element: <EquipmentReviewPage />,
      server: (route, body) => {
        sent.push(`${route} ${JSON.stringify(body ?? null)}`);
        if (route === 'GET /boards/reviews') return { body: { code: 0, data: [BOARDS[0]], message: 'ok' } };
        if (route === 'POST /boards/31/review/decide')
          return { status: 403, body: { code: 10008, data: null, message: 'You cannot review a board you submitted' } };
        return undefined;
      },
    });
    fireEvent.click(await screen.findByTestId('review-reject-31'));
    fireEvent.change(await screen.findByTestId('reject-comment'), { target: { value: 'Not mine to judge' } });
    fireEvent.click(screen.getByTestId('reject-ok'));
    expect(await screen.findByText('You cannot review a board you submitted')).toBeTruthy();
    expect(sent).toContain('POST /boards/31/review/decide {"approve":false,"comment":"Not mine to judge"}');
    expect(screen.getByTestId('reject-comment')).toBeTruthy();
    expect(screen.queryByText('Board rejected')).toBeNull();
  });
});
