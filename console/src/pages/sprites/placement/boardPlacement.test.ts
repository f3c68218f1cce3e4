import { describe, expect, it } from 'vitest';
import { boardWith } from './boardFixture.test-util';
import { firstFreeRow, placeOnBoard, uniqueElementId } from './boardPlacement';

const mimic = {
  type: 'mimic',
  version: 1,
  title: 'Compressors',
  options: { background: '/api/files/a.png', fit: 'contain', icons: [] },
  binding: {},
  size: { w: 12, h: 10 },
};

describe('placing a new element on a board', () => {
  it('finds the first row below every item', () => {
    expect(firstFreeRow([])).toBe(0);
    expect(
      firstFreeRow([
        { y: 0, h: 4 },
        { y: 2, h: 9 },
        { y: 6, h: 3 },
      ]),
    ).toBe(11);
  });

  it('names the element after its type with the first free number', () => {
    expect(uniqueElementId('mimic', [])).toBe('mimic-1');
    expect(uniqueElementId('mimic', ['mimic-1', 'mimic-3', 'kpi-2'])).toBe('mimic-2');
  });

  it('adds it at the left of the first free row, at its default size, leaving the original as it was', () => {
    const board = boardWith([
      { element: 'mimic-1', x: 0, y: 0, w: 12, h: 6 },
      { element: 'clock', x: 12, y: 0, w: 12, h: 8 },
    ]);
    const placed = placeOnBoard(board, mimic);
    expect(placed.elementId).toBe('mimic-2');
    expect(placed.item).toEqual({ element: 'mimic-2', x: 0, y: 8, w: 12, h: 10 });
    expect(placed.document.elements['mimic-2']).toEqual({ type: 'mimic', version: 1, title: 'Compressors', options: mimic.options, binding: {} });
    expect(placed.document.layout.spec.items).toHaveLength(3);
    expect(board.layout.spec.items).toHaveLength(2);
    expect(board.elements['mimic-2']).toBeUndefined();
  });

  it('is never wider than the board', () => {
    expect(placeOnBoard(boardWith([], 8), mimic).item).toEqual({ element: 'mimic-1', x: 0, y: 0, w: 8, h: 10 });
  });
});
