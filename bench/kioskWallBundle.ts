// Part 1 of the kiosk bench: the JavaScript a wall downloads for a board. Opens the board with a display
// token in a fresh context, waits until no tile is loading (lazy widget chunks included), lists every
// script the page fetched (resource timing entries and the requests Playwright saw, the entry script
// included), maps each to its file under the web root and sums gzip -9 (zlib) sizes.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { boardReady } from './kioskWallPage';

export interface ScriptFile {
  path: string;
  bytes: number;
  gzip: number;
}

export interface BoardScripts {
  files: ScriptFile[];
  /** Script URLs outside /assets/ (none expected). */
  unmapped: string[];
  gzipTotal: number;
  rawTotal: number;
}

const gzipCache = new Map<string, ScriptFile>();

function sizeOf(webRoot: string, urlPath: string): ScriptFile | undefined {
  const file = join(webRoot, urlPath.replace(/^\//, ''));
  if (!existsSync(file)) return undefined;
  let sized = gzipCache.get(file);
  if (!sized) {
    const content = readFileSync(file);
    sized = { path: urlPath, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
    gzipCache.set(file, sized);
  }
  return sized;
}

export async function boardScripts(browser: Browser, webRoot: string, link: string, boardId: number): Promise<BoardScripts> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.add(new URL(request.url()).pathname);
    });
    await page.goto(link);
    await boardReady(page, boardId);
    // Anything a widget starts fetching right after its first paint.
    await page.waitForTimeout(1_000);
    const entries = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => e.name)`)) as string[];
    for (const name of entries) {
      const path = new URL(name).pathname;
      if (path.endsWith('.js') || path.endsWith('.mjs')) requested.add(path);
    }
    const files: ScriptFile[] = [];
    const unmapped: string[] = [];
    for (const path of [...requested].sort()) {
      const sized = path.startsWith('/assets/') ? sizeOf(webRoot, path) : undefined;
      if (sized) files.push(sized);
      else unmapped.push(path);
    }
    files.sort((a, b) => b.gzip - a.gzip);
    return { files, unmapped, gzipTotal: files.reduce((s, f) => s + f.gzip, 0), rawTotal: files.reduce((s, f) => s + f.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** The chunk a file belongs to, from its hashed name (`echarts-gl-GGWxG4VT.js` → `echarts-gl`). */
export const chunkName = (path: string): string => basename(path).replace(/-[A-Za-z0-9_-]{8}\.m?js$/, '');

/** Chunks that only a 3D board may load. */
export const HEAVY_3D_CHUNKS = ['three', 'echarts-gl'];
