// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardDocument } from '@shared/board/document';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../../testing/renderConsole.test-util';
import { boardRecord } from '../testFixtures.test-util';

// Live data comes over the session's socket: none in jsdom.
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

/** A heading and a clock: widgets that render without a canvas in jsdom. */
const hallDocument = (): BoardDocument => ({
  schemaVersion: 1,
  meta: { name: 'Hall 2 overview', description: '', purpose: 'general', code: '', equipmentMeterId: null },
  theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
  canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
  elements: {
    heading: { type: 'text', version: 1, title: '', options: { text: 'Hall 2', variant: 'heading', fontSize: 32, align: 'left', color: '' }, binding: {} },
    clock: { type: 'clock', version: 1, title: 'Local time', options: { timeZone: '', hourCycle: '24h', showSeconds: true, showDate: true }, binding: {} },
  },
  layout: {
    kind: 'grid',
    spec: {
      cols: 24,
      rowHeight: 40,
      gap: 12,
      items: [
        { element: 'heading', x: 0, y: 0, w: 10, h: 2 },
        { element: 'clock', x: 18, y: 0, w: 6, h: 2 },
      ],
    },
  },
});

type Reply = ReturnType<typeof envelope> & { status?: number };

/** GET /boards/5 answers the hall board; PUT answers what `onSave` says (by default revision + 1). */
function editorServer(
  sent: string[],
  onSave: (body: { document: BoardDocument; revision: number }) => Reply = (body) => envelope(boardRecord(5, body.document, body.revision + 1)),
) {
  let stored = boardRecord(5, hallDocument(), 3);
  return (route: string, body: unknown): Reply => {
    sent.push(`${route} ${route.startsWith('PUT') ? `r${(body as { revision: number }).revision}` : ''}`.trim());
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /boards/5') return envelope(stored);
    if (route === 'PUT /boards/5') {
      const reply = onSave(body as { document: BoardDocument; revision: number });
      if (!reply.status) stored = (reply.body as { data: typeof stored }).data;
      return reply;
    }
    if (route === 'GET /boards') return envelope([stored]);
    if (route === 'GET /playlists') return envelope([]);
    return envelope([]);
  };
}

const open = (sent: string[], server = editorServer(sent), language: 'en' | 'es' = 'en') =>
  renderConsole({ path: '/settings/boardConfig?edit=5', token: 'jwt', server, language });

const dirty = () => screen.queryByTestId('editor-dirty') !== null;
const inspectorText = () => screen.getByTestId('inspector-widget').textContent ?? '';

describe('board editor', { timeout: 120_000 }, () => {
  // jsdom lays nothing out: the canvas stage reports a width so the grid renders (1000 px inside its padding).
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1032 });
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });
  afterEach(cleanup);

  it('shows the board with its widgets, adds one from the palette, and undoes back to clean', async () => {
    const sent: string[] = [];
    open(sent);
    expect((await screen.findByTestId('editor-board-name', {}, FIRST_PAINT)).textContent).toBe('Hall 2 overview');
    expect(screen.getByTestId('editor-tile-heading')).toBeTruthy();
    expect(screen.getByTestId('editor-tile-clock')).toBeTruthy();
    expect(screen.getByTestId('editor-canvas').getAttribute('data-scale')).toBe('0.521');
    expect(dirty()).toBe(false);
    expect(document.body.textContent).not.toMatch(/boardEditor\.[a-zA-Z]+/);

    fireEvent.click(screen.getByTestId('editor-palette-clock'));
    expect(await screen.findByTestId('editor-tile-clock-1')).toBeTruthy();
    // Right of the heading, where a 6×3 clock first fits.
    expect((screen.getByTestId('inspector-x') as HTMLInputElement).value).toBe('10');
    expect(dirty()).toBe(true);
    fireEvent.click(screen.getByTestId('editor-undo'));
    await waitFor(() => expect(screen.queryByTestId('editor-tile-clock-1')).toBeNull());
    expect(dirty()).toBe(false);
    fireEvent.click(screen.getByTestId('editor-redo'));
    expect(await screen.findByTestId('editor-tile-clock-1')).toBeTruthy();
  });

  it('shows the selected widget in the inspector, only its own options, and deletes it with the Delete key', async () => {
    const sent: string[] = [];
    open(sent);
    fireEvent.mouseDown(await screen.findByTestId('editor-tile-pane-heading', {}, FIRST_PAINT));
    expect(inspectorText()).toContain('Text');
    expect(screen.getByTestId('inspector-option-fontSize')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('editor-tile-pane-clock'));
    await waitFor(() => expect(screen.queryByTestId('inspector-option-fontSize')).toBeNull());
    expect(screen.getByTestId('inspector-option-timeZone')).toBeTruthy();
    expect((screen.getByTestId('inspector-title') as HTMLInputElement).value).toBe('Local time');

    fireEvent.change(screen.getByTestId('inspector-title'), { target: { value: 'Plant time' } });
    expect(dirty()).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Delete' });
    await waitFor(() => expect(screen.queryByTestId('editor-tile-clock')).toBeNull());
    expect(screen.getByTestId('inspector-nothing')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(await screen.findByTestId('editor-tile-clock')).toBeTruthy();
  });

  it('saves over the loaded revision with Ctrl+S and is clean after', async () => {
    const sent: string[] = [];
    open(sent);
    fireEvent.click(await screen.findByTestId('editor-palette-text', {}, FIRST_PAINT));
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    expect(await screen.findByText('Board saved (revision 4)')).toBeTruthy();
    expect(sent).toContain('PUT /boards/5 r3');
    expect(screen.getByTestId('board-editor').getAttribute('data-revision')).toBe('4');
    expect(dirty()).toBe(false);
  });

  it('checks the board before sending: the message sits under the field, in the reader language', async () => {
    const sent: string[] = [];
    open(sent, editorServer(sent), 'es');
    fireEvent.click(await screen.findByTestId('inspector-tab-board', {}, FIRST_PAINT));
    fireEvent.change(screen.getByTestId('board-meta-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('editor-save'));
    expect(await screen.findByText('Introduzca el nombre del tablero', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(screen.getByTestId('editor-issues').textContent).toBe('El tablero no se guardó: Tablero, Nombre – Introduzca el nombre del tablero');
    expect(sent.some((line) => line.startsWith('PUT'))).toBe(false);
  });

  it('puts the server issues on the widget: selected, outlined red, the message under the option', async () => {
    const sent: string[] = [];
    const refuse = () => ({
      status: 400,
      ...envelope(
        { issues: [{ field: 'document.elements.clock.options.timeZone', rule: 'custom', message: 'Unknown time zone: use an IANA name like Europe/Madrid' }] },
        40000,
        'invalid',
      ),
    });
    open(sent, editorServer(sent, refuse));
    fireEvent.click(await screen.findByTestId('editor-palette-text', {}, FIRST_PAINT));
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(screen.getByTestId('editor-tile-pane-clock').getAttribute('data-invalid')).toBe('true'));
    expect(screen.getByTestId('inspector-widget').getAttribute('data-element-id')).toBe('clock');
    expect(within(screen.getByTestId('inspector-widget')).getAllByText('Unknown time zone: use an IANA name like Europe/Madrid').length).toBeGreaterThan(0);
    expect(dirty()).toBe(true);
  });

  it('says who saved in between, and reloads their version', async () => {
    const sent: string[] = [];
    const conflict = () => ({ status: 409, ...envelope({ revision: 7, updatedAt: Date.UTC(2026, 10, 21, 9, 30), updatedBy: 'ops' }, 40900, 'conflict') });
    open(sent, editorServer(sent, conflict));
    fireEvent.click(await screen.findByTestId('editor-palette-text', {}, FIRST_PAINT));
    fireEvent.click(screen.getByTestId('editor-save'));
    const dialog = await screen.findByTestId('editor-conflict');
    expect(dialog.textContent).toMatch(/ops saved revision 7 at 2026-11-21 \d\d:30:00, after you opened it/);
    fireEvent.click(screen.getByTestId('editor-conflict-reload'));
    await waitFor(() => expect(screen.queryByTestId('editor-tile-text-1')).toBeNull());
    expect(dirty()).toBe(false);
    expect(sent.filter((line) => line === 'GET /boards/5')).toHaveLength(2);
  });

  it('asks before leaving with unsaved changes, and goes back to the list when told', async () => {
    const sent: string[] = [];
    open(sent);
    fireEvent.click(await screen.findByTestId('editor-palette-clock', {}, FIRST_PAINT));
    fireEvent.click(screen.getByTestId('editor-back'));
    fireEvent.click(await screen.findByTestId('editor-leave-cancel'));
    expect(screen.getByTestId('board-editor')).toBeTruthy();
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(beforeUnload));
    expect(beforeUnload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByTestId('editor-back'));
    // The first (closed) confirmation may still be fading out: the newest one is last.
    fireEvent.click((await screen.findAllByTestId('editor-leave-ok')).at(-1)!);
    expect(await screen.findByTestId('boards-tab')).toBeTruthy();
    expect(screen.queryByTestId('board-editor')).toBeNull();
  });
});
