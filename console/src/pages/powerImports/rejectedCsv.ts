import type { TFunction } from 'i18next';
import type { ImportBatchView, ImportRowError } from '@shared/powerImports/api';
import type { ImportsApi } from './importsApi';
import { reasonText } from './reasonText';

/** Rows per request when collecting a batch's rejected rows (the route's largest page). */
const PAGE = 500;

/** A CSV cell: quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused for spreadsheets. */
export function csvCell(text: string): string {
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rejected rows as CSV (BOM first, so Excel reads Chinese): line, column, value, reason in the reader's language. */
export function rejectedRowsCsv(t: TFunction, errors: readonly ImportRowError[]): string {
  const header = [t('powerImports.csv.line'), t('powerImports.csv.column'), t('powerImports.csv.value'), t('powerImports.csv.reason')];
  const lines = [header, ...errors.map((error) => [String(error.line), error.column, error.value, reasonText(t, error)])];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Every rejected row of a batch, page by page. */
export async function allRejectedRows(api: Pick<ImportsApi, 'errors'>, batchId: number): Promise<ImportRowError[]> {
  const rows: ImportRowError[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.errors(batchId, { page, size: PAGE });
    rows.push(...answer.items);
    if (answer.items.length < PAGE || rows.length >= answer.total) return rows;
  }
}

/** `readings.xlsx` → `readings-rejected.csv`. */
export const rejectedFileName = (t: TFunction, batch: Pick<ImportBatchView, 'fileName' | 'id'>): string =>
  `${batch.fileName.replace(/\.[^.]+$/, '') || `import-${batch.id}`}-${t('powerImports.csv.fileSuffix')}.csv`;
