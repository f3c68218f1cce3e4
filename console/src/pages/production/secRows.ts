import type { LineSecReport, LineShiftReport, SecFigures } from '@shared/production/api';

/** What the board's SEC table and chart show: a line's whole range, one of its periods, products or shifts. */
export type SecView = 'line' | 'product' | 'shift';
export const SEC_VIEWS: readonly SecView[] = ['line', 'product', 'shift'];

export interface SecRow extends SecFigures {
  key: string;
  lineId: number;
  lineName: string;
  kind: 'total' | 'period' | 'product' | 'shift';
  /** The period (YYYY-MM-DD, a week's Monday, YYYY-MM), the product or the shift; empty for a line's total. */
  label: string;
  /** The unit SEC is per: a product's own unit; empty for the line's standard unit. */
  unit: string;
  over: boolean;
}

/** Over target: SEC above a set target (equal is on target). */
export const isOver = (figures: SecFigures): boolean => figures.secKwh !== null && figures.targetSecKwh !== null && figures.secKwh > figures.targetSecKwh;

const lineName = (report: { line: { code: string; name: string } }) => `${report.line.name} (${report.line.code})`;

/** Per line: its whole range first, then each period. */
export function lineRows(reports: readonly LineSecReport[]): SecRow[] {
  return reports.flatMap((report) => [
    {
      ...report.total,
      key: `${report.line.id}:total`,
      lineId: report.line.id,
      lineName: lineName(report),
      kind: 'total' as const,
      label: '',
      unit: '',
      over: isOver(report.total),
    },
    ...report.periods.map((period) => ({
      ...period,
      key: `${report.line.id}:${period.period}`,
      lineId: report.line.id,
      lineName: lineName(report),
      kind: 'period' as const,
      label: period.period,
      unit: '',
      over: isOver(period),
    })),
  ]);
}

/** Per line, each product made on it (its share of the line's energy, SEC per unit of the product). */
export function productRows(reports: readonly LineSecReport[]): SecRow[] {
  return reports.flatMap((report) =>
    report.products.map((product) => ({
      ...product,
      key: `${report.line.id}:${product.productId}`,
      lineId: report.line.id,
      lineName: lineName(report),
      kind: 'product' as const,
      label: `${product.name} (${product.code})`,
      unit: product.unit,
      over: isOver(product),
    })),
  );
}

/** Per line, each shift over the range. */
export function shiftRows(reports: readonly LineShiftReport[]): SecRow[] {
  return reports.flatMap((report) =>
    report.shifts.map((shift) => ({
      ...shift,
      key: `${report.line.id}:${shift.shiftId}`,
      lineId: report.line.id,
      lineName: lineName(report),
      kind: 'shift' as const,
      label: shift.shiftName,
      unit: '',
      over: isOver(shift),
    })),
  );
}
