import type { ReportFormat } from '@shared/reports/constants';
import type { Paper } from '@shared/reports/spec';
import { REPORT_CONTENT_TYPES, type RenderControl, type RenderedReport, type ReportTable } from '@shared/reports/table';

/** The paper a PDF is laid out on when neither the run nor the definition says. */
export const DEFAULT_PAPER: Paper = { size: 'A4', orientation: 'landscape' };

/**
 * One computed table as a file of the format asked for. Every renderer works from the same ReportTable, so the
 * web view, CSV, XLSX and PDF of a run show the same figures. A stopped signal ends the work with its reason. Each
 * renderer is loaded on first use: PDF fonts and the XLSX writer cost nothing in a process that never renders them.
 */
export async function renderReport(table: ReportTable, format: ReportFormat, control: RenderControl, paper: Paper | null = null): Promise<RenderedReport> {
  control.signal.throwIfAborted();
  let bytes: Buffer;
  switch (format) {
    case 'csv':
      bytes = (await import('./csv')).renderCsv(table);
      control.progress(1);
      break;
    case 'xlsx':
      bytes = await (await import('./xlsx')).renderXlsx(table, control);
      break;
    case 'pdf':
      bytes = await (await import('./pdf')).renderPdf(table, control, paper ?? DEFAULT_PAPER);
      break;
  }
  control.signal.throwIfAborted();
  return { format, bytes, contentType: REPORT_CONTENT_TYPES[format] };
}

/** The extension of a format's files. */
export const REPORT_EXTENSIONS: Record<ReportFormat, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' };
