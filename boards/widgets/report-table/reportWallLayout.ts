import type { ReportColumnHead, ReportRow, ReportTable } from '@shared/reports/table';

/** A row (and each header line) is this many times the font size high. */
export const ROW_LINES = 1.5;
/** Below this the figures are unreadable across a control room: fewer rows or columns are shown instead. */
export const MIN_FONT = 10;
/** The font a 1080p tile starts from before it is fitted (× scale, so a 4K wall doubles it). */
export const BASE_FONT = 18;

/** The number locale of a wall language: grouping and decimal marks as its readers write them. */
const LOCALES: Record<string, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' };
export const numberLocaleOf = (language: string): string => LOCALES[language.split('-')[0] ?? 'en'] ?? 'en-US';

/** A cell's text: the column's decimals, the language's grouping, "*" when estimated, '' when empty. */
export function cellFormatter(language: string): (value: number | null, decimals: number, estimated: boolean) => string {
  const locale = numberLocaleOf(language);
  const cache = new Map<number, Intl.NumberFormat>();
  return (value, decimals, estimated) => {
    if (value === null) return '';
    let format = cache.get(decimals);
    if (!format) {
      // Spanish leaves four-digit numbers ungrouped by default; a column of figures reads better grouped alike.
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: 'always' });
      cache.set(decimals, format);
    }
    return `${format.format(value)}${estimated ? '*' : ''}`;
  };
}

/** A column's header text: its label and, when it has one, its unit. */
export const columnTitle = (column: ReportColumnHead): string => (column.unit ? `${column.label} (${column.unit})` : column.label);

/** One cell of the merged group row over the shown columns: equal neighbouring groups span together. */
export interface GroupSpan {
  text: string;
  span: number;
}

export function groupSpans(columns: readonly ReportColumnHead[]): GroupSpan[] | null {
  if (!columns.some((column) => column.group !== undefined)) return null;
  const spans: GroupSpan[] = [];
  columns.forEach((column, index) => {
    const last = spans[spans.length - 1];
    const text = column.group ?? '';
    if (last && index > 0 && (columns[index - 1]!.group ?? '') === text) last.span += 1;
    else spans.push({ text, span: 1 });
  });
  return spans;
}

export interface WallTableLayout {
  font: number;
  /** body rows (data and subtotals) on one page */
  rowsPerPage: number;
  pages: number;
  /** the leading columns that fit the width; the rest are left out (`hiddenColumns` says how many) */
  columns: number;
  hiddenColumns: number;
  /** widths in em: the label column first, then each shown column */
  widthsEm: number[];
}

/** Body rows scroll; total rows stay pinned under them. */
export const bodyRows = (table: ReportTable): ReportRow[] => table.rows.filter((row) => row.kind !== 'total');
export const totalRows = (table: ReportTable): ReportRow[] => table.rows.filter((row) => row.kind === 'total');

/** Wide characters (CJK) take about a full em, Latin figures and letters a little over half. */
function textEm(text: string): number {
  let em = 0;
  for (const char of text) em += char.charCodeAt(0) > 0x2e80 ? 1 : 0.6;
  return em;
}

/**
 * The font and what fits a tile: the rows asked for (and the caption, header lines and pinned totals) at up to
 * BASE_FONT × scale, shrunk to fit them down to MIN_FONT, then × fontScale; as many rows as fit at that font.
 * Columns are as wide as their longest text (headers capped at 9 em: they end in an ellipsis); a table wider than
 * the tile shrinks the font down to 60 % (never below MIN_FONT), then shows the leading columns that fit.
 */
export function wallTableLayout(
  table: ReportTable,
  format: (value: number | null, decimals: number, estimated: boolean) => string,
  box: { width: number; height: number; scale: number; fontScale: number; wantedRows: number },
): WallTableLayout {
  const body = bodyRows(table);
  const totals = totalRows(table).length;
  const headerLines = groupSpans(table.columns) ? 2 : 1;
  const wanted = Math.max(1, Math.min(box.wantedRows, body.length || 1));
  const padding = 0.8;
  const fixedLines = 1 + headerLines + totals;
  const fitted = Math.min(BASE_FONT * box.scale, box.height / ((fixedLines + wanted) * ROW_LINES + padding));
  let font = Math.max(MIN_FONT, fitted * box.fontScale);

  const labelEm = Math.min(16, Math.max(6, textEm(table.rowHeader), ...table.rows.map((row) => textEm(row.label) + row.level * 1.2))) + 1;
  const columnEm = table.columns.map((column, index) => {
    const longest = Math.max(0, ...table.rows.map((row) => textEm(format(row.cells[index] ?? null, column.decimals, row.estimated.includes(index)))));
    return Math.max(Math.min(9, textEm(columnTitle(column)) * 0.8), longest) + 1.2;
  });
  const neededEm = labelEm + columnEm.reduce((sum, em) => sum + em, 0) + 1.2;
  if (neededEm * font > box.width) font = Math.max(MIN_FONT, font * 0.6, box.width / neededEm);

  let columns = 0;
  let used = labelEm + 1.2;
  while (columns < columnEm.length && (used + columnEm[columns]!) * font <= box.width) used += columnEm[columns++]!;
  const rowsFit = Math.floor((box.height / font - padding) / ROW_LINES) - fixedLines;
  const rowsPerPage = Math.max(1, Math.min(box.wantedRows, rowsFit));
  return {
    font,
    rowsPerPage,
    pages: Math.max(1, Math.ceil(body.length / rowsPerPage)),
    columns,
    hiddenColumns: table.columns.length - columns,
    widthsEm: [labelEm, ...columnEm.slice(0, columns)],
  };
}

/** "HH:mm" of a moment in the report's time zone (the wall says when the figures were computed). */
export function clockText(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}
