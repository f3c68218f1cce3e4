import type { ComparisonPeriod } from '@shared/powerComparison';
import type { ChartOption } from '../../charts/echartsCore';

export const IMPORTED_COLOUR = '#1677ff';
export const METERED_COLOUR = '#2bb673';
export const FLAGGED_COLOUR = '#e8453c';
const DIFFERENCE_COLOUR = '#f59a23';

const rounded = (value: number | null): number | null => (value === null ? null : Math.round(value * 100) / 100);

/** Short axis labels: an hour shows its day and time, a day its month and day, a month itself. */
export const axisLabel = (label: string): string =>
  label.length > 10 ? `${label.slice(5, 10)} ${label.slice(11)}` : label.length === 10 ? label.slice(5) : label;

export interface ChartTexts {
  imported: string;
  metered: string;
  difference: string;
  flagged: string;
  unit: string;
}

/**
 * Imported and metered bars side by side per period and the difference as a line; a flagged period's imported bar
 * is drawn red (and its axis label too), so the eye finds it without reading the table.
 */
export function comparisonChart(periods: readonly ComparisonPeriod[], texts: ChartTexts): ChartOption {
  // echarts hands the label colour callback the category's value (its index counts only the labels shown).
  const flagged = new Set(periods.filter((period) => period.flagged).map((period) => period.label));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [texts.imported, texts.metered, texts.difference] },
    grid: { left: 64, right: 16, top: 36, bottom: 40 },
    xAxis: {
      type: 'category',
      data: periods.map((period) => period.label),
      axisLabel: { formatter: axisLabel, color: (value?: string | number) => (flagged.has(String(value)) ? FLAGGED_COLOUR : '#666') },
    },
    yAxis: { type: 'value', name: texts.unit },
    series: [
      {
        type: 'bar',
        name: texts.imported,
        itemStyle: { color: IMPORTED_COLOUR },
        data: periods.map((period) => ({
          value: rounded(period.imported),
          ...(period.flagged ? { itemStyle: { color: FLAGGED_COLOUR }, name: texts.flagged } : {}),
        })),
      },
      { type: 'bar', name: texts.metered, itemStyle: { color: METERED_COLOUR }, data: periods.map((period) => rounded(period.metered)) },
      {
        type: 'line',
        name: texts.difference,
        itemStyle: { color: DIFFERENCE_COLOUR },
        connectNulls: false,
        data: periods.map((period) => rounded(period.difference)),
      },
    ],
  };
}
