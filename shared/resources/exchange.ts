import { z } from 'zod';
import { RESOURCE_LANGUAGES } from './resourceTexts';

/**
 * Export and import of a resource's rows as a spreadsheet (server/resources/exchange/).
 * GET /api/<path>/export?format=csv|xlsx&lang=en|zh|es plus the list's filters: the filtered list, headed by
 * the field labels in `lang`, values as people read them (references by name, enum and flag labels).
 * POST /api/<path>/import?mode=preview|keepGood|allOrNothing with one multipart file (CSV or XLSX, as an
 * export writes it): every row checked like a create; bad rows answered with their line and reason.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** preview writes nothing; keepGood writes the good rows; allOrNothing writes every row or, if one is bad, none. */
export const IMPORT_MODES = ['preview', 'keepGood', 'allOrNothing'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** One import holds at most this many rows (a bigger list is split into several files). */
export const IMPORT_MAX_ROWS = 5000;
/** Rows shown in the preview, each with its cells as the file has them. */
export const IMPORT_PREVIEW_ROWS = 20;

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
  lang: z.enum(RESOURCE_LANGUAGES).catch('en').default('en'),
});

export const importQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'mode must be preview, keepGood or allOrNothing' }).default('preview'),
});

/** A bad row: its line in the file (the header is line 1), the field and rule when one is to blame, the reason (English). */
export interface ImportProblem {
  line: number;
  field?: string;
  rule?: string;
  reason: string;
}

export interface ImportPreviewRow {
  line: number;
  /** The cells by field name, as the file has them. */
  cells: Record<string, string>;
}

export interface ImportResult {
  mode: ImportMode;
  /** Data rows in the file. */
  rows: number;
  good: number;
  bad: number;
  /** Rows stored: 0 for a preview, and for allOrNothing when a row is bad. */
  written: number;
  /** The fields the header named, in file order. */
  columns: string[];
  /** Header cells that name no editable field (read-only fields such as the state, or unknown ones). */
  ignoredColumns: string[];
  problems: ImportProblem[];
  preview: ImportPreviewRow[];
}

/** The file-level refusals (40000), word for word. */
export const IMPORT_MESSAGES = {
  noFile: 'Choose a CSV or XLSX file to import',
  notSpreadsheet: 'The file is neither CSV nor XLSX',
  noHeader: 'Line 1 must name the columns, as an export does',
  noRows: 'The file has no rows below its header',
  tooManyRows: `At most ${IMPORT_MAX_ROWS} rows can be imported at once`,
} as const;

/** Multi-valued cells ('refs' fields: a meter's tags) separate their names with this. */
export const LIST_SEPARATOR = ', ';
