// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardDocument } from '@shared/board/document';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';
import { board, boardRecord, display, emptyDocument } from './testFixtures.test-util';

// The editor opened after "create" reads live data: no socket in jsdom.
vi.mock('@shared/realtime/realtimeClient', () => ({
  RealtimeClient: class {
    subscribe() {
      return () => undefined;
    }
    setToken() {}
    close() {}
  },
}));

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

function boardsServer(sent: string[]) {
  return (route: string, body: unknown) => {
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /boards') return envelope([board(1, 'Energy overview'), { ...board(2, 'Alarm wall'), purpose: 'data-show', code: 'lobby' }]);
    if (route === 'GET /boards/1')
      return envelope(
        boardRecord(1, { ...emptyDocument('Energy overview'), meta: { ...emptyDocument('').meta, name: 'Energy overview', description: 'Site' } }),
      );
    if (route === 'GET /boards/9') return envelope(boardRecord(9, (body as { document?: BoardDocument } | undefined)?.document ?? emptyDocument('Hall 2')));
    if (route === 'POST /boards') return envelope(boardRecord(9, (body as { document: BoardDocument }).document));
    if (route === 'POST /boards/1/duplicate') return envelope(boardRecord(11, emptyDocument('Energy overview (copy)')));
    if (route === 'GET /boards/1/viewers') return envelope({ userIds: [7] });
    if (route === 'PUT /boards/1/viewers') return envelope(body);
    if (route === 'GET /users?page=1&size=200')
      return envelope({
        total: 2,
        rows: [
          { _id: 7, username: 'ops', trueName: 'Olga Ops' },
          { _id: 8, username: 'night', trueName: '' },
        ],
      });
    if (route === 'GET /playlists') return envelope([]);
    if (route === 'GET /displays') return envelope([display(7)]);
    return envelope(null);
  };
}

const openMenu = async (id: number, item: string) => {
  fireEvent.click(await screen.findByTestId(`board-more-${id}`, {}, FIRST_PAINT));
  fireEvent.click(await screen.findByTestId(`board-${item}-${id}`));
};

const chooseFile = (text: string, name = 'hall.board.json') =>
  fireEvent.change(screen.getByTestId('board-import-file'), { target: { files: [new File([text], name, { type: 'application/json' })] } });

describe('boards tab', { timeout: 120_000 }, () => {
  afterEach(cleanup);

  it('shows purpose and code, and creates a board that opens in the editor', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardsServer(sent) });
    const row = await screen.findByTestId('board-row-2', {}, FIRST_PAINT);
    expect(within(row).getByText('Data show')).toBeTruthy();
    expect(within(row).getByText('lobby')).toBeTruthy();
    expect(within(screen.getByTestId('board-row-1')).getByText('General')).toBeTruthy();

    fireEvent.click(screen.getByTestId('board-new'));
    fireEvent.click(await screen.findByTestId('board-new-ok'));
    expect(await screen.findByText('Please enter the board name')).toBeTruthy();
    expect(sent.some((line) => line.startsWith('POST /boards'))).toBe(false);

    fireEvent.change(screen.getByTestId('board-new-name'), { target: { value: 'Hall 2' } });
    fireEvent.mouseDown(within(screen.getByTestId('board-new-dialog')).getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByTitle('3840×2160'));
    fireEvent.click(screen.getByTestId('board-new-ok'));
    await waitFor(() => expect(sent.some((line) => line.startsWith('POST /boards '))).toBe(true));
    const posted = JSON.parse(sent.find((line) => line.startsWith('POST /boards '))!.slice('POST /boards '.length)) as { document: BoardDocument };
    expect(posted.document.meta.name).toBe('Hall 2');
    expect(posted.document.canvas).toEqual({ designWidth: 3840, designHeight: 2160, scaleMode: 'fit' });
    expect(posted.document.layout.spec).toEqual({ cols: 24, rowHeight: 82, gap: 24, items: [] });
    // The editor opens on the new board.
    expect((await screen.findByTestId('board-editor')).getAttribute('data-board-id')).toBe('9');
    expect(sent).toContain('GET /boards/9 null');
  });

  it('imports nothing from a file that is not JSON or fails the check, and lists the reasons by field', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardsServer(sent) });
    await screen.findByTestId('board-row-1', {}, FIRST_PAINT);

    chooseFile('not json at all');
    expect((await screen.findByTestId('board-import-not-json')).textContent).toMatch(/^The file is not JSON: Unexpected token/);
    fireEvent.click(screen.getByTestId('board-import-issues-close'));
    await waitFor(() => expect(screen.queryByTestId('board-import-not-json')).toBeNull());

    chooseFile(JSON.stringify({ schemaVersion: 1, meta: { name: '', code: 'a b' }, elements: {}, layout: { kind: 'grid', spec: { items: [] } } }));
    const list = await screen.findByTestId('board-import-issue-list');
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'meta.name Please enter the board name',
      'meta.code A board code is 1–40 letters, digits, - or _',
    ]);
    expect(sent.some((line) => line.startsWith('POST /boards'))).toBe(false);
  });

  it('imports a valid file as a new board', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardsServer(sent) });
    await screen.findByTestId('board-row-1', {}, FIRST_PAINT);
    chooseFile(JSON.stringify(emptyDocument('Imported hall')));
    await waitFor(() => expect(sent.some((line) => line.startsWith('POST /boards {"document":{"schemaVersion":1,"meta":{"name":"Imported hall"'))).toBe(true));
    expect(await screen.findByText('Board "Imported hall" imported')).toBeTruthy();
  });

  it('exports a board as <name>.board.json holding its document', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:board'));
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderConsole({ path: PATH, token: 'jwt', server: boardsServer([]) });
    await openMenu(1, 'export');
    await waitFor(() => expect(clicked).toEqual(['Energy overview.board.json blob:board']));
    const exported = JSON.parse(await blobs[0]!.text()) as BoardDocument;
    expect(exported.meta).toEqual({ name: 'Energy overview', description: 'Site', purpose: 'general', code: '', equipmentMeterId: null });
    expect(await screen.findByText('Board saved as Energy overview.board.json')).toBeTruthy();
    click.mockRestore();
  });

  it('duplicates a board, copies its kiosk link and opens a new display for it', async () => {
    const sent: string[] = [];
    const copied: string[] = [];
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    renderConsole({ path: PATH, token: 'jwt', server: boardsServer(sent) });
    await openMenu(1, 'duplicate');
    expect(await screen.findByText('Board copied as "Energy overview (copy)"')).toBeTruthy();
    expect(sent).toContain('POST /boards/1/duplicate {}');

    await openMenu(1, 'copy-link');
    expect(await screen.findByText(`Kiosk link copied: ${window.location.origin}/dash/1`)).toBeTruthy();
    expect(copied).toEqual([`${window.location.origin}/dash/1`]);

    await openMenu(2, 'new-display');
    const dialog = await screen.findByTestId('display-create-dialog');
    expect(within(dialog).getByText('Alarm wall')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Displays', selected: true })).toBeTruthy();
  });

  it('sets who may see a board from the user list', async () => {
    const sent: string[] = [];
    renderConsole({ path: PATH, token: 'jwt', server: boardsServer(sent) });
    await openMenu(1, 'viewers');
    const dialog = await screen.findByTestId('board-viewers-dialog');
    expect(await within(dialog).findByText('Olga Ops (ops)')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('night'));
    fireEvent.click(screen.getByTestId('board-viewers-ok'));
    await waitFor(() => expect(sent).toContain('PUT /boards/1/viewers {"userIds":[7,8]}'));
    expect(await screen.findByText('Viewers saved')).toBeTruthy();
  });
});
