import type {
  FuelKind,
  FuelUnit,
  ImportBatchState,
  ImportDateFormat,
  ImportFileFormat,
  ImportKind,
  ImportObjectKind,
  ImportRowErrorReason,
  PowerUnit,
} from './constants';
import type { ImportMapping } from './schemas';

/**
 * The contract of imported power and fuel data. Every answer comes in the usual envelope `{ code, data, message }`;
 * the types below are `data`. Times are epoch ms; days are YYYY-MM-DD in the server's TIME_ZONE.
 *
 * Steps (same for both kinds, `{base}` = `/api/power-imports` or `/api/fuel-imports`):
 *   1. POST   {base}/uploads               multipart, field `file` (CSV or XLSX, ≤ IMPORT_MAX_BYTES) → UploadInspection
 *   2. GET    {base}/uploads/:id           the same inspection again (while the upload has not expired)
 *   3. POST   {base}/preview               { uploadId, mapping } → PowerPreview | FuelPreview (nothing stored)
 *   4. POST   {base}/batches               { uploadId, mapping } → ImportBatchView (state queued; poll it)
 *   5. GET    {base}/batches/:id           → ImportBatchView (progress: rowsDone / totalRows)
 *      GET    {base}/batches              ?page&size&state → Page<ImportBatchView>, newest first
 *      GET    {base}/batches/:id/errors   ?page&size → Page<ImportRowError>
 *      GET    {base}/batches/:id/rows     ?page&size → Page<PowerRowView> | Page<FuelRowView>
 *      DELETE {base}/batches/:id          undo: rows deleted, the batch kept as 'undone' with who and when → ImportBatchView
 * Fuel only:
 *      GET    /api/fuel-imports/summary   ?from&to&fuel&objectKind → FuelSummary
 *      GET    /api/fuel-factors           → FuelFactorsView
 *      POST   /api/fuel-factors           FuelFactorBody → FuelFactorView
 *      PUT    /api/fuel-factors/:id       FuelFactorBody → FuelFactorView
 *      DELETE /api/fuel-factors/:id       → null
 *
 * Permissions: reads need the screen's menu permission (power: /power-comparison/power-data-import, fuel:
 * /power-comparison/oil-hydrogen-data-import); upload, preview and import its `add` or `import` button; undo its
 * `delete` button; fuel factor writes the fuel screen's `edit` button.
 */
export const POWER_IMPORTS_API = '/api/power-imports';
export const FUEL_IMPORTS_API = '/api/fuel-imports';
export const FUEL_FACTORS_API = '/api/fuel-factors';

export const importApiBase = (kind: ImportKind): string => (kind === 'power' ? POWER_IMPORTS_API : FUEL_IMPORTS_API);

export interface ImportColumn {
  /** 0-based position: what a mapping names */
  index: number;
  /** the header row's text, or the spreadsheet letter ('Column C') when blank */
  name: string;
}

export interface InspectedSheet {
  name: string;
  /** data rows below the first row */
  rowCount: number;
  /** from the sheet's first row */
  columns: ImportColumn[];
  /** the first rows as text, header row included (cells of dates as ISO text, Excel serials as written) */
  rows: string[][];
  /** per column: whether its first data cells are Excel date cells (so the console can propose `excel`) */
  dateColumns: number[];
}

export interface UploadInspection {
  uploadId: number;
  kind: ImportKind;
  fileName: string;
  format: ImportFileFormat;
  sizeBytes: number;
  expiresAt: number;
  sheets: InspectedSheet[];
  /** a guess at the date format of the first data row's first date-like column, or null */
  suggestedDateFormat: ImportDateFormat | null;
}

/** A rejected row. `line` is the file's line (CSV) or sheet row (XLSX), 1-based, header included. */
export interface ImportRowError {
  line: number;
  reason: ImportRowErrorReason;
  /** the mapped column's header the problem is in, '' when not one column */
  column: string;
  /** the offending cell as text */
  value: string;
  /** an English sentence; the console translates by `reason` */
  detail: string;
  /** overlapsImported: the batch already holding the period */
  otherBatchId: number | null;
  /** duplicateInFile: the earlier line of the file with the period */
  otherLine: number | null;
}

export interface ImportObjectRef {
  objectKind: ImportObjectKind;
  objectId: number;
  code: string;
  name: string;
}

export interface PowerRowView extends ImportObjectRef {
  line: number;
  periodStart: number;
  periodEnd: number;
  /** as the file gave it */
  value: number;
  unit: PowerUnit;
  kwh: number;
}

/** The factor version a conversion used: a built-in default (id null) or a tree's version. */
export interface FuelFactorRef {
  id: number | null;
  fuel: FuelKind;
  /** null for the built-in default */
  validFrom: string | null;
  builtIn: boolean;
}

export interface FuelRowView extends ImportObjectRef {
  line: number;
  fuel: FuelKind;
  periodStart: number;
  periodEnd: number;
  quantity: number;
  unit: FuelUnit;
  kg: number;
  kwh: number;
  kgce: number;
  co2Kg: number;
  factor: FuelFactorRef;
}

export type ErrorCounts = Partial<Record<ImportRowErrorReason, number>>;

interface PreviewBase {
  totalRows: number;
  goodRows: number;
  badRows: number;
  byReason: ErrorCounts;
  /** up to PREVIEW_MAX_ERRORS, in line order */
  errors: ImportRowError[];
  errorsTruncated: boolean;
  /** earliest start and latest end of the good rows, null when none */
  periodFrom: number | null;
  periodTo: number | null;
  /** distinct objects among the good rows */
  objects: number;
}

export interface PowerPreview extends PreviewBase {
  kind: 'power';
  /** the first PREVIEW_SAMPLE_ROWS good rows, normalised */
  sample: PowerRowView[];
  totalKwh: number;
}

export interface FuelPreview extends PreviewBase {
  kind: 'fuel';
  sample: FuelRowView[];
  /** per fuel over the good rows */
  totals: FuelTotals[];
}

export interface ImportProgress {
  state: ImportBatchState;
  totalRows: number;
  rowsDone: number;
  importedRows: number;
  rejectedRows: number;
}

export interface ImportBatchView {
  id: number;
  kind: ImportKind;
  fileName: string;
  sheet: string;
  mapping: ImportMapping;
  progress: ImportProgress;
  /** kWh for power; for fuel, the summed quantities as given */
  totalValue: number;
  periodFrom: number | null;
  periodTo: number | null;
  /** a failed job's reason */
  error: string | null;
  createdAt: number;
  createdBy: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  undoneAt: number | null;
  undoneBy: string | null;
  /** when the comparison looked at the batch; null until then */
  comparedAt: number | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export interface FuelTotals {
  fuel: FuelKind;
  kg: number;
  kwh: number;
  kgce: number;
  co2Kg: number;
}

export interface FuelSummaryRow extends ImportObjectRef {
  fuel: FuelKind;
  rows: number;
  /** the quantities as given, per unit */
  quantities: { unit: FuelUnit; quantity: number }[];
  kg: number;
  kwh: number;
  kgce: number;
  co2Kg: number;
  /** every factor version the rows were converted with */
  factors: FuelFactorRef[];
}

export interface FuelSummary {
  from: string;
  to: string;
  rows: FuelSummaryRow[];
  totals: FuelTotals[];
}

export interface FuelFactorView {
  /** null for a built-in default */
  id: number | null;
  fuel: FuelKind;
  /** null: the built-in default, valid before any version of the tree */
  validFrom: string | null;
  builtIn: boolean;
  ncvMjPerKg: number;
  /** ncvMjPerKg / 3.6 */
  kwhPerKg: number;
  kgcePerKg: number;
  co2KgPerKg: number;
  densityKgPerL: number | null;
  densityKgPerNm3: number | null;
  /** where each figure comes from */
  source: string;
  note: string;
  updatedAt: number | null;
}

export interface FuelFactorsView {
  /** per fuel: the built-in default first, then the tree's versions by validFrom */
  fuels: { fuel: FuelKind; versions: FuelFactorView[] }[];
}
