import type { TFunction } from 'i18next';
import type { ChartTexts } from './statsCharts';

/** The series names of the statistics charts in the reader's language. */
export const chartTexts = (t: TFunction): ChartTexts => ({
  charges: t('paymentStatistics.columns.charges'),
  fees: t('paymentStatistics.columns.fees'),
  amount: t('paymentStatistics.columns.amount'),
  serviceFee: t('paymentStatistics.columns.serviceFee'),
  refunded: t('paymentStatistics.columns.refunded'),
  issued: t('paymentStatistics.columns.issued'),
  paid: t('paymentStatistics.columns.paid'),
  overdue: t('paymentStatistics.columns.overdue'),
  outstanding: t('paymentStatistics.columns.outstanding'),
});

/** Charts take a third of the screen: readable at 768 px, not a strip at 2160 px. */
export const STATS_CHART_HEIGHT = 'clamp(280px, 36vh, 720px)';

/** A group's label: bands in the reader's language (尖峰平谷 in zh), everything else as the server names it. */
export function groupLabel(t: TFunction, by: string, row: { key: string; label: string }): string {
  if (by === 'band') return t(`paymentStatistics.bands.${row.key}`, { defaultValue: row.label });
  if (by === 'department' && !row.label) return t('paymentStatistics.noDepartment');
  if (by === 'channel') return t(`paymentStatistics.channels.${row.key}`, { defaultValue: row.label });
  return row.label;
}
