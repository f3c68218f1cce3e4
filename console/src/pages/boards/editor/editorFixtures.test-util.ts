import type { BoardsApi } from '@shared/api/boardsApi';
import type { BoardDocument } from '@shared/board/document';
import type { BoardRecord } from '@shared/schemas/boards';
import { widgetRegistry } from '@boards/widgets';
import { EditorStore } from './EditorStore';

/** A 1920×1080 board on the sample grid (24 × 40 px rows, 12 px gap) with a heading and a KPI. */
export function sampleDocument(): BoardDocument {
  return {
    schemaVersion: 1,
    meta: { name: 'Energy control room', description: '', purpose: 'general', code: '', equipmentMeterId: null },
    theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
    canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
    elements: {
      heading: { type: 'text', version: 1, title: '', options: { text: 'Main site' }, binding: {} },
      press: { type: 'kpi', version: 1, title: 'Line 1 press', options: { digits: 1 }, binding: { meterIds: [11], metric: 'kw' } },
    },
    layout: {
      kind: 'grid',
      spec: {
        cols: 24,
        rowHeight: 40,
        gap: 12,
        items: [
          { element: 'heading', x: 0, y: 0, w: 10, h: 2 },
          { element: 'press', x: 0, y: 2, w: 4, h: 4 },
        ],
      },
    },
  };
}

export const boardRecord = (document: BoardDocument = sampleDocument(), revision = 3, id = 5): BoardRecord => ({
  id,
  name: document.meta.name,
  description: document.meta.description,
  revision,
  designWidth: document.canvas.designWidth,
  designHeight: document.canvas.designHeight,
  sample: false,
  updatedAt: Date.UTC(2026, 10, 20, 8, 30),
  updatedBy: 'admin',
  purpose: document.meta.purpose,
  code: document.meta.code,
  equipmentMeterId: document.meta.equipmentMeterId,
  review: null,
  document,
});

/** A store over the real widget catalogue, a controllable clock and an api whose two calls tests replace. */
export function editorStore(api: Partial<Pick<BoardsApi, 'board' | 'updateBoard'>> = {}, record = boardRecord()) {
  const clock = { now: 1_000_000 };
  const calls: string[] = [];
  const store = new EditorStore(record, {
    registry: widgetRegistry,
    now: () => clock.now,
    api: {
      board: api.board ?? (async () => record),
      updateBoard:
        api.updateBoard ??
        (async (id, document, revision) => {
          calls.push(`updateBoard ${id} r${revision}`);
          return boardRecord(document as BoardDocument, revision + 1, id);
        }),
    },
  });
  return { store, clock, calls };
}
