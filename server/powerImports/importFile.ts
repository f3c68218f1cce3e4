import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { ImportFileFormat } from '@shared/powerImports/constants';
import { fileRefused } from '../resources/exchange/sheets';

/**
 * An uploaded CSV or XLSX as sheets of text rows, every row kept (the mapping says which one is the header). Read
 * with the same libraries as the resource kit's import (csv-parse, exceljs), but every sheet is kept and an Excel
 * date cell is written as its wall time without a zone (`YYYY-MM-DDThh:mm:ss`): Excel stores no zone, the mapping
 * names the file's.
 */
export interface FileRow {
  /** the file's line (CSV) or the sheet's row number (XLSX), 1-based */
  line: number;
  cells: string[];
}

export interface FileSheet {
  name: string;
  rows: FileRow[];
  /** 0-based columns holding Excel date cells */
  dateColumns: number[];
}

export interface ImportFile {
  format: ImportFileFormat;
  sheets: FileSheet[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
export const isXlsx = (bytes: Buffer): boolean => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

/** A spreadsheet program's guard against formulas (an apostrophe before = + - @) is taken off again. */
const unguard = (cell: string): string => (cell.startsWith("'") && /^[=+\-@]/.test(cell.slice(1)) ? cell.slice(1) : cell);

/** Semicolon-separated files are common where the decimal mark is a comma; the first line tells. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (char: string) => first.split(char).length - 1;
  if (count('\t') > count(',') && count('\t') > count(';')) return '\t';
  return count(';') > count(',') ? ';' : ',';
}

function readCsv(bytes: Buffer): ImportFile {
  const text = bytes.toString('utf8');
  if (text.includes('\u0000')) throw fileRefused('The file is neither a CSV nor an XLSX workbook');
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(bytes, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as typeof records;
  } catch (error) {
    throw fileRefused(`The CSV cannot be read: ${(error as Error).message}`);
  }
  // info.lines is where a record ends; a quoted cell may span lines, so count back to where it starts.
  const startLine = ({ info, raw }: (typeof records)[number]) =>
    info.lines -
    (raw
      .replace(/^[\r\n]+/, '')
      .replace(/\r?\n$/, '')
      .match(/\n/g)?.length ?? 0);
  return {
    format: 'csv',
    sheets: [{ name: 'CSV', rows: records.map((entry) => ({ line: startLine(entry), cells: entry.record.map(unguard) })), dateColumns: [] }],
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** An Excel date (exceljs gives it as a Date whose UTC fields are the cell's wall time). */
function wallText(date: Date): string {
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

function cellText(cell: ExcelJS.Cell): { text: string; date: boolean } {
  const value = cell.value;
  if (value === null || value === undefined) return { text: '', date: false };
  if (value instanceof Date) return { text: wallText(value), date: true };
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    if (result instanceof Date) return { text: wallText(result), date: true };
    return { text: result === undefined || result === null || typeof result === 'object' ? '' : String(result), date: false };
  }
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), date: false };
  if (typeof value === 'object' && 'richText' in value) return { text: value.richText.map((part) => part.text).join(''), date: false };
  return { text: cell.text, date: false };
}

async function readXlsx(bytes: Buffer): Promise<ImportFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileRefused('The file is neither a CSV nor an XLSX workbook');
  }
  const sheets = workbook.worksheets.map((sheet): FileSheet => {
    const rows: FileRow[] = [];
    const dateColumns = new Set<number>();
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        const { text, date } = cellText(cell);
        cells[column - 1] = text;
        if (date) dateColumns.add(column - 1);
      });
      const filled = Array.from(cells, (cell) => cell ?? '');
      if (filled.some((cell) => cell.trim() !== '')) rows.push({ line: row.number, cells: filled });
    });
    return { name: sheet.name, rows, dateColumns: [...dateColumns].sort((a, b) => a - b) };
  });
  return { format: 'xlsx', sheets };
}

/** An upload → its sheets; XLSX by its bytes (a ZIP), anything else read as UTF-8 CSV. */
export function readImportFile(bytes: Buffer): Promise<ImportFile> {
  return isXlsx(bytes) ? readXlsx(bytes) : Promise.resolve(readCsv(bytes));
}

/** The sheet a mapping names (the first when it names none); a missing sheet refuses the request. */
export function sheetOf(file: ImportFile, name: string | undefined): FileSheet {
  if (file.format === 'csv' || name === undefined || name === '') {
    const first = file.sheets[0];
    if (!first) throw fileRefused('The workbook has no sheet');
    return first;
  }
  const sheet = file.sheets.find((candidate) => candidate.name === name);
  if (!sheet) throw fileRefused(`The workbook has no sheet named "${name}"`);
  return sheet;
}
