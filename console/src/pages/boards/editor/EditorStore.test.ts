import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import { boardRecord, editorStore, sampleDocument } from './editorFixtures.test-util';
import { BURST_MS } from './undoHistory';

const items = (store: ReturnType<typeof editorStore>['store']) =>
  store.document.layout.spec.items.map(({ element, x, y, w, h }) => `${element} ${x},${y} ${w}×${h}`);

describe('EditorStore', () => {
  it('adds a palette widget at the first free spot, sized for the grid, and selects it', () => {
    const { store } = editorStore();
    expect(store.addWidget('kpi')).toBe('kpi-1');
    // 4×4 on 24 columns: the first free 4-wide spot reading from the top left is right of the heading.
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 0,2 4×4', 'kpi-1 10,0 4×4']);
    expect(store.selectedId).toBe('kpi-1');
    expect(store.document.elements['kpi-1']).toEqual({
      type: 'kpi',
      version: 1,
      title: '',
      options: { digits: 1, unit: '', trendMinutes: 15, sparkline: true, sparklinePoints: 90, showToday: false },
      binding: {},
    });
    expect(store.dirty).toBe(true);
  });

  it('scales the default size to a 12-column grid with 80 px rows', () => {
    const document = sampleDocument();
    document.layout.spec = { cols: 12, rowHeight: 80, gap: 12, items: [] };
    document.elements = {};
    const { store } = editorStore({}, boardRecord(document));
    store.addWidget('live-trend');
    // 8 of 24 columns → 4 of 12; 6 rows of 52 px (300 px) → round(312 / 92) = 3 rows of 92 px.
    expect(items(store)).toEqual(['live-trend-1 0,0 4×3']);
  });

  it('adds a dropped widget where it was dropped, with the widgets the drop pushed aside, as one step', () => {
    const { store } = editorStore();
    expect(store.sizeFor('gauge')).toEqual({ w: 4, h: 6 });
    store.addWidget('gauge', { x: 22, y: 1 }, [{ i: 'press', x: 0, y: 7, w: 4, h: 4 }]);
    // Kept inside the 24 columns.
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 0,7 4×4', 'gauge-1 20,1 4×6']);
    store.undo();
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 0,2 4×4']);
  });

  it('places a widget from typed numbers inside the columns, a run of edits as one step', () => {
    const { store, clock } = editorStore();
    store.place('press', { w: 30 });
    clock.now += 100;
    store.place('press', { x: 7, y: 3.4 });
    expect(items(store)[1]).toBe('press 0,3 24×4');
    store.undo();
    expect(items(store)[1]).toBe('press 0,2 4×4');
  });

  it('ignores an unknown widget type', () => {
    const { store } = editorStore();
    expect(store.addWidget('teapot')).toBeNull();
    expect(store.dirty).toBe(false);
  });

  it('moves and resizes from the grid as one undo step each, and records nothing when nothing moved', () => {
    const { store } = editorStore();
    store.applyLayout([
      { i: 'heading', x: 0, y: 0, w: 10, h: 2 },
      { i: 'press', x: 6, y: 3, w: 4, h: 4 },
    ]);
    store.applyLayout([{ i: 'press', x: 6, y: 3, w: 8, h: 5 }]);
    store.applyLayout([{ i: 'press', x: 6, y: 3, w: 8, h: 5 }]);
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 6,3 8×5']);
    store.undo();
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 6,3 4×4']);
    store.undo();
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 0,2 4×4']);
    expect(store.canUndo).toBe(false);
    expect(store.dirty).toBe(false);
  });

  it('removes the selected widget and brings it back with undo', () => {
    const { store } = editorStore();
    store.select('press');
    store.remove();
    expect(Object.keys(store.document.elements)).toEqual(['heading']);
    expect(items(store)).toEqual(['heading 0,0 10×2']);
    expect(store.selectedId).toBeNull();
    store.undo();
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 0,2 4×4']);
    expect(store.document.elements.press?.binding).toEqual({ meterIds: [11], metric: 'kw' });
  });

  it('duplicates a widget beside the original with its own copy of the options', () => {
    const { store } = editorStore();
    expect(store.duplicate('press')).toBe('kpi-1');
    expect(items(store)).toEqual(['heading 0,0 10×2', 'press 0,2 4×4', 'kpi-1 4,2 4×4']);
    expect(store.document.elements['kpi-1']).toEqual(store.document.elements.press);
    expect(store.document.elements['kpi-1']).not.toBe(store.document.elements.press);
    expect(store.selectedId).toBe('kpi-1');
    // No room on the right: the first free spot.
    store.applyLayout([{ i: 'kpi-1', x: 20, y: 2, w: 4, h: 4 }]);
    store.select('kpi-1');
    expect(store.duplicate()).toBe('kpi-2');
    expect(items(store).at(-1)).toBe('kpi-2 10,0 4×4');
  });

  it('counts a burst of edits to one field as one step, a pause or another field as a new one', () => {
    const { store, clock } = editorStore();
    for (const title of ['P', 'Pr', 'Press']) {
      store.setTitle('press', title);
      clock.now += 300;
    }
    clock.now += BURST_MS + 1;
    store.setTitle('press', 'Press 1');
    store.setOptions('press', { digits: 2 });
    store.undo();
    expect(store.document.elements.press?.options).toEqual({ digits: 1 });
    expect(store.document.elements.press?.title).toBe('Press 1');
    store.undo();
    expect(store.document.elements.press?.title).toBe('Press');
    store.undo();
    expect(store.document.elements.press?.title).toBe('Line 1 press');
    expect(store.canUndo).toBe(false);
  });

  it('redoes what was undone until a new edit, and is clean again after undoing back to the saved board', () => {
    const { store } = editorStore();
    store.addWidget('clock');
    store.setMeta({ name: 'Night shift' });
    store.undo();
    store.undo();
    expect(store.dirty).toBe(false);
    expect(store.canRedo).toBe(true);
    store.redo();
    expect(Object.keys(store.document.elements)).toContain('clock-1');
    expect(store.dirty).toBe(true);
    store.setGrid({ gap: 8 });
    expect(store.canRedo).toBe(false);
  });

  it('keeps at most the undo limit of steps', () => {
    const { store, clock } = editorStore();
    for (let step = 1; step <= 205; step += 1) {
      clock.now += BURST_MS + 1;
      store.setTitle('press', `Press ${step}`);
    }
    let undone = 0;
    while (store.canUndo) {
      store.undo();
      undone += 1;
    }
    expect(undone).toBe(200);
    expect(store.document.elements.press?.title).toBe('Press 5');
    expect(store.dirty).toBe(true);
  });

  it('re-spreads the widgets when the column count changes', () => {
    const { store } = editorStore();
    store.setGrid({ cols: 12 });
    expect(items(store)).toEqual(['heading 0,0 5×2', 'press 0,2 2×4']);
  });

  it('nudges the selected widget with arrow keys as one step per run', () => {
    const { store } = editorStore();
    store.select('press');
    store.nudge(1, 0);
    store.nudge(1, 0);
    store.nudge(0, -5);
    expect(items(store)[1]).toBe('press 2,0 4×4');
    store.undo();
    expect(items(store)[1]).toBe('press 0,2 4×4');
  });

  it('saves over the loaded revision and takes the answer as the saved board', async () => {
    const { store, calls } = editorStore();
    store.setMeta({ name: 'Night shift' });
    expect(await store.save()).toBe('saved');
    expect(calls).toEqual(['updateBoard 5 r3']);
    expect(store.revision).toBe(4);
    expect(store.dirty).toBe(false);
    // Undo still works after a save, and the board is dirty again against the saved one.
    store.undo();
    expect(store.document.meta.name).toBe('Energy control room');
    expect(store.dirty).toBe(true);
  });

  it('checks the board before sending: issues land on the widget, section and field, and the first widget is selected', async () => {
    const { store, calls } = editorStore();
    store.setOptions('press', { digits: 9 });
    store.setMeta({ name: ' ' });
    expect(await store.save()).toBe('invalid');
    expect(calls).toEqual([]);
    expect(store.issues).toEqual([{ elementId: null, section: 'meta', field: 'name', message: 'Please enter the board name' }]);
    store.setMeta({ name: 'Night shift' });
    expect(store.issues).toEqual([]);
    expect(await store.save()).toBe('invalid');
    expect(store.issues).toEqual([{ elementId: 'press', section: 'options', field: 'digits', message: 'Too big: expected number to be <=6' }]);
    expect(store.selectedId).toBe('press');
    expect([...store.erroneousIds]).toEqual(['press']);
    // Editing the field drops its message.
    store.setOptions('press', { digits: 2 });
    expect(store.issues).toEqual([]);
  });

  it('maps the server VALIDATION_FAILED issues of every path shape', async () => {
    const issues = [
      { field: 'document.elements.press.options.icons.0.meterId', rule: 'custom', message: 'No meter 99' },
      { field: 'document.elements.press.binding.meterIds', rule: 'custom', message: 'Choose a meter' },
      { field: 'document.elements.heading.title', rule: 'too_big', message: 'At most 80 characters' },
      { field: 'document.layout.spec.items.1.w', rule: 'custom', message: 'The widget runs past column 24' },
      { field: 'document.meta.code', rule: 'custom', message: 'The code is taken' },
      { field: 'document.canvas.designWidth', rule: 'too_small', message: 'Too small' },
      { field: 'document.layout.spec.cols', rule: 'too_big', message: 'Too big' },
      { field: 'document.elements.heading.type', rule: 'unknown_widget', message: 'Unknown widget type "x"' },
      { field: 'document', rule: 'custom', message: 'Whole' },
    ];
    const { store } = editorStore({ updateBoard: () => Promise.reject(new ApiError(ErrorCode.VALIDATION_FAILED, 'invalid', { issues }, 400)) });
    expect(await store.save()).toBe('invalid');
    expect(store.issues).toEqual([
      { elementId: 'press', section: 'options', field: 'icons.0.meterId', message: 'No meter 99' },
      { elementId: 'press', section: 'binding', field: 'meterIds', message: 'Choose a meter' },
      { elementId: 'heading', section: 'title', field: 'title', message: 'At most 80 characters' },
      { elementId: 'press', section: 'layout', field: 'w', message: 'The widget runs past column 24' },
      { elementId: null, section: 'meta', field: 'code', message: 'The code is taken' },
      { elementId: null, section: 'canvas', field: 'canvas.designWidth', message: 'Too small' },
      { elementId: null, section: 'canvas', field: 'grid.cols', message: 'Too big' },
      { elementId: 'heading', section: 'element', field: 'type', message: 'Unknown widget type "x"' },
      { elementId: null, section: 'document', field: '', message: 'Whole' },
    ]);
    expect(store.selectedId).toBe('press');
    expect(store.dirty).toBe(false);
  });

  it('holds a revision conflict with who saved when, and reloads or keeps editing', async () => {
    const newer = boardRecord({ ...sampleDocument(), meta: { ...sampleDocument().meta, name: 'Saved elsewhere' } }, 7);
    const conflict = new ApiError(ErrorCode.REVISION_CONFLICT, 'conflict', { revision: 7, updatedAt: Date.UTC(2026, 10, 21, 9), updatedBy: 'ops' }, 409);
    const { store } = editorStore({ updateBoard: () => Promise.reject(conflict), board: async () => newer });
    store.setTitle('press', 'Mine');
    expect(await store.save()).toBe('conflict');
    expect(store.conflict).toEqual({ revision: 7, updatedAt: Date.UTC(2026, 10, 21, 9), updatedBy: 'ops' });
    expect(store.dirty).toBe(true);
    store.keepEditing();
    expect(store.conflict).toBeNull();
    expect(store.document.elements.press?.title).toBe('Mine');
    expect(await store.save()).toBe('conflict');
    expect(await store.reload()).toBe(true);
    expect(store.conflict).toBeNull();
    expect(store.revision).toBe(7);
    expect(store.document.meta.name).toBe('Saved elsewhere');
    expect(store.dirty).toBe(false);
    expect(store.canUndo).toBe(false);
  });

  it('keeps edits made while a save was on its way', async () => {
    let answer: (value: ReturnType<typeof boardRecord>) => void = () => undefined;
    const { store } = editorStore({ updateBoard: () => new Promise((resolve) => (answer = resolve)) });
    store.setTitle('press', 'First');
    const saving = store.save();
    expect(await store.save()).toBe('busy');
    store.setTitle('press', 'Second');
    const sent = { ...sampleDocument(), elements: { ...sampleDocument().elements, press: { ...sampleDocument().elements.press!, title: 'First' } } };
    answer(boardRecord(sent, 4));
    expect(await saving).toBe('saved');
    expect(store.document.elements.press?.title).toBe('Second');
    expect(store.revision).toBe(4);
    expect(store.dirty).toBe(true);
  });
});
