import type { Page } from 'playwright-core';

/** The badge number of a console menu entry, or 0 when it shows none (antd puts the count in the title). */
export async function menuBadge(page: Page, fullpath = '/alerts'): Promise<number> {
  const count = page.locator(`[data-testid="menu-badge-${fullpath}"] .ant-badge-count`);
  return (await count.count()) === 0 ? 0 : Number(await count.first().getAttribute('title'));
}

/** The "All open alarms" figure of a wall's alarm-counters widget. */
export async function wallOpenCount(wall: Page): Promise<number> {
  return Number((await wall.getByTestId('counter-total').locator('span').first().innerText()).trim());
}

/** How many alarms a wall's ticker lists. */
export function tickerRowCount(wall: Page): Promise<number> {
  return wall.locator('[data-testid^="ticker-alarm-"]').count();
}
