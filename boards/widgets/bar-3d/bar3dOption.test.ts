import { describe, expect, it } from 'vitest';
import { bar3dOption, hasBars } from './bar3dOption';
import { bar3dWidget } from './descriptor';

const look = {
  scale: 2,
  mode: 'dark' as const,
  accent: '#3aa0ff',
  alpha: 30,
  beta: 35,
  hourName: 'Hour',
  departmentName: 'Department',
  hourLabel: (period: string) => `h${period}`,
};
const data = {
  scope: 'department' as const,
  energyType: 'electricity',
  grain: 'hour' as const,
  unit: 'kWh',
  computedAt: 5,
  periods: ['0', '1', '2'],
  series: [
    {
      scopeId: 3,
      name: 'Press hall',
      total: 60,
      points: [
        { period: '0', energy: 10 },
        { period: '1', energy: 20 },
        { period: '2', energy: 30 },
      ],
    },
    {
      scopeId: 4,
      name: 'Paint shop',
      total: 45,
      points: [
        { period: '0', energy: 0 },
        { period: '1', energy: 45 },
        { period: '2', energy: Number.NaN },
      ],
    },
  ],
};

describe('bar-3d descriptor', () => {
  it('is heavy, with view angles by default', () => {
    expect(bar3dWidget.heavy).toBe(true);
    expect(bar3dWidget.options.parse({})).toEqual({ alpha: 30, beta: 35 });
    expect(bar3dWidget.options.safeParse({ alpha: 95 }).error?.issues[0]?.message).toBe('From 0 to 90 degrees');
  });

  it('reads the hourly series of the bound departments over 24 hours', () => {
    const options = bar3dWidget.options.parse({});
    expect(bar3dWidget.channels({ departmentIds: [9, 3, 9], energyType: 'water', grain: 'day', periods: 7 }, options)).toEqual([
      'energy:series:department:3.9:water:hour:24',
    ]);
    expect(bar3dWidget.channels({ departmentIds: [2] }, options)).toEqual(['energy:series:department:2:electricity:hour:24']);
    expect(bar3dWidget.channels({}, options)).toEqual([]);
  });
});

describe('bar3dOption', () => {
  it('places one bar per department and hour, coloured up to the largest', () => {
    const option = bar3dOption(data, look) as Record<string, any>;
    expect(option.animation).toBe(false);
    expect(option.xAxis3D.data).toEqual(['h0', 'h1', 'h2']);
    expect(option.yAxis3D.data).toEqual(['Press hall', 'Paint shop']);
    expect(option.zAxis3D.name).toBe('kWh');
    expect(option.series[0].data).toEqual([
      [0, 0, 10],
      [1, 0, 20],
      [2, 0, 30],
      [0, 1, 0],
      [1, 1, 45],
      [2, 1, 0],
    ]);
    expect(option.visualMap.max).toBe(45);
    expect(option.xAxis3D.axisLabel.fontSize).toBe(22);
    expect(option.grid3D.viewControl).toMatchObject({ alpha: 30, beta: 35, autoRotate: false, animation: false });
  });

  it('knows when there is nothing to draw', () => {
    expect(hasBars(undefined)).toBe(false);
    expect(hasBars({ ...data, series: [] })).toBe(false);
    expect(hasBars(data)).toBe(true);
    expect((bar3dOption({ ...data, series: [{ ...data.series[1]!, points: [{ period: '0', energy: 0 }] }] }, look) as Record<string, any>).visualMap.max).toBe(
      1,
    );
  });
});
