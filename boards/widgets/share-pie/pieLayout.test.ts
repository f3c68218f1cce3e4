import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../charts/palette';
import { fitText, pieLayout, spreadLabels, textEms } from './pieLayout';
import { pieSlices } from './pieSlices';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const data = {
  unit: 'kWh',
  rows: [
    { scopeId: 1, name: 'HVAC', energy: 600 },
    { scopeId: 2, name: 'Lighting', energy: 150 },
  ],
  rest: 250,
};
const slices = pieSlices(data, 'Otros', { showOthers: true, digits: 1 });
const box = { palette, width: 480, height: 270, scale: 1 };

describe('pie layout', () => {
  it('draws the slices clockwise from 12 o’clock in data order, Others last, in the series colours', () => {
    const layout = pieLayout({ slices, donut: true, ...box });
    expect(layout).toMatchObject({ cx: 240, cy: 135, outer: 123, inner: 78.3, gap: { stroke: palette.surface, width: 1 } });
    expect(layout.arcs).toEqual([
      // HVAC: 60 % = 0° → 216°.
      { d: 'M0,-123A123,123,0,1,1,-72.3,99.5L-46,63.3A78.3,78.3,0,1,0,0,-78.3Z', fill: '#3aa0ff' },
      { d: 'M-72.3,99.5A123,123,0,0,1,-123,0L-78.3,0A78.3,78.3,0,0,0,-46,63.3Z', fill: '#36cfc9' },
      { d: 'M-123,0A123,123,0,0,1,0,-123L0,-78.3A78.3,78.3,0,0,0,-78.3,0Z', fill: '#ffc53d' },
    ]);
    expect(pieLayout({ slices, donut: false, ...box }).arcs[0]!.d).toBe('M0,-123A123,123,0,1,1,-72.3,99.5L0,0Z');
  });

  it('labels each slice with its name and percentage beside the pie, joined by a leader', () => {
    const layout = pieLayout({ slices, donut: true, ...box });
    expect(layout.labels).toEqual([
      { name: 'HVAC', percent: '60.0%', x: 143, nameY: 33, percentY: 48, anchor: 'start', leader: '117,38 124.6,40.5 139,40.5' },
      { name: 'Otros', percent: '25.0%', x: -143, nameY: -100.1, percentY: -85.1, anchor: 'end', leader: '-87,-87 -92.6,-92.6 -139,-92.6' },
      { name: 'Lighting', percent: '15.0%', x: -143, nameY: 52, percentY: 67, anchor: 'end', leader: '-109.6,55.8 -116.7,59.5 -139,59.5' },
    ]);
    expect(layout.label).toEqual({ fontSize: 12, lineHeight: 15, fill: palette.text, leader: palette.axisLine, leaderWidth: 1 });
    expect(pieLayout({ slices, donut: true, ...box, width: 960, height: 540, scale: 2 }).label.fontSize).toBe(24);
  });

  it('prints the whole in a donut’s hole, none in a full pie', () => {
    const total = { value: '1k', unit: 'kWh' };
    expect(pieLayout({ slices, donut: true, total, ...box }).centre).toEqual({
      value: '1k',
      unit: 'kWh',
      valueY: -7.2,
      unitY: 12,
      fontSize: 20,
      unitFontSize: 12,
      fill: palette.text,
      unitFill: palette.subtleText,
    });
    expect(pieLayout({ slices, donut: false, total, ...box }).centre).toBeNull();
    // A long figure shrinks to fit a small hole; one that would be unreadable is left out.
    const small = { ...box, width: 240, height: 160 };
    expect(pieLayout({ slices, donut: true, total: { value: '1234.5k', unit: 'kWh' }, ...small }).centre).toMatchObject({
      fontSize: 10,
      unitFontSize: 8,
      valueY: -4.8,
      unitY: 6,
    });
    expect(pieLayout({ slices, donut: true, total: { value: '123456.7k', unit: 'kWh' }, ...small }).centre).toBeNull();
  });

  it('draws nothing for shares of nothing', () => {
    const quiet = pieSlices({ unit: 'kWh', rows: [{ scopeId: 1, name: 'HVAC', energy: 0 }], rest: 0 }, 'Others', { showOthers: true, digits: 1 });
    const layout = pieLayout({ slices: quiet, donut: true, total: { value: '0', unit: 'kWh' }, ...box });
    expect([layout.arcs, layout.labels, layout.centre]).toEqual([[], [], null]);
  });

  it('never lets labels overlap: slivers get none, the smallest lose theirs when the tile is short', () => {
    const many = { unit: 'kWh', rows: Array.from({ length: 12 }, (_, i) => ({ scopeId: i, name: `Department number ${i}`, energy: 100 - i * 8 })), rest: 3 };
    const layout = pieLayout({ slices: pieSlices(many, 'Others', { showOthers: true, digits: 1 }), donut: false, ...box, width: 300, height: 200 });
    // Right side: the four largest fit. Left side: room for six of eight; Others (0.4 %) is a sliver, and
    // the two smallest departments (3.0 %, 1.8 %) lose their labels.
    expect(layout.labels.map((label) => label.percent)).toEqual(['14.8%', '13.6%', '12.4%', '11.3%', '4.1%', '5.3%', '6.5%', '7.7%', '8.9%', '10.1%']);
    for (const side of ['start', 'end']) {
      const ys = layout.labels
        .filter((label) => label.anchor === side)
        .map((label) => label.nameY)
        .sort((a, b) => a - b);
      ys.slice(1).forEach((y, i) => expect(y - ys[i]!).toBeGreaterThanOrEqual(2 * layout.label.lineHeight - 0.1));
      expect(ys[0]! - layout.label.lineHeight / 2).toBeGreaterThanOrEqual(-layout.cy);
      expect(ys.at(-1)! + 1.5 * layout.label.lineHeight).toBeLessThanOrEqual(200 - layout.cy);
    }
    expect(layout.labels[0]!.name).toBe('Departme…');
  });

  it('spreads one side’s labels at least a line pair apart, within the tile', () => {
    const at = (y: number, value: number) => ({ index: 0, angle: 0, y, value });
    expect(spreadLabels([at(0, 5), at(4, 3), at(8, 1)], 20, -100, 100).map((label) => label.y)).toEqual([0, 20, 40]);
    expect(spreadLabels([at(90, 5), at(95, 3), at(99, 1)], 20, -100, 100).map((label) => label.y)).toEqual([60, 80, 100]);
    // Room for two: the smallest goes.
    expect(spreadLabels([at(0, 5), at(4, 1), at(8, 3)], 20, -10, 10).map((label) => [label.y, label.value])).toEqual([
      [-10, 5],
      [10, 3],
    ]);
  });

  it('shortens long names with an ellipsis', () => {
    expect([fitText('Lighting', 4.8), fitText('Lighting', 3), fitText('Air handling unit', 2.4), fitText('HVAC', 0.6)]).toEqual([
      'Lighting',
      'Ligh…',
      'Air…',
      '…',
    ]);
    // Chinese characters are a whole em wide.
    expect([textEms('一号车间'), textEms('HVAC')]).toEqual([4, 2.4]);
    expect(fitText('一号生产车间', 4)).toBe('一号生…');
  });
});
