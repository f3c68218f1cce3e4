import { describe, expect, it } from 'vitest';
import type { ComparisonPeriod } from '@shared/powerComparison';
import { axisLabel, comparisonChart, FLAGGED_COLOUR } from './comparisonChart';

const period = (label: string, flagged: boolean): ComparisonPeriod => ({
  period: label,
  label,
  from: 0,
  to: 0,
  imported: 10,
  metered: 10,
  difference: 0,
  percent: 0,
  coverage: 1,
  judged: true,
  flagged,
});

describe('comparisonChart', () => {
  it('colours a flagged period’s label by its value, whichever labels echarts shows', () => {
    const option = comparisonChart([period('2026-11-03', false), period('2026-11-04', true)], {
      imported: 'Imported',
      metered: 'Metered',
      difference: 'Difference',
      flagged: 'Flagged',
      unit: 'kWh',
    }) as { xAxis: { axisLabel: { color: (value: string) => string } } };
    expect(option.xAxis.axisLabel.color('2026-11-04')).toBe(FLAGGED_COLOUR);
    expect(option.xAxis.axisLabel.color('2026-11-03')).toBe('#666');
  });

  it('shortens labels: an hour keeps its day', () => {
    expect(axisLabel('2026-11-04 08:00')).toBe('11-04 08:00');
    expect(axisLabel('2026-11-04')).toBe('11-04');
    expect(axisLabel('2026-11')).toBe('2026-11');
  });
});
