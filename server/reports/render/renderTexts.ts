import type { ReportLang } from '@shared/reports/constants';
import type { ReportColumnHead } from '@shared/reports/table';

/**
 * The few words the CSV and XLSX writers add around the engine's table (the engine's own texts come from the
 * reportFiles namespace and arrive already translated in the table).
 */
export const RENDER_TEXTS: Record<ReportLang, { code: string; estimated: string; chartData: string }> = {
  en: { code: 'Code', estimated: 'Estimated', chartData: 'Chart data' },
  zh: { code: '编号', estimated: '估算', chartData: '图表数据' },
  es: {
    code: 'Código',
    estimated: 'Estimado',

    chartData: 'Datos del gráfico',
  },
};

/** A column's heading on one line: group, label and unit, e.g. "2026-10-01 Energy (kWh)". */
export const columnHeading = (column: ReportColumnHead): string =>
  [column.group, column.label, column.unit ? `(${column.unit})` : ''].filter((part) => part).join(' ');

/** Whether any row has an object code: period rows have none, and then the code column is left out. */
export const hasCodes = (rows: readonly { code: string }[]): boolean => rows.some((row) => row.code !== '');

/** Stops a renderer when its job is cancelled: an AbortError (the runner tells it from a failure by its name). */
export function throwIfAborted(signal: AbortSignal): void {
  if (!signal.aborted) return;
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') throw reason;
  throw new DOMException('The report was cancelled', 'AbortError');
}

/** Lets the event loop run (API requests, heartbeats) between chunks of rendering. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Rows written between two yields to the event loop. */
export const ROWS_PER_YIELD = 500;
