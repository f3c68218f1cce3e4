import { describe, expect, it } from 'vitest';
import { chartPalette } from '../../charts/palette';
import { textWidth } from '../../charts/svg/textFit';
import { trendEnd, trendGeometry, type TrendInput, type TrendLine } from './trendGeometry';
import { liveTrendWidget } from './descriptor';
import { liveTrendOptions } from './options';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
// Local wall time, so the HH:mm labels read the same in every time zone the tests run in.
const t0 = new Date(2024, 0, 15, 10, 0).getTime();
const lines: TrendLine[] = [
  {
    id: 'meter-5',
    name: 'Chiller 1',
    points: [
      [t0 + 60_000, 12_000],
      [t0 + 900_000, 12_500],
    ],
  },
  { id: 'meter-6', name: 'Chiller 2', points: [[t0 + 300_000, 11_800]] },
];
const base: TrendInput = {
  lines,
  end: t0 + 900_000,
  windowMs: 900_000,
  area: true,
  smooth: false,
  digits: 1,
  unit: 'kW',
  palette,
  width: 480,
  height: 270,
  scale: 1,
};

describe('live-trend descriptor', () => {
  it('has defaults for every option', () => {
    expect(liveTrendOptions.parse({})).toEqual({ minutes: 15, maxPoints: 300, area: false, smooth: false, digits: 1, unit: '' });
    expect(liveTrendWidget.defaultSize).toEqual({ w: 8, h: 6 });
  });

  it('reads each meter’s latest values (at most 12, no repeats), and the directory for names when there are several', () => {
    const options = liveTrendOptions.parse({});
    expect(liveTrendWidget.channels({ meterIds: [5] }, options)).toEqual(['meter:5:latest']);
    expect(liveTrendWidget.channels({ meterIds: [5, 6, 5] }, options)).toEqual(['meter:5:latest', 'meter:6:latest', 'meters:directory']);
    const many = liveTrendWidget.channels({ meterIds: Array.from({ length: 20 }, (_, index) => index + 1) }, options);
    expect(many).toHaveLength(13);
    expect(many[11]).toBe('meter:12:latest');
    expect(liveTrendWidget.channels({}, options)).toEqual([]);
  });
});

describe('trend geometry', () => {
  it('ends the window at the newest reading of any line', () => {
    expect(trendEnd([1_060_000, 1_030_000, undefined])).toBe(1_060_000);
    expect(trendEnd([undefined])).toBeUndefined();
  });

  it('spans the plot with the window and the readings’ nice extent (not from zero), values abbreviated', () => {
    const geometry = trendGeometry(base);
    expect(geometry.plot).toEqual({ left: 47, top: 48, width: 412, height: 196 });
    expect(geometry.valueAxis.labels).toEqual([
      { at: 244, text: '11.8k' },
      { at: 195, text: '12k' },
      { at: 146, text: '12.2k' },
      { at: 97, text: '12.4k' },
      { at: 48, text: '12.6k' },
    ]);
    expect(geometry.valueAxis.grid).toEqual([244, 195, 146, 97, 48]);
    expect(geometry.unit).toEqual({ text: 'kW', x: 8, y: 38, anchor: 'start' });
    // The newest reading sits on the right edge of the plot (47 + 412).
    expect(geometry.series[0]!.line).toBe('M74.5,195L459,72.5');
  });

  it('labels the time axis HH:mm on round minutes, spaced so no two labels touch', () => {
    const { timeAxis, plot } = trendGeometry(base);
    expect(timeAxis.line).toBe(true);
    expect(timeAxis.labels.map((label) => label.text)).toEqual(['10:02', '10:04', '10:06', '10:08', '10:10', '10:12', '10:14']);
    expect(timeAxis.labels[0]!.at).toBe(101.9);
    // 10:00 would sit on the plot's left edge, under the lowest value label: left out.
    expect(timeAxis.labels[0]!.at - textWidth('10:02', 12) / 2).toBeGreaterThanOrEqual(plot.left);
  });

  it('draws one line per meter in the series colours, an area under each, a dot for a meter with one reading', () => {
    const { series, areaOpacity, strokeWidth } = trendGeometry(base);
    expect(series.map(({ id, name, colour }) => ({ id, name, colour }))).toEqual([
      { id: 'meter-5', name: 'Chiller 1', colour: '#3aa0ff' },
      { id: 'meter-6', name: 'Chiller 2', colour: '#36cfc9' },
    ]);
    expect(series[0]!.area).toBe('M74.5,195L459,72.5L459,244L74.5,244Z');
    expect(areaOpacity).toBe(0.18);
    expect(strokeWidth).toBe(2);
    expect(series[1]).toMatchObject({ line: '', dot: { x: 184.3, y: 244, r: 2 } });
    expect(series[1]!.area).toBeUndefined();
  });

  it('names several meters in a centred legend in the text colour', () => {
    const { legend, legendFontSize } = trendGeometry(base);
    expect(legendFontSize).toBe(12);
    expect(legend).toEqual([
      { name: 'Chiller 1', colour: '#3aa0ff', swatch: { x: 163, y: 10, width: 14, height: 6 }, textX: 182, y: 13 },
      { name: 'Chiller 2', colour: '#36cfc9', swatch: { x: 246, y: 10, width: 14, height: 6 }, textX: 265, y: 13 },
    ]);
  });

  it('wraps and shortens a legend of many long names, never past a third of the tile', () => {
    const many = Array.from({ length: 12 }, (_, index): TrendLine => ({
      id: `meter-${index}`,
      name: `${['Chiller', 'Boiler', 'Air compressor', 'Air handling unit'][index % 4]} ${index + 1} of the north wing`,
      points: [
        [t0, index],
        [t0 + 60_000, index + 1],
      ],
    }));
    const { legend, plot } = trendGeometry({ ...base, lines: many, width: 480, height: 270 });
    const rows = new Set(legend.map((item) => item.y));
    expect(rows.size).toBe(4);
    expect(legend).toHaveLength(12);
    expect(legend.map((item) => item.name).slice(0, 4)).toEqual([
      'Chiller 1 of the nort…',
      'Boiler 2 of the nort…',
      'Air compressor 3 of…',
      'Air handling unit 4…',
    ]);
    for (const item of legend) expect([item.swatch.x >= 8, item.textX + textWidth(item.name, 12) <= 472]).toEqual([true, true]);
    // 4 rows of 18 px in 81 (0.3 × 270), then the unit's row.
    expect(plot.top).toBe(102);
  });

  it('leaves the legend and area out for one meter, smooths, and scales text and strokes on a 4K wall', () => {
    const geometry = trendGeometry({
      ...base,
      lines: [
        {
          id: 'meter-5',
          name: 'Chiller 1',
          points: [
            [t0, 40],
            [t0 + 30_000, 41],
            [t0 + 60_000, 42.5],
          ],
        },
      ],
      end: t0 + 60_000,
      windowMs: 60_000,
      area: false,
      smooth: true,
      digits: 0,
      width: 960,
      height: 540,
      scale: 2,
    });
    expect(geometry.legend).toEqual([]);
    expect(geometry.series[0]!.area).toBeUndefined();
    expect(geometry.series[0]!.line).toBe('M57,488C200.7,445.6,344.3,403.2,488,342.7C631.7,282.1,775.3,203.4,919,124.7');
    expect(geometry.strokeWidth).toBe(4);
    expect(geometry.fontSize).toBe(24);
    expect(geometry.plot.top).toBe(52);
    // Whole numbers at 0 digits: 40.5 would read "41" twice, so the ticks step by 1.
    expect(geometry.valueAxis.labels.map((label) => label.text)).toEqual(['40', '41', '42', '43']);
    expect(geometry.timeAxis.labels).toEqual([{ at: 919, text: '10:01' }]);
  });

  it('thins both axes on a small tile', () => {
    const geometry = trendGeometry({
      ...base,
      lines: [
        {
          id: 'meter-5',
          name: 'Chiller 1',
          points: [
            [t0, 40],
            [t0 + 3_600_000, 42.5],
          ],
        },
      ],
      end: t0 + 3_600_000,
      windowMs: 3_600_000,
      unit: '',
      width: 240,
      height: 120,
    });
    expect(geometry.plot).toEqual({ left: 29, top: 14, width: 190, height: 80 });
    expect(geometry.unit).toBeUndefined();
    expect(geometry.valueAxis.labels).toEqual([
      { at: 94, text: '40' },
      { at: 54, text: '42' },
      { at: 14, text: '44' },
    ]);
    expect(geometry.timeAxis.labels).toEqual([
      { at: 124, text: '10:30' },
      { at: 219, text: '11:00' },
    ]);
  });
});
