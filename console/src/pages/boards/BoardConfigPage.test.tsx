// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisplayCreated, DisplayRecord, Playlist } from '@shared/schemas/boards';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';
import { board, display, TOKEN } from './testFixtures.test-util';

// The first render loads the console and its lazy screen: slow in jsdom on a busy machine.
const FIRST_PAINT = { timeout: 45_000 };
const PATH = '/settings/boardConfig';

const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};
const lobby: Playlist = {
  id: 4,
  name: 'Lobby loop',
  entries: [
    { boardId: 2, seconds: 30 },
    { boardId: 1, seconds: 90 },
  ],
  updatedAt: Date.UTC(2026, 10, 21),
};

function boardServer(
  sent: string[],
  displays: DisplayRecord[] = [display(7), display(9, { name: 'Old lobby', revokedAt: Date.UTC(2026, 10, 2, 9), online: false })],
) {
  return (route: string, body: unknown) => {
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /boards') return envelope([board(1, 'Energy overview'), { ...board(2, '<b>Alarm wall</b>'), sample: false }]);
    if (route === 'GET /playlists') return envelope([lobby]);
    if (route === 'GET /displays') return envelope(displays);
    if (route === 'POST /displays') {
      const created: DisplayCreated = { display: display(8, { name: 'Control room left' }), token: TOKEN, link: `/dash/1?access_token=${TOKEN}` };
      return envelope(created);
    }
    if (route === 'POST /playlists')
      return {
        status: 400,
        ...envelope(
          { issues: [{ field: 'body.entries.0.seconds', rule: 'too_small', message: 'At least 5 seconds' }] },
          40000,
          'body.entries.0.seconds: At least 5 seconds',
        ),
      };
    return envelope(null);
  };
}

describe('settings/boardConfig screen', { timeout: 120_000 }, () => {
  afterEach(cleanup);

  it('lists the boards as text and opens one on a wall in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderConsole({ path: PATH, token: 'jwt', server: boardServer([]) });
    const row = await screen.findByTestId('board-row-2', {}, FIRST_PAINT);
    // A name is text, never HTML.
    expect(within(row).getByText('<b>Alarm wall</b>')).toBeTruthy();
    expect(row.querySelector('b')).toBeNull();
    const sample = screen.getByTestId('board-row-1');
    expect(within(sample).getByText('Sample')).toBeTruthy();
    expect(within(sample).getByText('1920×1080')).toBeTruthy();
    // Every text comes from the catalogue: no raw key on screen.
    expect(document.body.textContent).not.toMatch(/displays\.[a-zA-Z]+\./);
    fireEvent.click(screen.getByTestId('board-open-1'));
    expect(open).toHaveBeenCalledWith('/dash/1', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('creates a display token, shows it once, and lists revoked displays greyed', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardServer(sent) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Displays' }, FIRST_PAINT));
    const live = await screen.findByTestId('display-row-7');
    expect(within(live).getByText('Online')).toBeTruthy();
    expect(within(live).getByText('Boards: Energy overview, <b>Alarm wall</b>')).toBeTruthy();
    expect(within(live).getByText('Own rotation')).toBeTruthy();
    const revoked = screen.getByTestId('display-row-9');
    expect(revoked.getAttribute('data-revoked')).toBe('true');
    expect(within(revoked).getByText(/^Revoked 2026-11-02/)).toBeTruthy();
    expect(screen.queryByTestId('display-revoke-9')).toBeNull();
    expect(document.body.textContent).not.toMatch(/displays\.[a-zA-Z]+\./);

    fireEvent.click(screen.getByTestId('display-create'));
    fireEvent.click(await screen.findByTestId('display-create-ok'));
    // Nothing sent: the contract's message under the field.
    expect(await screen.findByText('Please enter the display name')).toBeTruthy();
    expect(await screen.findByText('Choose at least one board')).toBeTruthy();
    expect(sent.some((line) => line.startsWith('POST /displays'))).toBe(false);

    fireEvent.change(screen.getByTestId('display-name'), { target: { value: 'Control room left' } });
    const select = within(screen.getByTestId('display-create-dialog')).getByRole('combobox');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Energy overview'));
    fireEvent.click(screen.getByTestId('display-create-ok'));
    const token = (await screen.findByTestId('display-issued-token')) as HTMLInputElement;
    expect(token.value).toBe(TOKEN);
    expect((screen.getByTestId('display-issued-link') as HTMLInputElement).value).toBe(`${window.location.origin}/dash/1?access_token=${TOKEN}`);
    expect(screen.getByTestId('display-issued-warning').textContent).toBe(
      'This is the only time the token is shown. Copy the link now: it will not be shown again.',
    );
    expect(sent).toContain('POST /displays {"name":"Control room left","scope":{"kind":"boards","boardIds":[1]}}');

    fireEvent.click(screen.getByTestId('display-issued-done'));
    await waitFor(() => expect(screen.queryByTestId('display-issued-token')).toBeNull());
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('switches, reloads and revokes a display', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardServer(sent) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Displays' }, FIRST_PAINT));
    fireEvent.click(await screen.findByTestId('display-switch-7'));
    fireEvent.mouseDown(within(await screen.findByTestId('switch-board-dialog')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('<b>Alarm wall</b>'));
    fireEvent.click(screen.getByTestId('switch-board-ok'));
    await waitFor(() => expect(sent).toContain('POST /displays/7/show {"boardId":2}'));
    fireEvent.click(screen.getByTestId('display-reload-7'));
    await waitFor(() => expect(sent).toContain('POST /displays/7/reload null'));
    fireEvent.click(screen.getByTestId('display-revoke-7'));
    fireEvent.click(await screen.findByTestId('display-revoke-confirm'));
    await waitFor(() => expect(sent).toContain('POST /displays/7/revoke null'));
  });

  it('edits a playlist: moves entries, and shows the server message on the entry', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardServer(sent), language: 'es' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Listas de rotación' }, FIRST_PAINT));
    const row = await screen.findByTestId('playlist-row-4');
    expect(within(row).getByText('120 s')).toBeTruthy();
    fireEvent.click(screen.getByTestId('playlist-add'));
    fireEvent.click(await screen.findByTestId('playlist-save'));
    expect(await screen.findByText('Introduzca el nombre de la lista')).toBeTruthy();
    expect(screen.getByText('Añada al menos un tablero')).toBeTruthy();
    fireEvent.change(screen.getByTestId('playlist-name'), { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByTestId('playlist-entry-add'));
    fireEvent.click(screen.getByTestId('playlist-entry-add'));
    for (const index of [0, 1]) {
      fireEvent.mouseDown(within(screen.getByTestId(`playlist-entry-board-${index}`).closest('.ant-select') as HTMLElement).getByRole('combobox'));
      const options = await screen.findAllByTitle(index === 0 ? 'Energy overview' : '<b>Alarm wall</b>');
      fireEvent.click(options.at(-1)!);
    }
    fireEvent.click(screen.getByTestId('playlist-entry-up-1'));
    await act(async () => fireEvent.click(screen.getByTestId('playlist-save')));
    await waitFor(() => expect(sent).toContain('POST /playlists {"name":"Night shift","entries":[{"boardId":2,"seconds":60},{"boardId":1,"seconds":60}]}'));
    expect(await screen.findByText('Al menos 5 segundos')).toBeTruthy();
  });
});
