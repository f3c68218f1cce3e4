import { describe, expect, it } from 'vitest';
import { percentText, rankingBarOption, sharePieOption, trendFigures } from './energyCharts';

describe('electricity analysis figures', () => {
  it('totals a trend, averages it per period and finds the peak', () => {
    expect(trendFigures(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'], [10.1, 40.2, 0, 30.1])).toEqual({
      total: 80.4,
      average: 20.1,
      peak: { period: '2026-03-02', energy: 40.2 },
    });
  });

  it('has no peak and no average without energy or periods', () => {
    expect(trendFigures([], [])).toEqual({ total: 0, average: 0, peak: null });
    expect(trendFigures(['2026-03-01'], [0]).peak).toBeNull();
  });

  it('ranks the largest on top and labels the pie with names', () => {
    const rows = [
      { scopeId: 1, name: 'Main Plant', energy: 900, share: 0.9 },
      { scopeId: 2, name: 'Office <b>', energy: 100, share: 0.1 },
    ];
    const bar = rankingBarOption(rows, 'kWh') as { yAxis: { inverse: boolean; data: string[] }; series: { data: number[] }[] };
    expect(bar.yAxis).toMatchObject({ inverse: true, data: ['Main Plant', 'Office <b>'] });
    expect(bar.series[0]!.data).toEqual([900, 100]);
    const pie = sharePieOption(rows, 'kWh') as { series: { data: unknown[] }[]; tooltip: { formatter: (p: object) => string } };
    expect(pie.series[0]!.data).toEqual([
      { name: 'Main Plant', value: 900 },
      { name: 'Office <b>', value: 100 },
    ]);
    // The tooltip is HTML: a name is escaped, never markup.
    expect(pie.tooltip.formatter({ name: 'Office <b>', value: 1234.5, percent: 10 })).toBe('Office &lt;b&gt;<br/>1,234.5 kWh (10%)');
  });

  it('writes shares as percentages', () => {
    expect(percentText(0.1234)).toBe('12.3%');
    expect(percentText(1)).toBe('100%');
  });
});
