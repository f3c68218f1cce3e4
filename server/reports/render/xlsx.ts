import ExcelJS from 'exceljs';
import type { ColumnTotal, ReportColumnHead, ReportRow, ReportTable, RenderControl } from '@shared/reports/table';
import { reportFilesEn } from '@shared/i18n/locales/reportFiles/en';
import { reportFilesZh } from '@shared/i18n/locales/reportFiles/zh';
import { reportFilesEs } from '@shared/i18n/locales/reportFiles/es';
import { guardFormula } from '../../resources/exchange/sheets';
import { RENDER_TEXTS, ROWS_PER_YIELD, hasCodes, throwIfAborted, yieldToLoop } from './renderTexts';
import { addNativeChart, cellRef, columnLetter, type ChartPlacement } from './xlsxChart';

const FILE_TEXTS = { en: reportFilesEn, zh: reportFilesZh, es: reportFilesEs } as const;

/** SUBTOTAL's function numbers: 9 SUM, 4 MAX, 5 MIN. SUBTOTAL skips other SUBTOTAL cells in its ranges. */
const SUBTOTAL_FUNCTION: Record<Exclude<ColumnTotal, 'none'>, number> = { sum: 9, max: 4, min: 5 };
/** Excel refuses a formula longer than this; a longer one is written as its value. */
const MAX_FORMULA_LENGTH = 8000;

const ESTIMATED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
const TOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
const THIN: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FFBFBFBF' } };
const HEADER_BORDER: Partial<ExcelJS.Borders> = { top: THIN, bottom: THIN, left: THIN, right: THIN };

/** "#,##0.00" for 2 decimals: thousands separators for every number, the column's decimals. */
export function numberFormat(column: Pick<ReportColumnHead, 'decimals' | 'kind'>, estimated = false): string {
  const decimals = Math.max(0, Math.min(10, Math.trunc(column.decimals)));
  const base = column.kind === 'percent' ? '0' : '#,##0';
  const format = decimals > 0 ? `${base}.${'0'.repeat(decimals)}` : base;
  // The "*" of an estimated cell is part of its format, so the cell stays a number.
  return estimated ? `${format}"*"` : format;
}

/** Display width of a text: CJK characters take two columns. */
const textWidth = (text: string): number => {
  let width = 0;
  for (const char of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(char) ? 2 : 1;
  return width;
};
const formattedWidth = (value: number, decimals: number): number => {
  const integer = Math.trunc(Math.abs(value)).toString().length;
  return integer + Math.floor((integer - 1) / 3) + (decimals > 0 ? decimals + 1 : 0) + (value < 0 ? 1 : 0) + 1;
};

/** Excel sheet names: at most 31 characters, none of []:*?/\ . */
const sheetName = (title: string): string =>
  title
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Report';

/** Runs of equal neighbours [start, end] (inclusive) among `values`. */
function runs<T>(values: readonly T[]): { start: number; end: number; value: T }[] {
  const result: { start: number; end: number; value: T }[] = [];
  values.forEach((value, index) => {
    const last = result[result.length - 1];
    if (last && last.value === value) last.end = index;
    else result.push({ start: index, end: index, value });
  });
  return result;
}

/**
 * The sheet-row ranges of the data rows a subtotal or total covers, as few as possible: covered rows separated only
 * by subtotal/total rows join one range (SUBTOTAL skips those, they are SUBTOTAL formulas or empty in this column).
 */
export function coverRanges(rows: readonly ReportRow[], covers: readonly number[]): { first: number; last: number }[] {
  const sorted = [...new Set(covers)].filter((index) => index >= 0 && index < rows.length).sort((a, b) => a - b);
  const ranges: { first: number; last: number }[] = [];
  for (const index of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && rows.slice(last.last + 1, index).every((row) => row.kind !== 'data')) last.last = index;
    else ranges.push({ first: index, last: index });
  }
  return ranges;
}

/**
 * The table as an XLSX workbook (exceljs, one sheet): title and subtitle, a merged group row when columns have
 * groups, the header row, frozen panes below the headers and right of the label (and code) column, numbers with the
 * column's decimals, bold subtotal/total rows whose cells are SUBTOTAL formulas over the rows they cover (with the
 * computed result cached, so a reader that does not recalculate shows the number), estimated cells shaded with a
 * trailing "*" in their number format, the notes under the table, landscape print fitted to the page width, and a
 * native chart (xlsxChart.ts) when the table has one. Yields to the event loop every few hundred rows, reports
 * progress and stops with an AbortError when `control.signal` is aborted.
 */
export async function renderXlsx(table: ReportTable, control: RenderControl): Promise<Buffer> {
  const { signal } = control;
  throwIfAborted(signal);
  const texts = RENDER_TEXTS[table.lang];
  const fileTexts = FILE_TEXTS[table.lang];
  const codes = hasCodes(table.rows);
  const fixed = codes ? 2 : 1;
  const valueColumn = (index: number) => fixed + index + 1;
  const grouped = table.columns.some((column) => column.group);

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Energy metering platform';
  workbook.created = new Date(table.generatedAt);
  const name = sheetName(table.title);
  const sheet = workbook.addWorksheet(name);

  sheet.getCell(1, 1).value = guardFormula(table.title);
  sheet.getCell(1, 1).font = { bold: true, size: 14 };
  sheet.getCell(2, 1).value = guardFormula(table.subtitle);
  sheet.getCell(2, 1).font = { color: { argb: 'FF595959' } };

  const headerTop = 4;
  const headerRow = grouped ? headerTop + 1 : headerTop;
  const firstDataRow = headerRow + 1;
  const sheetRowOf = (index: number) => firstDataRow + index;

  const widths = new Array<number>(fixed + table.columns.length).fill(8);
  const widen = (column: number, width: number) => (widths[column - 1] = Math.max(widths[column - 1]!, width));

  // Headers: the fixed columns span the group row and the header row.
  const headerCell = (row: number, column: number, text: string) => {
    const cell = sheet.getCell(row, column);
    cell.value = guardFormula(text);
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = HEADER_BORDER;
    cell.alignment = { vertical: 'middle', horizontal: column > fixed ? 'center' : 'left', wrapText: true };
  };
  const fixedHeads = [table.rowHeader, ...(codes ? [texts.code] : [])];
  fixedHeads.forEach((text, index) => {
    headerCell(headerTop, index + 1, text);
    if (grouped) {
      headerCell(headerRow, index + 1, '');
      sheet.mergeCells(headerTop, index + 1, headerRow, index + 1);
    }
    widen(index + 1, textWidth(text) + 2);
  });
  table.columns.forEach((column, index) => {
    const text = column.unit ? `${column.label} (${column.unit})` : column.label;
    headerCell(headerRow, valueColumn(index), text);
    widen(valueColumn(index), Math.min(24, textWidth(text) + 2));
  });
  if (grouped) {
    for (const run of runs(table.columns.map((column) => column.group ?? ''))) {
      const from = valueColumn(run.start);
      const to = valueColumn(run.end);
      if (run.value === '') {
        // A column without a group: its header spans both rows.
        for (let column = from; column <= to; column++) {
          const text = sheet.getCell(headerRow, column).value as string;
          headerCell(headerTop, column, text);
          headerCell(headerRow, column, '');
          sheet.mergeCells(headerTop, column, headerRow, column);
        }
        continue;
      }
      for (let column = from; column <= to; column++) headerCell(headerTop, column, column === from ? run.value : '');
      if (to > from) sheet.mergeCells(headerTop, from, headerTop, to);
      else widen(from, Math.min(24, textWidth(run.value) + 2));
    }
  }

  // Rows. A subtotal/total cell of a column with a total is a SUBTOTAL formula over the rows it covers.
  const total = table.rows.length;
  for (let index = 0; index < total; index++) {
    if (index > 0 && index % ROWS_PER_YIELD === 0) {
      await yieldToLoop();
      throwIfAborted(signal);
      control.progress((0.7 * index) / total);
    }
    const row = table.rows[index]!;
    const sheetRow = sheet.getRow(sheetRowOf(index));
    const summary = row.kind !== 'data';
    const label = sheetRow.getCell(1);
    label.value = guardFormula(row.label);
    if (row.level > 0) label.alignment = { indent: Math.min(15, row.level) };
    widen(1, Math.min(60, textWidth(row.label) + 2 * row.level + 2));
    if (codes) {
      sheetRow.getCell(2).value = row.code === '' ? null : guardFormula(row.code);
      widen(2, Math.min(30, textWidth(row.code) + 2));
    }
    const estimated = new Set(row.estimated);
    const ranges = summary && row.covers ? coverRanges(table.rows, row.covers) : [];
    table.columns.forEach((column, columnIndex) => {
      const value = row.cells[columnIndex] ?? null;
      const cell = sheetRow.getCell(valueColumn(columnIndex));
      const letter = columnLetter(valueColumn(columnIndex));
      let formula: string | null = null;
      if (summary && column.total !== 'none' && value !== null && ranges.length > 0) {
        const refs = ranges.map(({ first, last }) =>
          first === last ? `${letter}${sheetRowOf(first)}` : `${letter}${sheetRowOf(first)}:${letter}${sheetRowOf(last)}`,
        );
        formula = `SUBTOTAL(${SUBTOTAL_FUNCTION[column.total]},${refs.join(',')})`;
        if (formula.length > MAX_FORMULA_LENGTH) formula = null;
      }
      cell.value = formula ? { formula, result: value ?? 0 } : value;
      const isEstimated = estimated.has(columnIndex) && value !== null;
      cell.numFmt = numberFormat(column, isEstimated);
      if (isEstimated) cell.fill = ESTIMATED_FILL;
      if (value !== null) widen(valueColumn(columnIndex), Math.min(24, formattedWidth(value, column.decimals) + (isEstimated ? 1 : 0)));
    });
    if (summary) {
      sheetRow.font = { bold: true };
      for (let column = 1; column <= fixed + table.columns.length; column++) {
        const cell = sheetRow.getCell(column);
        cell.font = { bold: true };
        cell.border = { top: THIN };
        if (row.kind === 'total' && !estimated.has(column - fixed - 1)) cell.fill = TOTAL_FILL;
      }
    }
  }
  throwIfAborted(signal);
  control.progress(0.7);

  // Under the table: the notes (the engine's note explains "*"; one is added when estimated cells have none).
  let next = sheetRowOf(total) + 1;
  const notes = [...table.notes];
  const anyEstimated = table.rows.some((row) => row.estimated.length > 0);
  if (anyEstimated && !notes.some((note) => note.startsWith('*'))) notes.unshift(fileTexts.estimatedNote);
  for (const note of notes) {
    const cell = sheet.getCell(next, 1);
    cell.value = guardFormula(note);
    cell.font = { italic: true, color: { argb: 'FF595959' } };
    if (note.startsWith('*')) cell.fill = ESTIMATED_FILL;
    next += 1;
  }

  // The chart: over the table's own cells when its rows are one block of data rows, else over a small block below.
  let placement: ChartPlacement | null = null;
  if (table.chart) {
    const chart = table.chart;
    const columnIndex = table.columns.findIndex((column) => column.key === chart.columnKey);
    const column = columnIndex >= 0 ? table.columns[columnIndex] : undefined;
    const dataRows = table.rows.flatMap((row, index) => (row.kind === 'data' ? [index] : []));
    const contiguous = dataRows.length > 0 && dataRows[dataRows.length - 1]! - dataRows[0]! === dataRows.length - 1;
    const sameRows =
      column !== undefined &&
      contiguous &&
      dataRows.length === chart.categories.length &&
      dataRows.every((rowIndex, i) => table.rows[rowIndex]!.label === chart.categories[i]);
    let categoryRef: string;
    let valueRef: string;
    if (sameRows) {
      const first = sheetRowOf(dataRows[0]!);
      const last = sheetRowOf(dataRows[dataRows.length - 1]!);
      categoryRef = `${cellRef(name, 1, first)}:${cellRef(name, 1, last, false)}`;
      valueRef = `${cellRef(name, valueColumn(columnIndex), first)}:${cellRef(name, valueColumn(columnIndex), last, false)}`;
    } else {
      next += 1;
      const heading = sheet.getCell(next, 1);
      heading.value = guardFormula(`${texts.chartData}: ${chart.title}`);
      heading.font = { bold: true };
      next += 1;
      const first = next;
      const numFmt = numberFormat(column ?? { decimals: 2, kind: 'number' });
      chart.categories.forEach((category, i) => {
        sheet.getCell(next, 1).value = guardFormula(category);
        const cell = sheet.getCell(next, 2);
        cell.value = chart.values[i] ?? null;
        cell.numFmt = numFmt;
        next += 1;
      });
      const last = Math.max(first, next - 1);
      categoryRef = `${cellRef(name, 1, first)}:${cellRef(name, 1, last, false)}`;
      valueRef = `${cellRef(name, 2, first)}:${cellRef(name, 2, last, false)}`;
    }
    const span = Math.max(8, Math.min(14, fixed + table.columns.length));
    placement = {
      type: chart.type,
      title: chart.title,
      seriesName: column ? [column.group, column.label].filter((part) => part).join(' ') : chart.title,
      unit: chart.unit,
      categoryRef,
      valueRef,
      categories: chart.categories,
      values: chart.values,
      numFmt: numberFormat(column ?? { decimals: 2, kind: 'number' }),
      // Drawing anchors count from 0: the chart starts one row below the last written row.
      anchor: { fromColumn: 0, fromRow: next, toColumn: span, toRow: next + 20 },
    };
  }

  widths.forEach((width, index) => (sheet.getColumn(index + 1).width = width + 1));
  sheet.views = [{ state: 'frozen', xSplit: fixed, ySplit: headerRow, topLeftCell: `${columnLetter(fixed + 1)}${firstDataRow}` }];
  sheet.pageSetup = {
    orientation: 'landscape',
    paperSize: 9,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${headerTop}:${headerRow}`,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
  };

  await yieldToLoop();
  throwIfAborted(signal);
  let bytes: Buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  throwIfAborted(signal);
  control.progress(0.9);
  if (placement) bytes = await addNativeChart(bytes, placement);
  throwIfAborted(signal);
  control.progress(1);
  return bytes;
}
