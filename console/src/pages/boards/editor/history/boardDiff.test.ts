import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import { diffBoards } from './boardDiff';
import { changeLine, noteText } from './changeText';
import { editedBoard, savedBoard } from './historyFixtures.test-util';

describe('diffBoards', () => {
  it('lists board settings, then each widget in id order: added/removed, moved, then leaf changes', () => {
    expect(diffBoards(savedBoard(), editedBoard())).toEqual([
      { kind: 'changed', path: 'meta.name', before: 'Boiler house', after: 'Boiler house <b>north</b>' },
      { kind: 'changed', path: 'theme.accent', before: '#3aa0ff', after: '#ff8800' },
      { kind: 'changed', path: 'layout.spec.rowHeight', before: 40, after: 12 },
      { kind: 'moved', element: 'load', path: 'layout', before: { x: 0, y: 0, w: 4, h: 6 }, after: { x: 0, y: 2, w: 5, h: 6 } },
      { kind: 'changed', element: 'load', path: 'options.max', before: 100, after: 120 },
      { kind: 'changed', element: 'load', path: 'options.direction', before: 'above', after: 'below' },
      { kind: 'changed', element: 'load', path: 'binding.meterIds', before: [11], after: [11, 12] },
      { kind: 'added', element: 'note', path: '', after: { type: 'text', title: 'Shift note' } },
      { kind: 'changed', element: 'plant', path: 'options.icons.0.x', before: 10, after: 15 },
      { kind: 'changed', element: 'plant', path: 'options.icons.1', before: { meterId: 12, x: 30, y: 40 } },
      { kind: 'removed', element: 'time', path: '', before: { type: 'clock', title: 'Local time' } },
    ]);
  });

  it('finds nothing between equal boards, whatever their key order', () => {
    const board = savedBoard();
    const reordered = { ...board, elements: { time: board.elements.time!, plant: board.elements.plant!, load: board.elements.load! } };
    expect(diffBoards(board, reordered)).toEqual([]);
  });

  it('treats a widget whose type changed as removed and added, and an unplaced widget as moved to nowhere', () => {
    const from = savedBoard();
    const to = savedBoard();
    to.elements.time = { type: 'text', version: 1, title: 'Local time', options: {}, binding: {} };
    to.layout.spec.items = to.layout.spec.items.filter((item) => item.element !== 'load');
    to.elements.load = { ...to.elements.load!, title: 'Load', version: 2 };
    expect(diffBoards(from, to)).toEqual([
      { kind: 'moved', element: 'load', path: 'layout', before: { x: 0, y: 0, w: 4, h: 6 } },
      { kind: 'changed', element: 'load', path: 'title', before: 'Boiler load', after: 'Load' },
      { kind: 'changed', element: 'load', path: 'version', before: 1, after: 2 },
      { kind: 'removed', element: 'time', path: '', before: { type: 'clock', title: 'Local time' } },
      { kind: 'added', element: 'time', path: '', after: { type: 'text', title: 'Local time' } },
    ]);
  });
});

describe('change lines', () => {
  it('names widgets by catalogue name and title and words each change as text', () => {
    const en = createI18n('en');
    const from = savedBoard();
    const to = editedBoard();
    expect(diffBoards(from, to).map((change) => changeLine(en, change, from, to))).toEqual([
      { text: 'Board: Name', before: 'Boiler house', after: 'Boiler house <b>north</b>' },
      { text: 'Board: Accent colour', before: '#3aa0ff', after: '#ff8800' },
      { text: 'Board: Row height', before: '40', after: '12' },
      { text: 'Gauge “Boiler load” moved or resized', before: 'column 0, row 0, 4×6', after: 'column 0, row 2, 5×6' },
      { text: 'Gauge “Boiler load”: Maximum', before: '100', after: '120' },
      { text: 'Gauge “Boiler load”: Bad values are', before: 'Above the bands', after: 'Below the bands' },
      { text: 'Gauge “Boiler load”: Meters', before: '11', after: '11, 12' },
      { text: 'Added Text “Shift note”' },
      { text: 'Mimic view “plant”: Device icons 1 › Across (%)', before: '10', after: '15' },
      { text: 'Mimic view “plant”: Device icons 2', before: '{"meterId":12,"x":30,"y":40}', after: 'empty' },
      { text: 'Removed Clock “Local time”' },
    ]);
  });

  it('translates the server’s version notes and keeps unknown ones', () => {
    const zh = createI18n('zh');
    expect(noteText(zh, 'restored from 3')).toBe('从版本 3 恢复');
    expect(noteText(zh, 'duplicated from 7')).toBe('复制自看板 7');
    expect(noteText(zh, 'saved')).toBe('保存');
    expect(noteText(zh, 'bulk import 2026')).toBe('bulk import 2026');
  });
});
