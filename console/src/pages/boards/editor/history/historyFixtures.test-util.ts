import type { BoardDocument } from '@shared/board/document';

/** Revision 2 of a control-room board: a gauge, a mimic with two icons and a clock. */
export function savedBoard(): BoardDocument {
  return {
    schemaVersion: 1,
    meta: { name: 'Boiler house', description: '', purpose: 'general', code: '', equipmentMeterId: null },
    theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
    canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
    elements: {
      load: { type: 'gauge', version: 1, title: 'Boiler load', options: { min: 0, max: 100, direction: 'above' }, binding: { meterIds: [11], metric: 'kw' } },
      plant: {
        type: 'mimic',
        version: 1,
        title: '',
        options: {
          background: '/api/files/plant.png',
          icons: [
            { meterId: 11, x: 10, y: 20 },
            { meterId: 12, x: 30, y: 40 },
          ],
        },
        binding: {},
      },
      time: { type: 'clock', version: 1, title: 'Local time', options: {}, binding: {} },
    },
    layout: {
      kind: 'grid',
      spec: {
        cols: 24,
        rowHeight: 40,
        gap: 12,
        items: [
          { element: 'load', x: 0, y: 0, w: 4, h: 6 },
          { element: 'plant', x: 4, y: 0, w: 12, h: 10 },
          { element: 'time', x: 16, y: 0, w: 6, h: 3 },
        ],
      },
    },
  };
}

/**
 * What the editor holds now: renamed, accent changed, 12-px rows; the gauge moved with a new maximum,
 * direction and meters; an icon moved and one removed; the clock replaced by a text widget.
 */
export function editedBoard(): BoardDocument {
  const board = savedBoard();
  board.meta.name = 'Boiler house <b>north</b>';
  board.theme.accent = '#ff8800';
  board.layout.spec.rowHeight = 12;
  board.elements.load = { ...board.elements.load!, options: { min: 0, max: 120, direction: 'below' }, binding: { meterIds: [11, 12], metric: 'kw' } };
  board.elements.plant = { ...board.elements.plant!, options: { background: '/api/files/plant.png', icons: [{ meterId: 11, x: 15, y: 20 }] } };
  delete board.elements.time;
  board.elements.note = { type: 'text', version: 1, title: 'Shift note', options: { text: 'Check valve 3' }, binding: {} };
  board.layout.spec.items = [
    { element: 'load', x: 0, y: 2, w: 5, h: 6 },
    { element: 'plant', x: 4, y: 0, w: 12, h: 10 },
    { element: 'note', x: 17, y: 0, w: 7, h: 2 },
  ];
  return board;
}
