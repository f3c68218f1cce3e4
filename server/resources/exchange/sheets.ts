import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { IMPORT_MESSAGES, type ExportFormat } from '@shared/resources';
import { AppError } from '../../http/appError';

/** A data row of an uploaded sheet: its line in the file (the header is line 1) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

/** A refusal of the whole file (40000) with its message word for word. */
export const fileRefused = (message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, data: { issues: [{ field: 'file', rule: 'file', message }] } });

/** A spreadsheet program runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** CSV text cells that a spreadsheet would run as a formula get a leading apostrophe; numbers stay numbers. */
export const guardFormula = (cell: string | number): string | number => (typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell);

/** What guardFormula added is taken off again on import, so an export imports as it was. */
const unguard = (cell: string): string => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Buffer): boolean => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

function readCsv(bytes: Buffer): Sheet {
  const text = bytes.toString('utf8');
  // Text with NUL or other binary bytes is not a CSV (an image, a .xls of the old format).
  if (text.includes('\u0000')) throw fileRefused(IMPORT_MESSAGES.notSpreadsheet);
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, raw: true }) as unknown as typeof records;
  } catch (error) {
    throw fileRefused(`The CSV cannot be read: ${(error as Error).message}`);
  }
  // info.lines is the line a record ends on; a quoted cell may span lines, so count back to where it starts.
  const startLine = ({ info, raw }: (typeof records)[number]) =>
    info.lines -
    (raw
      .replace(/^[\r\n]+/, '')
      .replace(/\r?\n$/, '')
      .match(/\n/g)?.length ?? 0);
  const [head, ...body] = records;
  return {
    header: head?.record ?? [],
    rows: body.map((entry) => ({ line: startLine(entry), cells: entry.record.map(unguard) })),
  };
}

/** A cell of a worksheet as the text it shows: dates as YYYY-MM-DD (or ISO 8601 with a time), formulas by their result. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object' && 'result' in value) return value.result === undefined || value.result === null ? '' : String(value.result);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return cell.text;
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileRefused(IMPORT_MESSAGES.notSpreadsheet);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const rows: SheetRow[] = [];
  let header: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell)));
    const filled = Array.from(cells, (cell) => cell ?? '');
    if (row.number === 1) header = filled;
    else if (filled.some((cell) => cell.trim() !== '')) rows.push({ line: row.number, cells: filled });
  });
  return { header, rows };
}

/** An uploaded file → its header and rows; XLSX by its bytes (a ZIP), anything else read as UTF-8 CSV. */
export function readSheet(bytes: Buffer): Promise<Sheet> {
  return isZip(bytes) ? readXlsx(bytes) : Promise.resolve(readCsv(bytes));
}

/** Writes a header and rows, streamed as they come, as CSV (UTF-8 with BOM, CRLF, RFC 4180 quoting) or XLSX. */
export function sheetStream(format: ExportFormat, header: string[], rows: AsyncIterable<(string | number)[][]>): Readable {
  const out = new PassThrough();
  const fail = (error: unknown) => out.destroy(error as Error);
  if (format === 'csv') {
    const csv = stringify({ record_delimiter: 'windows', bom: true, cast: { number: (value) => String(value) } });
    csv.on('error', fail);
    csv.pipe(out);
    void (async () => {
      csv.write(header.map(guardFormula));
      for await (const batch of rows)
        for (const row of batch) if (!csv.write(row.map(guardFormula))) await new Promise((resolve) => csv.once('drain', resolve));
      csv.end();
    })().catch(fail);
    return out;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title) => ({ header: title, width: Math.min(40, Math.max(12, title.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const batch of rows) for (const row of batch) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch(fail);
  return out;
}
