import type { ReportTable } from '@shared/reports/table';
import { guardFormula } from '../../resources/exchange/sheets';
import { RENDER_TEXTS, columnHeading, hasCodes } from './renderTexts';

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
const field = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
/** Text a spreadsheet would run as a formula is guarded; numbers are never guarded (a negative stays a number). */
const textField = (text: string): string => field(String(guardFormula(text)));

/** A value with the column's decimals, without grouping; "-0.00" is written as "0.00". */
function numberField(value: number | null, decimals: number): string {
  if (value === null || !Number.isFinite(value)) return '';
  const text = value.toFixed(decimals);
  return Number(text) === 0 ? text.replace(/^-/, '') : text;
}

/**
 * The table as CSV: UTF-8 with a BOM (so Excel opens Chinese text right), CRLF line ends. Line 1 is the header
 * (row header, code when any row has one, each column as "group label (unit)", "Estimated"), then one line per row
 * (data, subtotal and total rows with their labels). Numbers stay plain numbers with the column's decimals; a row's
 * estimated cells are named in the last column (their headings, separated by "; ") rather than marked in the number.
 */
export function renderCsv(table: ReportTable): Buffer {
  const texts = RENDER_TEXTS[table.lang];
  const codes = hasCodes(table.rows);
  const headings = table.columns.map(columnHeading);
  const header = [table.rowHeader, ...(codes ? [texts.code] : []), ...headings, texts.estimated];
  const lines = [header.map(textField).join(',')];
  for (const row of table.rows) {
    const estimated = row.estimated
      .filter((index) => index >= 0 && index < headings.length)
      .sort((a, b) => a - b)
      .map((index) => headings[index]!)
      .join('; ');
    const values = table.columns.map((column, index) => numberField(row.cells[index] ?? null, column.decimals));
    lines.push([textField(row.label), ...(codes ? [textField(row.code)] : []), ...values, textField(estimated)].join(','));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
