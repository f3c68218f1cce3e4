import { describe, expect, it } from 'vitest';
import { LineChart } from 'echarts/charts';
import { GridSimpleComponent, LegendPlainComponent } from 'echarts/components';
import { renderOptionToSvg } from '../../charts/testing/renderOption';
import { chartPalette } from '../../charts/palette';
import { trendEnd, trendOption, type TrendLine } from './trendOption';
import { liveTrendOptions, liveTrendWidget } from './descriptor';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const lines: TrendLine[] = [
  { id: 'meter-5', name: 'Chiller 1', points: [[1_000_000, 40], [1_060_000, 42.5]] },
  { id: 'meter-6', name: 'Chiller 2', points: [[1_030_000, 18]] },
];

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

describe('trend option', () => {

  it('ends the window at the newest reading of any line', () => {
    expect(trendEnd([1_060_000, 1_030_000, undefined])).toBe(1_060_000);
    expect(trendEnd([undefined])).toBeUndefined();
  });

  it('draws one line per meter over the window with a legend, animation off', () => {
    const option = trendOption({ lines, end: 1_060_000, windowMs: 900_000, area: true, smooth: false, digits: 1, unit: 'kW', palette, scale: 1 }) as Record<string, any>;
    expect(option.animation).toBe(false);
    expect(option.xAxis).toMatchObject({ type: 'time', min: 160_000, max: 1_060_000 });
    expect(option.yAxis).toMatchObject({ type: 'value', scale: true, name: 'kW' });
    expect(option.yAxis.axisLabel.formatter(12_345)).toBe('12.3k');
    expect(option.legend.textStyle).toEqual({ color: '#e6edf5', fontSize: 12 });
    expect(option.series).toHaveLength(2);
    expect(option.series[0]).toMatchObject({ id: 'meter-5', name: 'Chiller 1', type: 'line', showSymbol: false, data: [[1_000_000, 40], [1_060_000, 42.5]], areaStyle: { opacity: 0.18 } });
    expect(option.grid).toMatchObject({ top: 34, containLabel: true });
  });

  it('leaves the legend out for one meter and scales text on a 4K wall', () => {
    const option = trendOption({ lines: lines.slice(0, 1), end: 1_060_000, windowMs: 60_000, area: false, smooth: true, digits: 0, unit: 'kW', palette, scale: 2 }) as Record<string, any>;
    expect(option.legend).toBeUndefined();
    expect(option.series[0].areaStyle).toBeUndefined();
    expect(option.series[0].lineStyle.width).toBe(4);
    expect(option.xAxis.axisLabel.fontSize).toBe(24);
    expect(option.grid.top).toBe(48);
  });
});

describe('trend drawn by echarts', () => {
  it('renders the lines, the legend and the unit', () => {
    const option = trendOption({ lines, end: 1_060_000, windowMs: 120_000, area: true, smooth: false, digits: 1, unit: 'kW', palette, scale: 1 });
    const svg = renderOptionToSvg(option, [LineChart, GridSimpleComponent, LegendPlainComponent]);
    expect(svg).toContain('>Chiller 1</text>');
    expect(svg).toContain('>Chiller 2</text>');
    expect(svg).toContain('>kW</text>');
  });
});
