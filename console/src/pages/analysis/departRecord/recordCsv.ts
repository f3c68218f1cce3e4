import type { DepartmentRecord } from './departmentRecord';

export interface RecordCsvHeadings {
  department: string;
  code: string;
  level: string;
  total: string;
  site: string;
}

/**
 * A spreadsheet cell: quoted when it holds a separator, quote or line break; a text starting with = + - @
 * gets a leading apostrophe so a spreadsheet never runs a department's name as a formula.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The record as CSV (one line per department in tree order, the site last), with a BOM so Excel reads UTF-8. */
export function recordCsv(record: DepartmentRecord, headings: RecordCsvHeadings): string {
  const unitSuffix = record.unit ? ` (${record.unit})` : '';
  const lines: (string | number)[][] = [
    [headings.department, headings.code, headings.level, ...record.labels, `${headings.total}${unitSuffix}`],
    ...record.rows.map((row) => [row.name, row.code, row.depth + 1, ...row.energy, row.total]),
    [headings.site, '', '', ...record.site.energy, record.site.total],
  ];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Hands a text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; an immediate revoke can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
