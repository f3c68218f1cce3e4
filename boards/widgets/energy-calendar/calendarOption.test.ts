import { describe, expect, it } from 'vitest';
import { HeatmapChart } from 'echarts/charts';
import { CalendarComponent, VisualMapContinuousComponent } from 'echarts/components';
import { renderOptionToSvg } from '../../charts/testing/renderOption';
import type { EnergySeriesData } from '@shared/board/channels';
import { chartPalette } from '../../charts/palette';
import { calendarOption, dailyTotals, weekColumns } from './calendarOption';
import { energyCalendarOptions, energyCalendarWidget } from './descriptor';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const series: EnergySeriesData = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'day',
  unit: 'kWh',
  periods: ['2025-03-01', '2025-03-02', '2025-03-03'],
  series: [
    { scopeId: 1, name: 'A', total: 0.3, points: [{ period: '2025-03-01', energy: 0.1 }, { period: '2025-03-02', energy: 0.2 }, { period: '2025-03-03', energy: 0 }] },
    { scopeId: 2, name: 'B', total: 60, points: [{ period: '2025-03-01', energy: 0.2 }, { period: '2025-03-02', energy: 10 }, { period: '2025-03-03', energy: 50 }] },
  ],
  computedAt: 1,
};
const names = { dayNames: 'S,M,T,W,T,F,S'.split(','), monthNames: 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec'.split(',') };

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

describe('calendar option', () => {
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

  it('fits square cells to the tile and colours from empty to the accent over the busiest day', () => {
    const days = dailyTotals(series);
    const option = calendarOption({ days, unit: 'kWh', options: energyCalendarOptions.parse({}), palette, width: 400, height: 200, scale: 1, ...names }) as Record<string, any>;
    expect(option.animation).toBe(false);
    expect(option.visualMap).toMatchObject({ type: 'continuous', show: false, min: 0, max: 50, inRange: { color: ['#1a2636', '#3aa0ff'] } });
    expect(option.visualMap.formatter(1234)).toBe('1k kWh');
    // (200 − 22 − 16) ÷ 7 rows = 23 px; 2 weeks wide, centred.
    expect(option.calendar).toMatchObject({ range: ['2025-03-01', '2025-03-03'], cellSize: [23, 23], left: 177, top: 30 });
    expect(option.calendar.dayLabel).toMatchObject({ firstDay: 1, nameMap: names.dayNames, fontSize: 10 });
    expect(option.series).toEqual([{ id: 'days', type: 'heatmap', coordinateSystem: 'calendar', silent: true, data: days }]);
  });

  it('draws a year across a wide tile and keeps a scale when every day is zero', () => {
    const periods = Array.from({ length: 365 }, (_, index) => new Date(Date.UTC(2024, 2, 4) + index * 86_400_000).toISOString().slice(0, 10));
    const days = periods.map((day) => [day, 0] as [string, number]);
    const option = calendarOption({ days, unit: 'kWh', options: energyCalendarOptions.parse({}), palette, width: 1200, height: 260, scale: 1, ...names }) as Record<string, any>;
    // min((1200 − 28 − 16) ÷ 53, (260 − 22 − 16) ÷ 7) = min(21.8, 31.7) → 21 px.
    expect(option.calendar.cellSize).toEqual([21, 21]);
    expect(option.calendar.left).toBe(44);
    expect(option.visualMap.max).toBe(1);
  });
});

describe('calendar drawn by echarts', () => {
  it('renders a cell per day and the translated month and day names', () => {
    const zh = { dayNames: '日,一,二,三,四,五,六'.split(','), monthNames: '1月,2月,3月,4月,5月,6月,7月,8月,9月,10月,11月,12月'.split(',') };
    const option = calendarOption({ days: dailyTotals(series), unit: 'kWh', options: energyCalendarOptions.parse({}), palette, width: 400, height: 200, scale: 1, ...zh });
    const svg = renderOptionToSvg(option, [HeatmapChart, CalendarComponent, VisualMapContinuousComponent], 400, 200);
    expect(svg).toContain('>3月</text>');
    expect(svg).toContain('>一</text>');
    // The busiest day (50 kWh) takes the accent.
    expect(svg).toContain('fill="rgb(58,160,255)"');
    expect(svg.match(/ecmeta_data_index="\d"/g)).toHaveLength(3);
  });
});
