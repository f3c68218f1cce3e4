import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BoardRecord, BoardVersionSummary } from '@shared/schemas/boards';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData } from './helpers/api';
import { apiToken, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';
import { meterId, openWall, readingsSender, type WallTab } from './helpers/kiosk';

/**
 * Issue 8 acceptance on a real server and a real Chromium: a board built in the editor from an empty canvas
 * with three widgets bound to demo meters, saved, seen on an open /dash/:id page without reloading it; a
 * previous version restored from the history, seen there too.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
let editor: ConsoleTab | undefined;
let wall: WallTab | undefined;
const SHOTS = '/tmp/board-editor-shots';

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
}, 120_000);
afterEach(async () => {
  await editor?.context.close();
  await wall?.context.close();
  editor = undefined;
  wall = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A mark on the window: gone if the page reloads. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { wallMark: number }).wallMark = 1));
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { wallMark?: number }).wallMark === 1);

/** Adds a widget from the palette (it comes selected), titles it and binds it to one meter by its code. */
async function addBoundWidget(page: Page, type: string, title: string, meterCode: string): Promise<void> {
  await page.getByTestId(`editor-palette-${type}`).click();
  await page.getByTestId('inspector-widget').waitFor();
  await page.getByTestId('inspector-title').fill(title);
  await page.getByTestId('binding-meterIds').click();
  await page.keyboard.type(meterCode);
  await page.locator('.ant-select-item-option', { hasText: meterCode }).first().click();
  await page.keyboard.press('Escape');
}

const wallTexts = (page: Page) => page.locator('[data-testid^="widget-"]').allInnerTexts();
const wallRevision = (page: Page) => page.getByTestId('board').getAttribute('data-revision');
const editorRevision = (page: Page) => page.getByTestId('board-editor').getAttribute('data-revision');

describe('board editor', () => {
  it('builds a board from an empty canvas, pushes each save to an open wall and restores a previous version', async () => {
    const codes = ['M011', 'M012', 'M013'];
    const send = await readingsSender(server.url, token);
    await send([
      { meter: 'M011', kw: 321.5 },
      { meter: 'M012', kw: 45.25 },
      { meter: 'M013', kw: 12.75 },
    ]);
    const ids = await Promise.all(codes.map((code) => meterId(server.url, token, code)));

    // A new board from the list: the editor opens on its empty canvas.
    editor = await openTab(browser);
    const page = editor.page;
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/settings/boardConfig')}`);
    await logIn(page);
    // The list has answered (the page is settled) before the dialog opens.
    await page.locator('[data-testid^="board-row-"]').first().waitFor();
    await page.getByTestId('board-new').click();
    await page.getByTestId('board-new-name').fill('Hall B wall');
    await expect.poll(() => page.getByTestId('board-new-name').inputValue()).toBe('Hall B wall');
    await page.getByTestId('board-new-ok').click();
    // The editor opens on the new board; a dialog that stays open says why (a field's message or the server's toast).
    await page
      .getByTestId('board-editor')
      .waitFor()
      .catch(async (error: unknown) => {
        const said = await page.locator('.ant-form-item-explain-error, .ant-message-notice').allInnerTexts();
        throw new Error(`the editor did not open: ${JSON.stringify(said)} at ${page.url()}`, { cause: error });
      });
    const boardId = Number(await page.getByTestId('board-editor').getAttribute('data-board-id'));
    expect(boardId).toBeGreaterThan(0);
    expect(await editorRevision(page)).toBe('1');
    expect(await page.locator('[data-testid^="editor-tile-pane-"]').count()).toBe(0);

    // The wall is open on that board before anything is placed on it.
    wall = await openWall(browser);
    await wall.context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await wall.page.goto(`${server.url}/dash/${boardId}`);
    await expect.poll(() => wallRevision(wall!.page), { timeout: 10_000 }).toBe('1');
    expect(await wallTexts(wall.page)).toEqual([]);
    await markWindow(wall.page);

    // Three widgets bound to demo meters, then one save.
    await addBoundWidget(page, 'kpi', 'Press line load', 'M011');
    await addBoundWidget(page, 'gauge', 'Compressor load', 'M012');
    await addBoundWidget(page, 'kpi', 'Lighting load', 'M013');
    expect(await page.locator('[data-testid^="editor-tile-pane-"]').count()).toBe(3);
    await page.getByTestId('editor-dirty').waitFor();
    await page.screenshot({ path: join(SHOTS, 'editor-three-widgets-1366.png') });
    expect(await visibleRawKeys(page)).toEqual([]);
    await page.getByTestId('editor-save').click();
    await expect.poll(() => editorRevision(page), { timeout: 10_000 }).toBe('2');
    expect(await page.getByTestId('editor-dirty').count()).toBe(0);

    const saved = await apiData<BoardRecord>(server.url, token, 'GET', `/api/boards/${boardId}`);
    const elements = Object.values(saved.document.elements);
    expect(elements.map((element) => [element.type, element.title, element.binding.meterIds])).toEqual([
      ['kpi', 'Press line load', [ids[0]]],
      ['gauge', 'Compressor load', [ids[1]]],
      ['kpi', 'Lighting load', [ids[2]]],
    ]);

    // The open wall shows the three widgets with their live values, without reloading the page.
    await expect.poll(() => wallRevision(wall!.page), { timeout: 5_000 }).toBe('2');
    // Each widget gets its first value on its own subscription, so wait for all three.
    await expect
      .poll(async () => (await wallTexts(wall!.page)).join(' | '), { timeout: 15_000 })
      .toMatch(/Press line load[\s\S]*321\.5[\s\S]*Compressor load[\s\S]*45\.3[\s\S]*Lighting load[\s\S]*12\.8/);
    expect(await windowMarked(wall.page)).toBe(true);
    await wall.page.screenshot({ path: join(SHOTS, 'wall-after-save.png') });

    // A second save renames the first widget.
    await page.getByTestId(`editor-tile-pane-${Object.keys(saved.document.elements)[0]}`).click();
    await page.getByTestId('inspector-title').fill('Press line 1, renamed');
    await page.getByTestId('editor-save').click();
    await expect.poll(() => editorRevision(page), { timeout: 10_000 }).toBe('3');
    await expect.poll(async () => (await wallTexts(wall!.page)).join(' | '), { timeout: 5_000 }).toContain('Press line 1, renamed');

    // Restore revision 2 from the history: a new revision 4 whose content is revision 2's.
    await page.getByTestId('editor-history').click();
    await page.getByTestId('history-version-2').waitFor();
    await page.getByTestId('history-compare-2').click();
    await expect.poll(() => page.getByTestId('history-diff').innerText()).toContain('Press line load');
    await page.getByTestId('history-restore-2').click();
    await page.getByTestId('history-restore-confirm').click();
    await expect.poll(() => editorRevision(page), { timeout: 10_000 }).toBe('4');

    await expect.poll(() => wallRevision(wall!.page), { timeout: 5_000 }).toBe('4');
    await expect.poll(async () => (await wallTexts(wall!.page)).join(' | '), { timeout: 5_000 }).toContain('Press line load');
    expect((await wallTexts(wall.page)).join(' | ')).not.toContain('renamed');
    expect(await windowMarked(wall.page)).toBe(true);

    const versions = await apiData<BoardVersionSummary[]>(server.url, token, 'GET', `/api/boards/${boardId}/versions`);
    expect(versions.map((version) => [version.revision, version.savedBy, version.note])).toEqual([
      [4, 'admin', 'restored from 2'],
      [3, 'admin', 'saved'],
      [2, 'admin', 'saved'],
      [1, 'admin', 'created'],
    ]);
    const restored = await apiData<BoardRecord>(server.url, token, 'GET', `/api/boards/${boardId}`);
    expect(restored.document.elements).toEqual(saved.document.elements);
    await page.screenshot({ path: join(SHOTS, 'editor-after-restore-1366.png') });
    await wall.page.screenshot({ path: join(SHOTS, 'wall-after-restore.png') });
    expect(editor.errors).toEqual([]);
    expect(wall.errors).toEqual([]);
  });
});
