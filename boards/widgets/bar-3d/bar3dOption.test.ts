import { describe, expect, it } from 'vitest';
import { bar3dOption, hasBars, labelInterval } from './bar3dOption';
import { bar3dWidget } from './descriptor';

const look = {
  scale: 2,
  mode: 'dark' as const,
  accent: '#3aa0ff',
  alpha: 30,
  beta: 35,
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
    expect(option.xAxis3D.axisLabel).toMatchObject({ fontSize: 24, lineHeight: 38 });
    expect(option.zAxis3D.nameTextStyle).toMatchObject({ fontSize: 24, lineHeight: 38 });
    expect(option.grid3D.viewControl).toMatchObject({ alpha: 30, beta: 35, autoRotate: false, animation: false });
  });

  it('keeps the demo wall’s axis labels apart: every 4th hour, short department names, 30 units per department', () => {
    // The 3D plant sample at 1920×1080 (scale 1): 24 hours of 4 departments.
    const hours = Array.from({ length: 24 }, (_, hour) => String(hour));
    const names = ['Production Hall A', 'Production Hall B', 'Utilities', 'Office Building and its long annex'];
    const demo = { ...data, periods: hours, series: names.map((name, index) => ({ scopeId: index, name, total: 0, points: [] })) };
    const option = bar3dOption(demo, { ...look, scale: 1 }) as Record<string, any>;
    // Interval 3: hours 0, 4, 8, 12, 16 and 20 are labelled, 6 labels on a 200-unit axis.
    expect(option.xAxis3D.axisLabel.interval).toBe(3);
    // All four departments named, 30 units apart (their 12 px labels do not touch); longer than 120 px → "…".
    expect(option.yAxis3D.axisLabel.interval).toBe(0);
    expect(option.grid3D.boxDepth).toBe(120);
    expect(names.map(option.yAxis3D.axisLabel.formatter)).toEqual(['Production Hall A', 'Production Hall B', 'Utilities', 'Office Building an…']);
    // The deeper box is seen from farther away, so it stays in the tile; only the energy axis has a name.
    expect(option.grid3D.viewControl.distance).toBe(290);
    expect([option.xAxis3D.name, option.yAxis3D.name, option.zAxis3D.name]).toEqual(['', '', 'kWh']);
  });

  it('shows at most 6 department names of a long list, in a box no deeper than 160', () => {
    const many = { ...data, series: Array.from({ length: 20 }, (_, index) => ({ scopeId: index, name: `Dept ${index}`, total: 0, points: [] })) };
    const option = bar3dOption(many, look) as Record<string, any>;
    // ceil(20 / 6) − 1 = 3: departments 0, 4, 8, 12 and 16 are named.
    expect(option.yAxis3D.axisLabel.interval).toBe(3);
    expect(option.grid3D.boxDepth).toBe(160);
    expect(labelInterval(6, 6)).toBe(0);
    expect(labelInterval(7, 6)).toBe(1);
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
