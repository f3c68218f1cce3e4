import type { ReportColumnHead, ReportTable } from '@shared/reports/table';

/** The number locale of a UI language: grouping and decimal marks as its readers write them. */
const LOCALES: Record<string, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' };
export const numberLocaleOf = (language: string): string => LOCALES[language.split('-')[0] ?? 'en'] ?? 'en-US';

/** One formatter per (locale, decimals): a table of thousands of cells reuses a handful. */
export function cellFormatter(language: string): (value: number | null, decimals: number) => string {
  const locale = numberLocaleOf(language);
  const cache = new Map<number, Intl.NumberFormat>();
  return (value, decimals) => {
    if (value === null) return '';
    let format = cache.get(decimals);
    if (!format) {
      // Spanish leaves four-digit numbers ungrouped by default; a report column reads better grouped alike.
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: 'always' });
      cache.set(decimals, format);
    }
    return format.format(value);
  };
}

/** A column's header text: its label and, when it has one, its unit. */
export const columnTitle = (column: ReportColumnHead): string => (column.unit ? `${column.label} (${column.unit})` : column.label);

/** One cell of the merged group row: equal neighbouring groups span together; a column without a group spans both header rows. */
export type GroupCell = { kind: 'group'; text: string; span: number; first: number } | { kind: 'single'; column: ReportColumnHead; index: number };

export function groupRow(columns: readonly ReportColumnHead[]): GroupCell[] | null {
  if (!columns.some((column) => column.group !== undefined)) return null;
  const cells: GroupCell[] = [];
  columns.forEach((column, index) => {
    const last = cells[cells.length - 1];
    if (column.group === undefined) cells.push({ kind: 'single', column, index });
    else if (last?.kind === 'group' && last.text === column.group && columns[index - 1]?.group === column.group) last.span += 1;
    else cells.push({ kind: 'group', text: column.group, span: 1, first: index });
  });
  return cells;
}

/** Whether any cell of the table is marked estimated (the note under the table says what "*" means). */
export const hasEstimated = (table: ReportTable): boolean => table.rows.some((row) => row.estimated.length > 0);
