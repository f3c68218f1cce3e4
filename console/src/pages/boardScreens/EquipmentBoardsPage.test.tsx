// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EQUIPMENT_BOARD_SCREEN } from '@shared/schemas/boards';
import { EquipmentBoardsPage } from './EquipmentBoardsPage';
import { fakeBoardScreensApi, review, summary } from './fakeBoardScreensApi.test-util';
import { EDITOR_PATHS, landedOn, renderScreen, VIEWER_PATHS } from './testHarness.test-util';

const BOARDS = [
  summary(21, 'Incomer board', { purpose: 'equipment', equipmentMeterId: 11, revision: 4, review: null }),
  summary(22, 'Chiller board', {
    purpose: 'equipment',
    equipmentMeterId: 12,
    revision: 7,
    review: review({ state: 'rejected', revision: 6, decidedBy: 'rui', comment: 'Add the COP trend' }),
  }),
  summary(23, 'Pump board', { purpose: 'equipment', equipmentMeterId: 40, review: review({ state: 'pending', revision: 3 }) }),
  summary(24, 'Boiler board', { purpose: 'equipment', equipmentMeterId: 11, review: review({ state: 'approved', revision: 3 }) }),
];

const open = (granted = EDITOR_PATHS) => {
  const fake = fakeBoardScreensApi(BOARDS);
  return { ...fake, ...renderScreen({ route: EQUIPMENT_BOARD_SCREEN, element: <EquipmentBoardsPage />, api: fake.api, granted }) };
};

describe('base/equipmentBoard', () => {
  afterEach(cleanup);

  it('lists the equipment boards with their meter and where their review stands', async () => {
    const { calls, requests } = open();
    const rejected = await screen.findByTestId('board-row-22');
    expect(calls[0]).toBe('boards [{"purpose":"equipment"}]');
    expect(requests).toContain('GET /meters/options');
    expect(await within(rejected).findByText('M002 Chiller plant')).toBeTruthy();
    // A meter the picker no longer knows shows by id.
    expect(within(screen.getByTestId('board-row-23')).getByText('Meter #40')).toBeTruthy();
    expect(['21', '22', '23', '24'].map((id) => screen.getByTestId(`review-state-${id}`).textContent)).toEqual([
      'Draft',
      'Rejected · revision 6',
      'Pending review · revision 3',
      'Approved · revision 3',
    ]);
    expect(screen.getByTestId('review-comment-22').textContent).toBe('Reviewer: Add the COP trend');
  });

  it('submits a draft or rejected board for review with the revision it shows, not a pending or approved one', async () => {
    const { calls } = open();
    await screen.findByTestId('board-row-22');
    expect(screen.getByTestId('board-submit-21')).toBeTruthy();
    expect(screen.queryByTestId('board-submit-23')).toBeNull();
    expect(screen.queryByTestId('board-submit-24')).toBeNull();
    fireEvent.click(screen.getByTestId('board-submit-22'));
    expect(await screen.findByText('Submitted for review')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('submitBoardReview'))).toEqual(['submitBoardReview [22,7]']);
    // The list is asked again to show the new state.
    await waitFor(() => expect(calls.filter((call) => call.startsWith('boards '))).toHaveLength(2));
  });

  it('creates an equipment board only for a chosen meter', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByTestId('board-new'));
    fireEvent.change(await screen.findByTestId('new-board-name'), { target: { value: 'Compressor board' } });
    fireEvent.click(screen.getByTestId('new-board-ok'));
    expect(await screen.findByText('Choose the equipment (meter) this board is about')).toBeTruthy();
    fireEvent.mouseDown(within(screen.getByTestId('new-board-dialog')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('M002 Chiller plant'));
    fireEvent.click(screen.getByTestId('new-board-ok'));
    expect(await landedOn()).toBe('/settings/boardConfig?edit=99');
    expect(calls.find((call) => call.startsWith('createBoard'))).toContain(
      '"meta":{"name":"Compressor board","description":"","purpose":"equipment","code":"","equipmentMeterId":12}',
    );
  });

  it('keeps New and Edit from a user without settings/boardConfig', async () => {
    open(VIEWER_PATHS);
    await screen.findByTestId('board-row-21');
    expect(screen.queryByTestId('board-new')).toBeNull();
    expect(screen.queryByTestId('board-edit-21')).toBeNull();
    expect(screen.getByTestId('board-submit-21')).toBeTruthy();
  });
});
