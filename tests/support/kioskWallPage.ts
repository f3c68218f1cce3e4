import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchErrors } from './browser';

/** One figure as the wall showed it: when (the page's clock, the same machine's) and its text. */
export interface Shown {
  at: number;
  text: string;
}

export interface KioskWallPage {
  context: BrowserContext;
  page: Page;
  /** Every change of the watched element's text since `watch()`, in order. */
  shown: Shown[];
  /** Console errors and page exceptions (watchErrors): printed, a reconnecting socket may log some. */
  errors: string[];
  /** Uncaught exceptions in the page only. */
  exceptions: string[];
  /** Documents loaded in the main frame (1: the wall was never reloaded or sent elsewhere). */
  loads(): number;
  /**
   * Once `ready` is on the page, starts recording the text of `selector` (absent: not recorded), polled every
   * `everyMs` in the page; marks the window.
   */
  watch(ready: string, selector: string, everyMs?: number): Promise<void>;
  /** The mark set by watch() is still on the window: the document was never replaced. */
  sameDocument(): Promise<boolean>;
  close(): Promise<void>;
}

const MARK = '__wallMark';

/**
 * A real Chromium tab showing a kiosk wall (a browser context of its own: its own stored display token), with the
 * means to tell what it showed and when, and whether it was ever reloaded. `onShown` is called for each change.
 */
export async function openKioskWallPage(
  browser: Browser,
  url: string,
  options: { size?: { width: number; height: number }; onShown?: (shown: Shown) => void } = {},
): Promise<KioskWallPage> {
  const context = await browser.newContext({ viewport: options.size ?? { width: 1366, height: 768 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const exceptions: string[] = [];
  page.on('pageerror', (error) => exceptions.push(error.message));
  let loads = 0;
  page.on('load', () => (loads += 1));
  const shown: Shown[] = [];
  await page.exposeFunction('__wallShown', (at: number, text: string) => {
    const entry = { at, text };
    shown.push(entry);
    options.onShown?.(entry);
  });
  await page.goto(url);
  return {
    context,
    page,
    shown,
    errors,
    exceptions,
    loads: () => loads,
    async watch(ready, selector, everyMs = 100) {
      await page.waitForSelector(ready, { timeout: 30_000 });
      await page.evaluate(
        ({ selector, everyMs, mark }) => {
          const w = window as unknown as Record<string, unknown> & { __wallShown: (at: number, text: string) => void };
          w[mark] = true;
          let last: string | null = null;
          setInterval(() => {
            const text = document.querySelector(selector)?.textContent ?? null;
            if (text !== null && text !== last) {
              last = text;
              w.__wallShown(Date.now(), text);
            }
          }, everyMs);
        },
        { selector, everyMs, mark: MARK },
      );
    },
    sameDocument: () => page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark] === true, MARK),
    close: () => context.close(),
  };
}
