import { describe, expect, it } from 'vitest';
import { BarChart } from 'echarts/charts';
import { GridSimpleComponent } from 'echarts/components';
import { renderOptionToSvg } from '../../charts/testing/renderOption';
import { chartPalette } from '../../charts/palette';
import type { EnergyRows } from '../../charts/energyRows';
import { barOption } from './barOption';
import { energyBarOptions, energyBarWidget } from './descriptor';

const palette = chartPalette({ mode: 'light', accent: '#3aa0ff' });
const data: EnergyRows = {
  unit: 'kWh',
  rows: [
    { scopeId: 1, name: 'Production Hall A', energy: 12_500.46 },
    { scopeId: 2, name: 'Offices', energy: 830 },
  ],
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
    expect(energyBarWidget.channels({ subitemIds: [3], energyType: 'gas', grain: 'month', periods: 12 }, { ...options, scope: 'subitem' })).toEqual(['energy:series:subitem:3:gas:month:12']);
  });
});

describe('bar option', () => {
  it('lists horizontal bars from the top with their values, animation off', () => {
    const option = barOption({ data, options: { orientation: 'horizontal', digits: 1, showValues: true }, palette, width: 600, scale: 1 }) as Record<string, any>;
    expect(option.animation).toBe(false);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['Production Hall A', 'Offices'], inverse: true });
    expect(option.yAxis.axisLabel).toMatchObject({ width: 180, overflow: 'truncate', fontSize: 12 });
    expect(option.xAxis).toMatchObject({ type: 'value', name: 'kWh' });
    expect(option.xAxis.axisLabel.formatter(12_500)).toBe('12.5k');
    const [bars] = option.series;
    expect(bars.data).toEqual([12_500.46, 830]);
    expect(bars.itemStyle.color).toBe('#3aa0ff');
    expect(bars.label).toMatchObject({ show: true, position: 'right' });
    expect(bars.label.formatter({ value: 12_500.46 })).toBe('12,500.5');
  });

  it('stands bars up on a vertical chart and scales labels', () => {
    const option = barOption({ data, options: { orientation: 'vertical', digits: 0, showValues: false }, palette, width: 600, scale: 1.5 }) as Record<string, any>;
    expect(option.xAxis).toMatchObject({ type: 'category', inverse: false });
    expect(option.xAxis.axisLabel).toMatchObject({ width: 270, fontSize: 18 });
    expect(option.series[0].label).toMatchObject({ show: false, position: 'top', fontSize: 18 });
    expect(option.series[0].barMaxWidth).toBe(60);
  });
});

describe('bars drawn by echarts', () => {
  it('renders the names and the values', () => {
    const svg = renderOptionToSvg(barOption({ data, options: { orientation: 'horizontal', digits: 1, showValues: true }, palette, width: 600, scale: 1 }), [BarChart, GridSimpleComponent]);
    expect(svg).toContain('>Offices</text>');
    expect(svg).toContain('>12,500.5</text>');
    expect(svg).toContain('>830</text>');
  });
});
