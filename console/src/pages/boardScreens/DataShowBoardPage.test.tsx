// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_SHOW_BOARD_SCREEN, DATA_SHOW_LIST_SCREEN } from './boardLinks';
import { DataShowBoardPage } from './DataShowBoardPage';
import { fakeBoardScreensApi, summary } from './fakeBoardScreensApi.test-util';
import { landedOn, renderScreen } from './testHarness.test-util';

const PLANT = summary(5, 'Plant A electricity', { purpose: 'data-show', code: 'plant-a' });

const open = (path: string, api = fakeBoardScreensApi([PLANT]).api, language: 'en' | 'zh' | 'es' = 'en') =>
  renderScreen({ route: DATA_SHOW_BOARD_SCREEN, path, element: <DataShowBoardPage />, api, language });

describe('payment-statistics/datashowboard/:dataShowBoardCode', () => {
  afterEach(cleanup);

  it('shows the board with that code in the kiosk runtime, with its name and the wall buttons', async () => {
    const { api, calls } = fakeBoardScreensApi([PLANT]);
    const wall = vi.spyOn(window, 'open').mockReturnValue(null);
    open('/payment-statistics/datashowboard/plant-a', api);
    const frame = (await screen.findByTestId('data-board-frame')) as HTMLIFrameElement;
    expect(calls).toEqual(['boardByCode ["plant-a"]']);
    expect(frame.getAttribute('src')).toBe('/dash/5');
    expect(frame.title).toBe('Plant A electricity');
    expect(screen.getByTestId('data-board-name').textContent).toBe('Plant A electricity');
    expect(screen.getByTestId('data-board-fullscreen').textContent).toBe('Full screen');
    fireEvent.click(screen.getByTestId('data-board-wall'));
    expect(wall).toHaveBeenCalledWith('/dash/5', '_blank', 'noopener,noreferrer');
    wall.mockRestore();
  });

  it('answers an unknown code with exactly the catalogue message and a way back to the list', async () => {
    open('/payment-statistics/datashowboard/nope');
    const missing = await screen.findByTestId('data-board-missing');
    expect(missing.querySelector('.ant-result-title')?.textContent).toBe('Kanban id error, Kanban not found!');
    expect(screen.queryByTestId('data-board-frame')).toBeNull();
    fireEvent.click(screen.getByTestId('data-board-back'));
    expect(await landedOn()).toBe(DATA_SHOW_LIST_SCREEN);
  });

  it('says it in the reader language (zh and es from the errors catalogue)', async () => {
    open('/payment-statistics/datashowboard/nope', undefined, 'zh');
    expect((await screen.findByTestId('data-board-missing')).querySelector('.ant-result-title')?.textContent).toBe('看板 id 错误，未找到看板！');
    cleanup();
    open('/payment-statistics/datashowboard/nope', undefined, 'es');
    expect((await screen.findByTestId('data-board-missing')).querySelector('.ant-result-title')?.textContent).toBe(
      'Id de tablero erróneo, ¡tablero no encontrado!',
    );
  });

  it('does not ask for a code no board can have', async () => {
    const { api, calls } = fakeBoardScreensApi([PLANT]);
    open(`/payment-statistics/datashowboard/${encodeURIComponent('a b')}`, api);
    expect((await screen.findByTestId('data-board-missing')).querySelector('.ant-result-title')?.textContent).toBe('Kanban id error, Kanban not found!');
    expect(calls).toEqual([]);
  });

  it('treats the menu link form …/all as "go to the list"', async () => {
    const { api, calls } = fakeBoardScreensApi([PLANT]);
    open('/payment-statistics/datashowboard/all', api);
    expect(await landedOn()).toBe(DATA_SHOW_LIST_SCREEN);
    expect(calls).toEqual([]);
  });

  it('offers a retry when the server could not answer', async () => {
    let fail = true;
    const { api } = fakeBoardScreensApi([PLANT], {
      boardByCode: async () => {
        if (fail) throw new Error('Network Error');
        return { ...PLANT, document: {} as never };
      },
    });
    open('/payment-statistics/datashowboard/plant-a', api);
    expect((await screen.findByTestId('data-board-failed')).querySelector('.ant-result-title')?.textContent).toBe('The board could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByTestId('data-board-retry'));
    expect((await screen.findByTestId('data-board-frame')).getAttribute('src')).toBe('/dash/5');
  });
});
