import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BoardDocumentInput } from '@shared/board/document';
import type { BoardRecord, DisplayCreated } from '@shared/schemas/boards';
import { watchErrors } from '@tests/support/browser';
import { activeInterfaceKey, apiData, callApi } from './api';

/** Wall sizes the issue names, in CSS pixels at devicePixelRatio 1. */
export const WALL_SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
  { width: 7680, height: 2160 },
] as const;

export interface WallTab {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh browser context the size of a wall (no cookies, no stored display token). */
export async function openWall(browser: Browser, size: { width: number; height: number } = { width: 1920, height: 1080 }): Promise<WallTab> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** The ids of demo meters by code (M011 …) through the generic meters list. */
export async function meterId(baseUrl: string, token: string, code: string): Promise<number> {
  const page = await apiData<{ rows: { id: number; code: string }[] }>(baseUrl, token, 'GET', `/api/meters?keyword=${code}&size=5`);
  const row = page.rows.find((meter) => meter.code === code);
  if (!row) throw new Error(`no meter ${code}`);
  return row.id;
}

/** A 1920×1080 board: a KPI per meter (its kw), a clock and the alarm counters. */
export function liveBoard(name: string, meterIds: number[]): BoardDocumentInput {
  const elements: BoardDocumentInput['elements'] = {
    clock: { type: 'clock', title: '', options: {}, binding: {} },
    alarms: { type: 'alarm-counters', title: 'Open alarms', options: {}, binding: {} },
  };
  const items = [
    { element: 'clock', x: 0, y: 0, w: 8, h: 3 },
    { element: 'alarms', x: 8, y: 0, w: 16, h: 3 },
  ];
  meterIds.forEach((id, index) => {
    elements[`kpi${index}`] = { type: 'kpi', title: `Meter ${id}`, options: {}, binding: { meterIds: [id], metric: 'kw' } };
    items.push({ element: `kpi${index}`, x: (index % 4) * 6, y: 3 + Math.floor(index / 4) * 5, w: 6, h: 5 });
  });
  return {
    schemaVersion: 1,
    meta: { name, description: '' },
    canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
    elements,
    layout: { kind: 'grid', spec: { cols: 24, rowHeight: 40, gap: 12, items } },
  };
}

export async function createBoard(baseUrl: string, token: string, document: BoardDocumentInput): Promise<BoardRecord> {
  return apiData<BoardRecord>(baseUrl, token, 'POST', '/api/boards', { document });
}

export async function createDisplay(
  baseUrl: string,
  token: string,
  name: string,
  scope: { kind: 'boards'; boardIds: number[] } | { kind: 'playlist'; playlistId: number },
): Promise<DisplayCreated> {
  return apiData<DisplayCreated>(baseUrl, token, 'POST', '/api/displays', { name, scope });
}

/** Sends active power readings through the HTTP ingest with a third-party interface key. */
export async function readingsSender(baseUrl: string, token: string) {
  const key = await activeInterfaceKey(baseUrl, token, `kiosk e2e ${Date.now()}`);
  return async (readings: { meter: string; kw: number; ts?: number }[]): Promise<void> => {
    const sent = await callApi<{ accepted: number }>(
      baseUrl,
      'POST',
      '/api/ingest/readings',
      { readings: readings.map((r) => ({ meter: r.meter, ts: r.ts ?? Date.now(), values: { kw: r.kw } })) },
      { 'x-interface-key': key },
    );
    if (sent.code !== 0 || sent.data.accepted !== readings.length) throw new Error(`ingest refused: ${sent.code} ${sent.message}`);
  };
}

/** The text of a widget tile. */
export const tileText = (page: Page, elementId: string) => page.getByTestId(`widget-${elementId}`).innerText();
export const tileState = (page: Page, elementId: string) => page.getByTestId(`widget-${elementId}`).getAttribute('data-state');
