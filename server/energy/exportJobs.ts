import { createReadStream, createWriteStream, mkdirSync, rmSync, type ReadStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { INTERVAL_ENERGY_METRIC, type ExportJob, type HistoryMetric, type MeterExportCreate, type MeterRef } from '@shared/schemas';
import type { MeterHistory } from './meterHistory';
import { AppError } from '../http/appError';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';

/** Rows fetched per database round trip while writing a file. */
const PAGE_ROWS = 10_000;
/** A finished file is kept this long for its download, then deleted. */
const KEEP_MS = 60 * 60_000;

interface JobRecord extends ExportJob {
  ownerId: number;
  path: string;
  createdAt: number;
}

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

/** A finished export's file, ready to stream to its downloader. */
export interface ExportDownload {
  contentType: string;
  fileName: string;
  stream: ReadStream;
}

const csvCell = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * Meter history exports run in the background and write to DATA_DIR/exports page by page, so a
 * three-month range of 10-second readings neither blocks the server nor sits in memory; the console
 * polls the job for its progress. Jobs live in this process (a scaled-out install pins exports to one).
 */
export class ExportJobs {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly folder: string;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    dataDir: string,
    private readonly history: MeterHistory,
    private readonly timeZone: string,
  ) {
    this.folder = join(dataDir, 'exports');
    rmSync(this.folder, { recursive: true, force: true });
    mkdirSync(this.folder, { recursive: true });
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  async start(ownerId: number, scope: OwnerScope, request: MeterExportCreate): Promise<ExportJob> {
    const prepared = await this.history.prepare(request, scope); // meter in the tree, range, metric and "no history" checked before a job exists
    const id = randomUUID();
    const fileName = `${prepared.meter.code}_${prepared.metric.code}_${this.stamp(request.from)}_${this.stamp(request.to)}.${request.format}`;
    const job: JobRecord = {
      id,
      state: 'running',
      format: request.format,
      fileName,
      rowsWritten: 0,
      totalRows: prepared.total,
      progress: 0,
      error: null,
      ownerId,
      path: join(this.folder, `${id}.${request.format}`),
      createdAt: Date.now(),
    };
    this.jobs.set(id, job);
    void this.run(job, request, prepared.meter, prepared.metric).catch((error: unknown) => {
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
    });
    return this.view(job);
  }

  /** The job when it exists and its starter is in the caller's tree (`scope`). */
  private find(id: string, scope: OwnerScope): JobRecord | undefined {
    const job = this.jobs.get(id);
    return job && inScope(scope, job.ownerId) ? job : undefined;
  }

  /** The job's progress as its starter's tree sees it; another tree's job is 'No such export'. */
  progress(id: string, scope: OwnerScope): ExportJob {
    const job = this.find(id, scope);
    if (!job) throw new AppError('NOT_FOUND', { message: 'No such export' });
    return this.view(job);
  }

  /** The file of a finished job of the caller's tree; running, failed or unknown jobs have none. */
  download(id: string, scope: OwnerScope): ExportDownload {
    const job = this.find(id, scope);
    if (!job || job.state !== 'done') throw new AppError('NOT_FOUND', { message: 'No finished export with this id' });
    return { contentType: CONTENT_TYPES[job.format], fileName: job.fileName, stream: createReadStream(job.path) };
  }

  private view(job: JobRecord): ExportJob {
    const { ownerId: _owner, path: _path, createdAt: _created, ...visible } = job;
    return visible;
  }

  close(): void {
    clearInterval(this.sweeper);
    rmSync(this.folder, { recursive: true, force: true });
  }

  private async run(job: JobRecord, request: MeterExportCreate, meter: MeterRef, metric: HistoryMetric): Promise<void> {
    const header = ['time', 'timestamp_ms', `${metric.code}${metric.unit ? ` (${metric.unit})` : ''}`];
    // Interval energy says which rows are estimates (completed gaps, server/completion).
    const estimated = metric.code === INTERVAL_ENERGY_METRIC ? new Set(await this.history.estimatedStarts(meter.id, request.from, request.to)) : null;
    if (estimated) header.push('estimated');
    const writer = request.format === 'csv' ? await this.csvWriter(job.path, header) : this.xlsxWriter(job.path, header, meter);
    const localTime = localTimeFormatter(this.timeZone);
    let after = request.from - 1;
    for (;;) {
      const { ts, values } = await this.history.after(meter.id, metric.code, after, request.to, PAGE_ROWS);
      for (let i = 0; i < ts.length; i++) {
        const cells: (string | number)[] = [localTime(ts[i]!), ts[i]!, values[i]!];
        if (estimated) cells.push(estimated.has(ts[i]!) ? 'estimated' : '');
        writer.add(cells);
      }
      job.rowsWritten += ts.length;
      job.progress = job.totalRows ? Math.min(1, job.rowsWritten / job.totalRows) : 1;
      if (ts.length < PAGE_ROWS) break;
      after = ts[ts.length - 1]!;
      await writer.drain();
    }
    await writer.finish();
    job.totalRows = Math.max(job.totalRows, job.rowsWritten);
    job.progress = 1;
    job.state = 'done';
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

  private sweep(now = Date.now()): void {
    for (const [id, job] of this.jobs) {
      if (now - job.createdAt < KEEP_MS || job.state === 'running') continue;
      rmSync(job.path, { force: true });
      this.jobs.delete(id);
    }
  }
}
