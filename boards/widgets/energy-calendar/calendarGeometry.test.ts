import { describe, expect, it } from 'vitest';
import type { EnergySeriesData } from '@shared/board/channels';
import { chartPalette } from '../../charts/palette';
import { calendarGeometry, dailyTotals, energyLabel, weekColumns, type CalendarInput } from './calendarGeometry';
import { energyCalendarWidget } from './descriptor';
import { energyCalendarOptions } from './options';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const series: EnergySeriesData = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'day',
  unit: 'kWh',
  periods: ['2025-03-01', '2025-03-02', '2025-03-03'],
  series: [
    {
      scopeId: 1,
      name: 'A',
      total: 0.3,
      points: [
        { period: '2025-03-01', energy: 0.1 },
        { period: '2025-03-02', energy: 0.2 },
        { period: '2025-03-03', energy: 0 },
      ],
    },
    {
      scopeId: 2,
      name: 'B',
      total: 60,
      points: [
        { period: '2025-03-01', energy: 0.2 },
        { period: '2025-03-02', energy: 10 },
        { period: '2025-03-03', energy: 50 },
      ],
    },
  ],
  computedAt: 1,
};
const names = { dayNames: 'S,M,T,W,T,F,S'.split(','), monthNames: 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec'.split(',') };
const monday = energyCalendarOptions.parse({});
const input = (overrides: Partial<CalendarInput>): CalendarInput => ({
  days: dailyTotals(series),
  unit: 'kWh',
  options: monday,
  palette,
  width: 400,
  height: 200,
  scale: 1,
  ...names,
  ...overrides,
});
const daysFrom = (first: number, count: number, energy: (index: number) => number): [string, number][] =>
  Array.from({ length: count }, (_, index) => [new Date(first + index * 86_400_000).toISOString().slice(0, 10), energy(index)]);

describe('energy-calendar descriptor', () => {
  it('has defaults for every option', () => {
    expect(energyCalendarOptions.parse({})).toEqual({ digits: 0, firstDay: 'monday' });
  });

  it('reads a year of days for the bound departments, else sub-items, else meters; never more than 365', () => {
    const options = energyCalendarOptions.parse({});
    expect(energyCalendarWidget.channels({ departmentIds: [3, 1], subitemIds: [9] }, options)).toEqual(['energy:series:department:1.3:electricity:day:365']);
    expect(energyCalendarWidget.channels({ subitemIds: [9], periods: 90, grain: 'hour' }, options)).toEqual(['energy:series:subitem:9:electricity:day:90']);
    expect(energyCalendarWidget.channels({ meterIds: [4], periods: 400 }, options)).toEqual(['energy:series:meter:4:electricity:day:365']);
    expect(energyCalendarWidget.channels({}, options)).toEqual([]);
  });
});

describe('calendar geometry', () => {
  it('sums the series per day', () => {
    expect(dailyTotals(series)).toEqual([
      ['2025-03-01', 0.3],
      ['2025-03-02', 10.2],
      ['2025-03-03', 50],
    ]);
  });

  it('counts the week columns a range needs', () => {
    // 2025-03-01 is a Saturday.
    expect(weekColumns('2025-03-01', '2025-03-03', 'monday')).toBe(2);
    expect(weekColumns('2025-03-01', '2025-03-03', 'sunday')).toBe(2);
    expect(weekColumns('2025-03-02', '2025-03-03', 'sunday')).toBe(1);
    expect(weekColumns('2024-03-04', '2025-03-03', 'monday')).toBe(53);
  });

  it('fits square cells to the tile, weekdays as rows, coloured from empty to the accent over the busiest day', () => {
    const geometry = calendarGeometry(input({}));
    // (200 − 22 month labels − 20 legend − 2 × 8) ÷ 7 rows = 20 px; 2 weeks wide, centred (the spare 2 px too).
    expect(geometry).toMatchObject({ cell: 20, left: 180, top: 31, weeks: 2, max: 50, fonts: { day: 10, month: 11, figure: 10 } });
    // Sat and Sun in the first (Monday-first) week, Mon starting the second; 1 px of the tile between cells.
    expect(geometry.cells).toEqual([
      { day: '2025-03-01', x: 180.5, y: 131.5, size: 19, fill: 'rgb(26, 39, 55)', value: 0.3 },
      { day: '2025-03-02', x: 180.5, y: 151.5, size: 19, fill: 'rgb(33, 63, 95)', value: 10.2 },
      { day: '2025-03-03', x: 200.5, y: 31.5, size: 19, fill: 'rgb(58, 160, 255)', value: 50 },
    ]);
    expect(geometry.dayLabels.map((label) => label.text).join('')).toBe('MTWTFSS');
    expect(geometry.dayLabels[0]).toEqual({ x: 174, y: 41, text: 'M' });
    expect(geometry.monthLabels).toEqual([{ x: 180, y: 25, text: 'Mar' }]);
    // The legend ends under the grid's right edge (220): 0 ▭ 50 kWh.
    expect(geometry.legend).toEqual({
      bar: { x: 99, y: 177, width: 80, height: 8, from: '#1a2636', to: '#3aa0ff' },
      min: { x: 95, y: 181, text: '0' },
      max: { x: 183, y: 181, text: '50 kWh' },
    });
    expect(energyLabel(1234, 0, 'kWh')).toBe('1k kWh');
  });

  it('draws a year across a wide tile, a label per month, and keeps a scale when every day is zero', () => {
    const geometry = calendarGeometry(input({ days: daysFrom(Date.UTC(2024, 2, 4), 365, () => 0), width: 1200, height: 260 }));
    // min((1200 − 28 − 16) ÷ 53, (260 − 22 − 20 − 16) ÷ 7) = min(21.8, 28.9) → 21 px; centred down by (202 − 147) ÷ 2.
    expect(geometry).toMatchObject({ cell: 21, left: 44, top: 57, weeks: 53, max: 1 });
    expect(geometry.cells).toHaveLength(365);
    expect(geometry.cells.at(-1)).toEqual({ day: '2025-03-03', x: 1136.5, y: 57.5, size: 20, fill: 'rgb(26, 38, 54)', value: 0 });
    expect(geometry.monthLabels.map((label) => label.text).join(' ')).toBe('Mar Apr May Jun Jul Aug Sep Oct Nov Dec Jan Feb Mar');
    expect(geometry.monthLabels[1]).toEqual({ x: 128, y: 51, text: 'Apr' });
    expect(geometry.legend?.max.text).toBe('1 kWh');
  });

  it('starts weeks on Sunday, leaves days without a figure empty and writes figures in large cells', () => {
    const days: [string, number][] = [
      ['2025-03-01', 5],
      ['2025-03-03', 50],
    ];
    const geometry = calendarGeometry(input({ days, options: { digits: 0, firstDay: 'sunday' }, width: 600, height: 400 }));
    // (400 − 58) ÷ 7 = 48 px squares: 10 px figures fit.
    expect(geometry.cell).toBe(48);
    expect(geometry.dayLabels.map((label) => label.text).join('')).toBe('SMTWTFS');
    expect(geometry.cells.map(({ day, fill, value, figure }) => [day, fill, value, figure])).toEqual([
      ['2025-03-01', 'rgb(29, 50, 74)', 5, { text: '5', colour: '#e6edf5' }],
      ['2025-03-02', '#1a2636', null, undefined],
      ['2025-03-03', 'rgb(58, 160, 255)', 50, { text: '50', colour: '#07111f' }],
    ]);
  });

  it('keeps labels apart on small cells: every other weekday, no partial month crowding the next', () => {
    // 30 Mar 2025 is a Sunday: March has one column, April starts in the next column, one 6 px cell on.
    const geometry = calendarGeometry(input({ days: daysFrom(Date.UTC(2025, 2, 30), 22, (index) => index), height: 100 }));
    expect(geometry.cell).toBe(6);
    expect(geometry.dayLabels.map((label) => label.text).join('')).toBe('MWFS');
    expect(geometry.monthLabels.map((label) => label.text)).toEqual(['Apr']);
  });
});
