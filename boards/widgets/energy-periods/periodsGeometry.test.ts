import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../charts/palette';
import { textWidth } from '../../charts/svg/textFit';
import { periodsGeometry, type PeriodsInput } from './periodsGeometry';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const input: PeriodsInput = {
  series: {
    unit: 'kWh',
    periods: ['2025-08', '2025-09', '2025-10'],
    current: [1000, 2000, 500],
    earlier: [800, null, 1000],
    earlierPeriods: ['2024-08', null, '2024-10'],
  },
  labels: ['Aug', 'Sep', 'Oct'],
  legend: { current: 'Last 3 months', earlier: 'Year before' },
  change: { text: 'Up', lower: false },
  palette,
  width: 400,
  height: 200,
  scale: 1,
};

describe('energy-periods geometry', () => {
  it('puts the unit, the legend and the change figure in one header row', () => {
    const geometry = periodsGeometry(input);
    // Row 18 px (1.5 × 12) from 8 px: centred at 17. "kWh" is 26 px wide, then 16 px to the first swatch (11 px).
    expect(geometry.unit).toEqual({ text: 'kWh', x: 8, y: 17, anchor: 'start' });
    expect(geometry.legend).toEqual([
      { x: 50, y: 11.5, size: 11, text: 'Last 3 months', textX: 67, colour: '#3aa0ff', opacity: 1 },
      // 50 + 11 + 6 + 90 ("Last 3 months") + 16.
      { x: 173, y: 11.5, size: 11, text: 'Year before', textX: 190, colour: '#3aa0ff', opacity: 0.35 },
    ]);
    expect(geometry.change).toEqual({ text: 'Up', x: 388, y: 17, colour: palette.warning });
  });

  it('scales the value axis from zero and stands each period’s year-earlier bar left of this year’s', () => {
    const geometry = periodsGeometry(input);
    // Top 26 + 8 + 6, bottom 6 + 12 + 8: 134 px high; ticks every 500 (5 labels keep 33.5 px ≥ 2.4 × 12 apart).
    // Left: 8 + "1.5k" (26) + 6 = 40; width 400 − 40 − 12 = 348.
    expect(geometry.plot).toEqual({ left: 40, top: 40, width: 348, height: 134 });
    expect(geometry.valueAxis.labels).toEqual([
      { at: 174, text: '0' },
      { at: 140.5, text: '500' },
      { at: 107, text: '1k' },
      { at: 73.5, text: '1.5k' },
      { at: 40, text: '2k' },
    ]);
    // Band step 348 ÷ 2.95 = 117.97, first band from 51.8, 88.47 wide: centres 96.0, 214.0, 332.0; pair gap 7, bars 28.
    expect(geometry.categoryAxis.labels).toEqual([
      { at: 96, text: 'Aug' },
      { at: 214, text: 'Sep' },
      { at: 332, text: 'Oct' },
    ]);
    expect(geometry.current.map(({ x, y, width, height }) => [x, y, width, height])).toEqual([
      [99.5, 107, 28, 67],
      [217.5, 40, 28, 134],
      [335.5, 140.5, 28, 33.5],
    ]);
    // Sep 2024 is missing: no bar, not a zero one.
    expect(geometry.earlier.map(({ period, x, y, height }) => [period, x, y, height])).toEqual([
      ['2025-08', 64.5, 120.4, 53.6],
      ['2025-10', 300.5, 107, 67],
    ]);
    expect(geometry.current[1]!.path).toBe('M217.5,174V43A3,3 0 0 1 220.5,40H242.5A3,3 0 0 1 245.5,43V174Z');
  });

  it('moves the change figure to a second row on a narrow tile, in the good colour for less energy', () => {
    const change = { text: 'Oct −4.2 % vs Oct 2024', lower: true };
    const geometry = periodsGeometry({ ...input, change, width: 300 });
    expect(geometry.change).toEqual({ text: change.text, x: 288, y: 35, colour: palette.good });
    expect(geometry.plot.top).toBe(58);
    expect(288 - textWidth(change.text, 12)).toBeGreaterThanOrEqual(12);
    // Too low for a second row: the figure is left out rather than squeezing the plot.
    expect(periodsGeometry({ ...input, change, width: 300, height: 130 }).change).toBeUndefined();
  });

  it('draws a bar alone without the comparison, in MWh from 10,000 kWh, names thinned from the running month back', () => {
    const periods = Array.from({ length: 12 }, (_, index) => `2025-${String(index + 1).padStart(2, '0')}`);
    const labels = 'January,February,March,April,May,June,July,August,September,October,November,December'.split(',');
    const geometry = periodsGeometry({
      ...input,
      series: { unit: 'kWh', periods, current: periods.map((_, index) => 1000 * (index + 1)) },
      labels,
      width: 300,
    });
    expect(geometry.unit.text).toBe('MWh');
    expect(geometry.legend.map((entry) => entry.text)).toEqual(['Last 3 months']);
    expect(geometry.earlier).toEqual([]);
    // 12 MWh at most: ticks 0, 5, 10, 15 MWh.
    expect(geometry.valueAxis.labels.at(-1)).toEqual({ at: 40, text: '15' });
    // Left 8 + "15" (15) + 6 = 29: 12 bands 259 ÷ 11.95 = 21.67 px apart; "September" (66 px) + 8 needs every 4th
    // name, counted back from December.
    expect(geometry.categoryAxis.labels.map((label) => label.text)).toEqual(['April', 'August', 'December']);
    const [first, second] = geometry.current;
    expect(second!.x - first!.x).toBeCloseTo(second!.width / 0.75, 0);
  });
});
