import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../charts/palette';
import type { EnergyRows } from '../../charts/energyRows';
import { textWidth } from '../../charts/svg/textFit';
import { barGeometry, type BarInput } from './barGeometry';
import { energyBarWidget } from './descriptor';
import { energyBarOptions } from './options';

const palette = chartPalette({ mode: 'light', accent: '#3aa0ff' });
const data: EnergyRows = {
  unit: 'kWh',
  rows: [
    { scopeId: 1, name: 'Production Hall A', energy: 12_500.46 },
    { scopeId: 2, name: 'Offices', energy: 830 },
  ],
  rest: 0,
};
const horizontal: BarInput = { data, options: { orientation: 'horizontal', digits: 1, showValues: true }, palette, width: 600, height: 300, scale: 1 };
const DEPARTMENTS = ['Casting', 'Paint shop', 'Assembly line 2', 'Warehouse', 'Canteen', 'Laboratory', 'Boiler house', 'Offices'];
const many: EnergyRows = {
  unit: 'kWh',
  rows: Array.from({ length: 30 }, (_, index) => ({ scopeId: index + 1, name: `${DEPARTMENTS[index % 8]} ${index + 1}`, energy: 1000 + index * 37.5 })),
  rest: 0,
};

describe('energy-bar descriptor', () => {
  it('has defaults for every option', () => {
    expect(energyBarOptions.parse({})).toEqual({ scope: 'department', orientation: 'horizontal', limit: 10, digits: 1, showValues: true });
    expect(energyBarWidget.staleAfterMs).toBe(1_800_000);
  });

  it('reads the bound departments as a series, or ranks the top-level ones', () => {
    const options = energyBarOptions.parse({});
    expect(energyBarWidget.channels({ departmentIds: [4, 2], grain: 'day', periods: 7 }, options)).toEqual(['energy:series:department:2.4:electricity:day:7']);
    expect(energyBarWidget.channels({}, options)).toEqual(['energy:ranking:department:top:electricity:day:1:10']);
    expect(energyBarWidget.channels({ subitemIds: [3], energyType: 'gas', grain: 'month', periods: 12 }, { ...options, scope: 'subitem' })).toEqual([
      'energy:series:subitem:3:gas:month:12',
    ]);
  });
});

describe('bar geometry', () => {
  it('lists horizontal bars from the top, names on the left, a value axis from zero with the unit', () => {
    const geometry = barGeometry(horizontal);
    expect(geometry.plot).toEqual({ left: 122, top: 26, width: 415, height: 248 });
    expect(geometry.categoryAxis).toEqual({
      labels: [
        { at: 88, text: 'Production Hall A' },
        { at: 212, text: 'Offices' },
      ],
      grid: [],
      line: true,
    });
    expect(geometry.categoryLabelWidth).toBe(180);
    expect(geometry.valueAxis.labels.map((label) => label.text)).toEqual(['0', '2k', '4k', '6k', '8k', '10k', '12k', '14k']);
    expect(geometry.valueAxis.grid[0]).toBe(122);
    expect(geometry.valueAxis.grid[7]).toBe(537);
    expect(geometry.unit).toEqual({ text: 'kWh', x: 537, y: 16, anchor: 'end' });
    expect(geometry.fontSize).toBe(12);
  });

  it('draws the bars in the accent with their right ends rounded, lengths in proportion, the figures beside them', () => {
    const { bars, values, colour, valueColour } = barGeometry(horizontal);
    expect(colour).toBe('#3aa0ff');
    expect(valueColour).toBe('#1f2a37');
    expect(bars.map(({ scopeId, x, y, width, height }) => ({ scopeId, x, y, width, height }))).toEqual([
      { scopeId: 1, x: 122, y: 68, width: 370.5, height: 40 },
      { scopeId: 2, x: 122, y: 192, width: 24.6, height: 40 },
    ]);
    expect(bars[0]!.path).toBe('M122,68H489.5A3,3 0 0 1 492.5,71V105A3,3 0 0 1 489.5,108H122Z');
    expect(values).toEqual([
      { text: '12,500.5', x: 496.5, y: 88, anchor: 'start' },
      { text: '830', x: 150.6, y: 212, anchor: 'start' },
    ]);
    // The longest figure still ends inside the tile.
    expect(496.5 + textWidth('12,500.5', 12)).toBeLessThanOrEqual(600);
  });

  it('stands bars up on a vertical chart, scales text and caps the bar width, figures off', () => {
    const geometry = barGeometry({ ...horizontal, options: { orientation: 'vertical', digits: 0, showValues: false }, scale: 1.5 });
    expect(geometry.plot).toEqual({ left: 59, top: 39, width: 523, height: 222 });
    expect(geometry.fontSize).toBe(18);
    expect(geometry.labelFontSize).toBe(18);
    expect(geometry.categoryAxis.labels).toEqual([
      { at: 189.8, text: 'Production Hall A' },
      { at: 451.3, text: 'Offices' },
    ]);
    expect(geometry.valueAxis.labels).toEqual([
      { at: 261, text: '0' },
      { at: 187, text: '5k' },
      { at: 113, text: '10k' },
      { at: 39, text: '15k' },
    ]);
    expect(geometry.unit).toEqual({ text: 'kWh', x: 12, y: 24, anchor: 'start' });
    expect(geometry.values).toEqual([]);
    expect(geometry.bars.map((bar) => bar.width)).toEqual([60, 60]);
    expect(geometry.bars[0]!.path).toBe('M159.8,261V81A5,5 0 0 1 164.8,76H214.8A5,5 0 0 1 219.8,81V261Z');
  });

  it('names every 3rd of 30 horizontal bars on a small tile, each name and figure on its bar', () => {
    const { categoryAxis, values, bars } = barGeometry({ ...horizontal, data: many, width: 480, height: 270 });
    expect(bars).toHaveLength(30);
    expect(categoryAxis.labels.map((label) => label.text)).toEqual([
      'Casting 1',
      'Warehouse 4',
      'Boiler house 7',
      'Paint shop 10',
      'Canteen 13',
      'Offices 16',
      'Assembly line 2 19',
      'Laboratory 22',
      'Casting 25',
      'Warehouse 28',
    ]);
    expect(categoryAxis.labels[1]!.at - categoryAxis.labels[0]!.at).toBeGreaterThanOrEqual(12 * 1.3);
    expect(values.map((value) => value.y)).toEqual(categoryAxis.labels.map((label) => label.at));
  });

  it('shares names and figures out over vertical bars too narrow for each, inside the tile', () => {
    const { categoryAxis, categoryLabelWidth, values } = barGeometry({
      ...horizontal,
      data: many,
      options: { orientation: 'vertical', digits: 0, showValues: true },
      width: 480,
      height: 270,
    });
    expect(categoryLabelWidth).toBe(49);
    expect(categoryAxis.labels.map((label) => label.text)).toEqual(['Castin…', 'Cante…', 'Castin…', 'Cante…', 'Castin…', 'Cante…', 'Castin…', 'Cante…']);
    for (const label of categoryAxis.labels) expect(label.at + textWidth(label.text, 12) / 2).toBeLessThanOrEqual(480);
    expect(values.map((value) => value.text)).toEqual(['1,000', '1,113', '1,225', '1,338', '1,450', '1,563', '1,675', '1,788', '1,900', '2,013']);
    expect(values[1]!.x - values[0]!.x - textWidth('1,113', 12)).toBeGreaterThanOrEqual(4);
  });
});
