import { describe, expect, it } from 'vitest';
import { boardEditorEn } from '@shared/i18n/locales/boardEditor/en';
import { BOARD_CODE_MESSAGE, boardDocumentSchema, boardMetaSchema } from '@shared/board/document';
import { computeBoardGeometry } from '@boards/runtime/boardGeometry';
import { sampleDocument } from './editorFixtures.test-util';
import { cellSize, editorGridMetrics } from './editorGrid';
import { editorCommand, type KeyPress } from './editorShortcuts';
import { firstFreeSpot, respreadColumns, scaledDefaultSize } from './gridPlacement';

describe('grid placement', () => {
  it('finds the first free spot reading rows from the top left, under everything when the board is full', () => {
    const items = [
      { x: 0, y: 0, w: 10, h: 2 },
      { x: 12, y: 0, w: 12, h: 3 },
    ];
    expect(firstFreeSpot(items, { w: 2, h: 2 }, 24)).toEqual({ x: 10, y: 0 });
    expect(firstFreeSpot(items, { w: 4, h: 2 }, 24)).toEqual({ x: 0, y: 2 });
    expect(firstFreeSpot([{ x: 0, y: 0, w: 24, h: 5 }], { w: 30, h: 1 }, 24)).toEqual({ x: 0, y: 5 });
    expect(firstFreeSpot([], { w: 6, h: 3 }, 24)).toEqual({ x: 0, y: 0 });
  });

  it('scales default sizes to the grid: width by columns, height by design pixels', () => {
    expect(scaledDefaultSize({ w: 8, h: 6 }, { cols: 24, rowHeight: 40, gap: 12 })).toEqual({ w: 8, h: 6 });
    expect(scaledDefaultSize({ w: 8, h: 6 }, { cols: 48, rowHeight: 20, gap: 6 })).toEqual({ w: 16, h: 12 });
    expect(scaledDefaultSize({ w: 1, h: 1 }, { cols: 6, rowHeight: 200, gap: 12 })).toEqual({ w: 1, h: 1 });
  });

  it('re-spreads items over a new column count, inside the edge', () => {
    expect(
      respreadColumns(
        [
          { x: 20, y: 1, w: 4, h: 2 },
          { x: 0, y: 0, w: 1, h: 1 },
        ],
        24,
        5,
      ),
    ).toEqual([
      { x: 4, y: 1, w: 1, h: 2 },
      { x: 0, y: 0, w: 1, h: 1 },
    ]);
  });
});

describe('editor grid metrics', () => {
  it('sizes cells exactly as the wall does at the same scale', () => {
    const document = sampleDocument();
    const metrics = editorGridMetrics(document, 960, 'fit');
    expect(metrics.scale).toBe(0.5);
    expect(metrics.width).toBe(960);
    expect(metrics.height).toBe(540);
    const wall = computeBoardGeometry({ ...document.canvas, scaleMode: 'fit-width' }, document.layout.spec, { width: 960, height: 540 });
    for (const [index, item] of document.layout.spec.items.entries()) {
      expect(cellSize(metrics, item.w, item.h)).toEqual({ width: wall.items[index]!.width, height: wall.items[index]!.height });
    }
    expect(editorGridMetrics(document, 960, 0.25).width).toBe(480);
  });
});

describe('editor shortcuts', () => {
  const press = (key: string, patch: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    inField: false,
    ...patch,
  });
  it('maps the keys, and leaves a text field its own keys except save', () => {
    expect(editorCommand(press('z', { ctrlKey: true }))).toBe('undo');
    expect(editorCommand(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(editorCommand(press('y', { metaKey: true }))).toBe('redo');
    expect(editorCommand(press('s', { ctrlKey: true }))).toBe('save');
    expect(editorCommand(press('s', { ctrlKey: true, inField: true }))).toBe('save');
    expect(editorCommand(press('d', { ctrlKey: true }))).toBe('duplicate');
    expect(editorCommand(press('Delete'))).toBe('remove');
    expect(editorCommand(press('Backspace'))).toBe('remove');
    expect(editorCommand(press('Escape'))).toBe('deselect');
    expect(editorCommand(press('ArrowLeft'))).toEqual({ nudge: [-1, 0] });
    expect(editorCommand(press('ArrowDown'))).toEqual({ nudge: [0, 1] });
    expect(editorCommand(press('Delete', { inField: true }))).toBeNull();
    expect(editorCommand(press('z', { ctrlKey: true, inField: true }))).toBeNull();
    expect(editorCommand(press('a'))).toBeNull();
    expect(editorCommand(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
  });
});

describe('issue texts', () => {
  it('keeps the catalogue words equal to the document contract', () => {
    const meta = boardMetaSchema.safeParse({ name: 'x'.repeat(81), description: 'y'.repeat(501), code: 'no spaces', purpose: 'equipment' });
    expect(meta.success ? [] : meta.error.issues.map((issue) => issue.message)).toEqual([
      boardEditorEn.rules.max80,
      boardEditorEn.rules.max500,
      boardEditorEn.rules.code,
      boardEditorEn.rules.equipmentMeter,
    ]);
    expect(BOARD_CODE_MESSAGE).toBe(boardEditorEn.rules.code);
    const blank = boardMetaSchema.safeParse({ name: ' ' });
    expect(blank.success ? '' : blank.error.issues[0]?.message).toBe(boardEditorEn.rules.boardName);
    const colour = boardDocumentSchema.safeParse({ ...sampleDocument(), theme: { ...sampleDocument().theme, background: 'navy' } });
    expect(colour.success ? '' : colour.error.issues[0]?.message).toBe(boardEditorEn.rules.colour);
  });
});
