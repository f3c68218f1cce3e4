// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_SHOW_LIST_SCREEN, ENERGY_BOARDS_SCREEN } from './boardLinks';
import { DataShowBoardsPage } from './DataShowBoardsPage';
import { EnergyBoardsPage } from './EnergyBoardsPage';
import { fakeBoardScreensApi, summary } from './fakeBoardScreensApi.test-util';
import { EDITOR_PATHS, landedOn, renderScreen, VIEWER_PATHS } from './testHarness.test-util';

const BOARDS = [
  summary(1, 'Site energy', { purpose: 'energy', code: 'site' }),
  summary(2, 'Lobby wall'),
  summary(5, 'Plant A electricity', { purpose: 'data-show', code: 'plant-a' }),
  summary(6, 'Draft figures', { purpose: 'data-show' }),
];

const energy = (granted = EDITOR_PATHS, boards = BOARDS) => {
  const fake = fakeBoardScreensApi(boards);
  return { ...fake, ...renderScreen({ route: ENERGY_BOARDS_SCREEN, element: <EnergyBoardsPage />, api: fake.api, granted }) };
};

describe('purpose board lists', () => {
  afterEach(cleanup);

  it('asks for the energy boards only and lists them with their code, size and last change', async () => {
    const { calls } = energy();
    const row = await screen.findByTestId('board-row-1');
    expect(calls).toEqual(['boards [{"purpose":"energy"}]']);
    expect(screen.queryByTestId('board-row-2')).toBeNull();
    expect(within(row).getByText('Site energy')).toBeTruthy();
    expect(within(row).getByText('site')).toBeTruthy();
    expect(within(row).getByText('Site energy for the control room')).toBeTruthy();
    expect(within(row).getByText('1920×1080')).toBeTruthy();
    expect(row.textContent).toContain('2026-11-20 08:30:00');
    expect(within(row).getByText('by ada')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/boardScreens\./);
  });

  it('opens a board on a wall in a new tab and copies its kiosk link', async () => {
    const wall = vi.spyOn(window, 'open').mockReturnValue(null);
    const copied: string[] = [];
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    energy();
    fireEvent.click(await screen.findByTestId('board-wall-1'));
    expect(wall).toHaveBeenCalledWith('/dash/1', '_blank', 'noopener,noreferrer');
    fireEvent.click(screen.getByTestId('board-copy-1'));
    expect(await screen.findByText('Kiosk link copied')).toBeTruthy();
    expect(copied).toEqual([`${window.location.origin}/dash/1`]);
    wall.mockRestore();
  });

  it('hides Edit and New from a user without settings/boardConfig, and says who can create one', async () => {
    energy(VIEWER_PATHS, []);
    expect((await screen.findByTestId('boards-empty')).textContent).toBe('No energy boards yet.Someone who may edit boards (Board config) can create one.');
    expect(screen.queryByTestId('board-new')).toBeNull();
    cleanup();
    energy(VIEWER_PATHS);
    await screen.findByTestId('board-row-1');
    expect(screen.queryByTestId('board-edit-1')).toBeNull();
    expect(screen.getByTestId('board-wall-1')).toBeTruthy();
  });

  it('gives an editor Edit (the board editor on that board) and tells how to create the first one', async () => {
    energy(EDITOR_PATHS, []);
    expect((await screen.findByTestId('boards-empty')).textContent).toBe('No energy boards yet.Use “New energy board” above to create one.');
    cleanup();
    energy();
    fireEvent.click(await screen.findByTestId('board-edit-1'));
    expect(await landedOn()).toBe('/settings/boardConfig?edit=1');
  });

  it('creates an empty grid board of the purpose and opens the editor on it', async () => {
    const { calls } = energy();
    fireEvent.click(await screen.findByTestId('board-new'));
    fireEvent.click(await screen.findByTestId('new-board-ok'));
    expect(await screen.findByText('Please enter the board name')).toBeTruthy();
    expect(screen.queryByTestId('new-board-code')).toBeNull();
    fireEvent.change(screen.getByTestId('new-board-name'), { target: { value: '  Hall B energy ' } });
    fireEvent.click(screen.getByTestId('new-board-ok'));
    expect(await landedOn()).toBe('/settings/boardConfig?edit=99');
    expect(calls.filter((call) => call.startsWith('createBoard')).map((call) => JSON.parse(call.slice('createBoard '.length)))).toEqual([
      [
        {
          schemaVersion: 1,
          meta: { name: 'Hall B energy', description: '', purpose: 'energy', code: '', equipmentMeterId: null },
          elements: {},
          layout: { kind: 'grid', spec: { cols: 24, rowHeight: 40, gap: 12, items: [] } },
        },
      ],
    ]);
  });

  describe('data boards', () => {
    const dataShow = (granted = EDITOR_PATHS) => {
      const fake = fakeBoardScreensApi(BOARDS);
      return { ...fake, ...renderScreen({ route: DATA_SHOW_LIST_SCREEN, element: <DataShowBoardsPage />, api: fake.api, granted }) };
    };

    it('opens a board by its code, and tells how to give a codeless one a code', async () => {
      const { calls } = dataShow();
      const codeless = await screen.findByTestId('board-row-6');
      expect(calls).toEqual(['boards [{"purpose":"data-show"}]']);
      expect(screen.getByTestId('board-no-code-6').textContent).toBe(
        'No codeSet a code in the board editor to open this board here; until then, open it on a wall.',
      );
      expect(within(codeless).queryByTestId('board-view-6')).toBeNull();
      expect(within(codeless).getByTestId('board-wall-6')).toBeTruthy();
      fireEvent.click(screen.getByTestId('board-view-5'));
      expect(await landedOn()).toBe('/payment-statistics/datashowboard/plant-a');
    });

    it('needs a well-formed code for a new data board', async () => {
      const { calls } = dataShow();
      fireEvent.click(await screen.findByTestId('board-new'));
      fireEvent.change(await screen.findByTestId('new-board-name'), { target: { value: 'Hall C' } });
      fireEvent.click(screen.getByTestId('new-board-ok'));
      expect(await screen.findByText('Please enter the board code')).toBeTruthy();
      fireEvent.change(screen.getByTestId('new-board-code'), { target: { value: 'hall c' } });
      fireEvent.click(screen.getByTestId('new-board-ok'));
      expect(await screen.findByText('A board code is 1–40 letters, digits, - or _')).toBeTruthy();
      expect(calls.some((call) => call.startsWith('createBoard'))).toBe(false);
      fireEvent.change(screen.getByTestId('new-board-code'), { target: { value: 'hall-c' } });
      fireEvent.click(screen.getByTestId('new-board-ok'));
      expect(await landedOn()).toBe('/settings/boardConfig?edit=99');
      await waitFor(() =>
        expect(calls.find((call) => call.startsWith('createBoard'))).toContain(
          '"meta":{"name":"Hall C","description":"","purpose":"data-show","code":"hall-c","equipmentMeterId":null}',
        ),
      );
    });
  });
});
