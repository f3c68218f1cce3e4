import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { INTERVAL_ENERGY_METRIC, type ExportJob, type HistoryMetric, type MeterExportCreate, type MeterRef } from '@shared/schemas';
import type { MeterHistory } from './meterHistory';
import { AppError } from '../http/appError';
import type { OwnerScope } from '../tenancy/ownerScope';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ExportFiles } from '../files/exportFiles';

/** Rows fetched per database round trip while writing a file. */
const PAGE_ROWS = 10_000;
/** "2026-11-10 08:15:00" in the site's zone: how the control room reads times. */
function localTimeFormatter(timeZone: string): (ts: number) => string {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (ts) => format.format(ts);
}

const CONTENT_TYPES: Record<ExportJob['format'], string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A finished export's file, ready to send to its downloader. */
export interface ExportDownload {
  contentType: string;
  fileName: string;
  bytes: Buffer;
}

const csvCell = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Meter history exports run in the background and write page by page to a scratch file, so a three-month range
 * of 10-second readings neither blocks the server nor sits in memory; the console polls the job for its progress.
 * The job and the finished file live in the database (server/files/exportFiles.ts): any process reports the
 * progress and serves the download, whichever process wrote it.
 */
export class ExportJobs {
  private readonly store: ExportFiles;

  constructor(
    db: Kysely<Database>,
    dataDir: string,
    private readonly history: MeterHistory,
    private readonly timeZone: string,
  ) {
    this.store = new ExportFiles(db, 'meterHistory', dataDir);
  }

  async start(ownerId: number, scope: OwnerScope, request: MeterExportCreate): Promise<ExportJob> {
    const prepared = await this.history.prepare(request, scope); // meter in the tree, range, metric and "no history" checked before a job exists
    const id = randomUUID();
    const fileName = `${prepared.meter.code}_${prepared.metric.code}_${this.stamp(request.from)}_${this.stamp(request.to)}.${request.format}`;
    await this.store.create({ id, ownerId, format: request.format, fileName, totalRows: prepared.total });
    void this.store.run(id, request.format, () => this.write(id, prepared.total, request, prepared.meter, prepared.metric));
    return { id, state: 'running', format: request.format, fileName, rowsWritten: 0, totalRows: prepared.total, progress: 0, error: null };
  }

  /** The job's progress as its starter's tree sees it; another tree's job is 'No such export'. */
  async progress(id: string, scope: OwnerScope): Promise<ExportJob> {
    const job = await this.store.find(id, scope);
    if (!job) throw new AppError('NOT_FOUND', { message: 'No such export' });
    return job;
  }

  /** The file of a finished job of the caller's tree; running, failed or unknown jobs have none. */
  async download(id: string, scope: OwnerScope): Promise<ExportDownload> {
    const file = await this.store.file(id, scope);
    return { contentType: CONTENT_TYPES[file.format], fileName: file.fileName, bytes: file.bytes };
  }

  close(): void {
    this.store.close();
  }

  private async write(id: string, total: number, request: MeterExportCreate, meter: MeterRef, metric: HistoryMetric): Promise<{ totalRows: number }> {
    const path = this.store.pathOf(id, request.format);
    const header = ['time', 'timestamp_ms', `${metric.code}${metric.unit ? ` (${metric.unit})` : ''}`];
    // Interval energy says which rows are estimates (completed gaps, server/completion).
    const estimated = metric.code === INTERVAL_ENERGY_METRIC ? new Set(await this.history.estimatedStarts(meter.id, request.from, request.to)) : null;
    if (estimated) header.push('estimated');
    const writer = request.format === 'csv' ? await this.csvWriter(path, header) : this.xlsxWriter(path, header, meter);
    const localTime = localTimeFormatter(this.timeZone);
    let after = request.from - 1;
    let written = 0;
    for (;;) {
      const { ts, values } = await this.history.after(meter.id, metric.code, after, request.to, PAGE_ROWS);
      for (let i = 0; i < ts.length; i++) {
        const cells: (string | number)[] = [localTime(ts[i]!), ts[i]!, values[i]!];
        if (estimated) cells.push(estimated.has(ts[i]!) ? 'estimated' : '');
        writer.add(cells);
      }
      written += ts.length;
      if (ts.length < PAGE_ROWS) break;
      await this.store.progress(id, { rowsWritten: written, progress: total ? Math.min(1, written / total) : 1 });
      after = ts[ts.length - 1]!;
      await writer.drain();
    }
    await writer.finish();
    await this.store.progress(id, { rowsWritten: written, progress: 1 });
    return { totalRows: Math.max(total, written) };
  }

  private async csvWriter(path: string, header: string[]) {
    const stream = createWriteStream(path);
    // A byte-order mark so Excel opens the UTF-8 units (m³) correctly.
    stream.write(`\uFEFF${header.map(csvCell).join(',')}\r\n`);
    let pending = '';
    return {
      add: (cells: (string | number)[]) => {
        pending += `${cells.map((cell) => csvCell(String(cell))).join(',')}\r\n`;
      },
      drain: async () => {
        if (!stream.write(pending)) await once(stream, 'drain');
        pending = '';
      },
      finish: async () => {
        stream.end(pending);
        await once(stream, 'finish');
      },
    };
  }

  private xlsxWriter(path: string, header: string[], meter: MeterRef) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
    const sheet = workbook.addWorksheet(meter.code.slice(0, 31));
    sheet.columns = [
      { header: header[0], width: 21 },
      { header: header[1], width: 16 },
      { header: header[2], width: 16 },
      ...(header[3] ? [{ header: header[3], width: 12 }] : []),
    ];
    return {
      add: (cells: (string | number)[]) => sheet.addRow(cells).commit(),
      drain: async () => undefined,
      finish: async () => {
        sheet.commit();
        await workbook.commit();
      },
    };
  }

  private stamp(ts: number): string {
    return localTimeFormatter(this.timeZone)(ts).replace(/[-:]/g, '').replace(' ', '-').slice(0, 13);
  }
}
