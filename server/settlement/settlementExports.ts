import { createReadStream, createWriteStream, mkdirSync, rmSync, type ReadStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { BAND_TYPES, BAND_COLOURS, type BandType } from '@shared/tariffs';
import type { SettlementExportJob, SettlementFigures, SettlementLine, SettlementTotal, settlementExportSchema } from '@shared/schemas/settlement';
import { settlementEn } from '@shared/i18n/locales/settlement/en';
import { settlementZh } from '@shared/i18n/locales/settlement/zh';
import { settlementEs } from '@shared/i18n/locales/settlement/es';
import { AppError } from '../http/appError';
import { guardFormula } from '../resources/exchange/sheets';
import { inScope, type OwnerScope } from '../tenancy/ownerScope';
import type { SettlementCloses } from './settlementCloses';
import { monthRange } from './periods';

type ExportRequest = z.output<typeof settlementExportSchema>;
const TEXTS = { en: settlementEn, zh: settlementZh, es: settlementEs } as const;
/** A finished file is kept this long for its download, then deleted. */
const KEEP_MS = 60 * 60_000;

interface JobRecord extends SettlementExportJob {
  ownerId: number;
  path: string;
  createdAt: number;
}

export interface SettlementDownload {
  contentType: string;
  fileName: string;
  stream: ReadStream;
}

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const csvCell = (cell: string | number): string => {
  const text = String(guardFormula(cell));
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? '');
/** Energy as shown in a file: three decimals (the figures keep their full precision until here). */
const energyCell = (value: number) => Math.round(value * 1000) / 1000;
const moneyCell = (minor: number) => minor / 100;
const priceCell = (micro: number | null) => (micro === null ? '' : micro / 1_000_000);

/** One sheet's shape: the header and the rows of one energy type, as the XLSX and the CSV both write them. */
export interface SheetTable {
  energyType: string;
  title: string;
  bands: BandType[];
  header: string[];
  rows: (string | number)[][];
}

/** Tables per energy type: name, per band energy / price / cost, unpriced, tier, apportioned, totals, estimated; a totals row. */
export function sheetTables(figures: SettlementFigures, lang: keyof typeof TEXTS): SheetTable[] {
  const t = TEXTS[lang];
  return figures.totals.map((total) => {
    const lines = figures.lines.filter((line) => line.energyType === total.energyType);
    const bands = BAND_TYPES.filter(
      (band) => total.bands.some((cell) => cell.band === band) || lines.some((line) => line.bands.some((cell) => cell.band === band)),
    );
    const unit = { unit: total.unit };
    const header = [
      figures.by === 'department' ? t.columns.department : t.columns.meter,
      t.columns.code,
      ...bands.flatMap((band) => [
        `${t.bands[band]} ${fill(t.columns.energy, unit)}`,
        `${t.bands[band]} ${t.columns.price}`,
        `${t.bands[band]} ${t.columns.cost}`,
      ]),
      fill(t.columns.unpriced, unit),
      t.columns.tier,
      fill(t.columns.apportionedEnergy, unit),
      t.columns.apportionedCost,
      fill(t.columns.totalEnergy, unit),
      t.columns.totalCost,
      t.columns.estimated,
    ];
    const row = (name: string, code: string, item: SettlementLine | SettlementTotal, tier: number, apportionedEnergy: number, apportionedCost: number) => [
      name,
      code,
      ...bands.flatMap((band) => {
        const cell = item.bands.find((c) => c.band === band);
        return cell ? [energyCell(cell.energy), priceCell(cell.priceMicro), moneyCell(cell.costMinor)] : [0, '', 0];
      }),
      energyCell(item.unpricedEnergy),
      moneyCell(tier),
      energyCell(apportionedEnergy),
      moneyCell(apportionedCost),
      energyCell(item.totalEnergy),
      moneyCell(item.totalCostMinor),
      item.estimated > 0 ? t.table.yes : '',
    ];
    const rows = lines.map((line) =>
      row(line.nested ? `  ${line.name}` : line.name, line.code, line, line.tier.costMinor, line.apportioned.energy, line.apportioned.costMinor),
    );
    rows.push(row(t.columns.total, '', total, total.tierCostMinor, total.apportionedEnergy, total.apportionedCostMinor));
    return { energyType: total.energyType, title: t.energyTypes[total.energyType as keyof typeof t.energyTypes] ?? total.energyType, bands, header, rows };
  });
}

/**
 * Settlement exports run as jobs: the figures are computed (the frozen snapshot for a closed month), then written
 * sheet by sheet to DATA_DIR/settlement-exports; the console polls the job's progress and downloads the file.
 * Jobs live in this process, like the meter exports (server/energy/exportJobs.ts).
 */
export class SettlementExports {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly folder: string;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    dataDir: string,
    private readonly closes: SettlementCloses,
  ) {
    this.folder = join(dataDir, 'settlement-exports');
    rmSync(this.folder, { recursive: true, force: true });
    mkdirSync(this.folder, { recursive: true });
    this.sweeper = setInterval(() => this.sweep(), 60_000).unref();
  }

  start(ownerId: number, scope: OwnerScope, request: ExportRequest): SettlementExportJob {
    const { from, to } = request.month ? monthRange(request.month) : { from: request.from!, to: request.to! };
    const id = randomUUID();
    const period = request.month ?? `${from}_${to}`;
    const job: JobRecord = {
      id,
      state: 'running',
      format: request.format,
      fileName: `settlement_${request.by}_${period}.${request.format}`,
      progress: 0,
      error: null,
      ownerId,
      path: join(this.folder, `${id}.${request.format}`),
      createdAt: Date.now(),
    };
    this.jobs.set(id, job);
    void this.run(job, scope, request, from, to).catch((error: unknown) => {
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
    });
    return this.view(job);
  }

  progress(id: string, scope: OwnerScope): SettlementExportJob {
    const job = this.find(id, scope);
    if (!job) throw new AppError('NOT_FOUND', { message: 'No such export' });
    return this.view(job);
  }

  download(id: string, scope: OwnerScope): SettlementDownload {
    const job = this.find(id, scope);
    if (!job || job.state !== 'done') throw new AppError('NOT_FOUND', { message: 'No finished export with this id' });
    return { contentType: CONTENT_TYPES[job.format], fileName: job.fileName, stream: createReadStream(job.path) };
  }

  close(): void {
    clearInterval(this.sweeper);
    rmSync(this.folder, { recursive: true, force: true });
  }

  /** Resolves when the job has finished (tests). */
  async settled(id: string): Promise<SettlementExportJob> {
    for (;;) {
      const job = this.jobs.get(id);
      if (!job || job.state !== 'running') return job ? this.view(job) : Promise.reject(new Error('no such job'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private find(id: string, scope: OwnerScope): JobRecord | undefined {
    const job = this.jobs.get(id);
    return job && inScope(scope, job.ownerId) ? job : undefined;
  }

  private view(job: JobRecord): SettlementExportJob {
    const { ownerId: _owner, path: _path, createdAt: _created, ...visible } = job;
    return visible;
  }

  private async run(job: JobRecord, scope: OwnerScope, request: ExportRequest, from: string, to: string): Promise<void> {
    await Promise.resolve();
    job.progress = 0.05;
    const figures = await this.closes.figures(scope, {
      ...(request.month ? { month: request.month } : { from, to }),
      by: request.by,
      departmentIds: request.departmentIds,
    });
    job.progress = 0.5;
    const tables = sheetTables(figures, request.lang);
    const rowCount = Math.max(
      1,
      tables.reduce((sum, table) => sum + table.rows.length, 0),
    );
    let written = 0;
    const advance = (rows: number) => {
      written += rows;
      job.progress = 0.5 + 0.5 * Math.min(1, written / rowCount);
    };
    if (request.format === 'csv') await this.writeCsv(job.path, tables, request.lang, advance);
    else await this.writeXlsx(job.path, tables, advance);
    job.progress = 1;
    job.state = 'done';
  }

  private async writeCsv(path: string, tables: SheetTable[], lang: keyof typeof TEXTS, advance: (rows: number) => void): Promise<void> {
    const stream = createWriteStream(path);
    const t = TEXTS[lang];
    // One table: an energy-type column first, then each sheet's columns (bands differ between types: the union).
    const bands = BAND_TYPES.filter((band) => tables.some((table) => table.bands.includes(band)));
    const widest = tables.find((table) => table.bands.length === bands.length) ?? tables[0];
    const header = [t.columns.energyType, ...(widest ? this.unionHeader(widest, bands) : [])];
    stream.write(`\uFEFF${header.map(csvCell).join(',')}\r\n`);
    for (const table of tables) {
      let chunk = '';
      for (const row of table.rows) chunk += `${[table.title, ...this.spread(row, table.bands, bands)].map(csvCell).join(',')}\r\n`;
      if (!stream.write(chunk)) await once(stream, 'drain');
      advance(table.rows.length);
    }
    stream.end();
    await once(stream, 'finish');
  }

  /** The header of `table` with every band of `bands` (units of the widest table). */
  private unionHeader(table: SheetTable, bands: BandType[]): string[] {
    return this.spread(table.header, table.bands, bands).map(String);
  }

  /** A row laid out for `bands`: a band the row's table lacks gets empty cells. */
  private spread(row: (string | number)[], own: BandType[], bands: BandType[]): (string | number)[] {
    const head = row.slice(0, 2);
    const tail = row.slice(2 + own.length * 3);
    const middle = bands.flatMap((band) => {
      const index = own.indexOf(band);
      return index < 0 ? ['', '', ''] : row.slice(2 + index * 3, 5 + index * 3);
    });
    return [...head, ...middle, ...tail];
  }

  private async writeXlsx(path: string, tables: SheetTable[], advance: (rows: number) => void): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
    if (tables.length === 0) workbook.addWorksheet('-').commit();
    for (const table of tables) {
      const sheet = workbook.addWorksheet(table.title.slice(0, 31));
      sheet.columns = table.header.map((header, index) => ({ header, width: index === 0 ? 24 : index === 1 ? 12 : 16 }));
      const headerRow = sheet.getRow(1);
      headerRow.font = { bold: true };
      table.bands.forEach((band, index) => {
        for (let k = 0; k < 3; k++) {
          headerRow.getCell(3 + index * 3 + k).fill = {
            type: 'pattern',
            pattern: 'solid',
            fgColor: { argb: `FF${BAND_COLOURS[band].slice(1).toUpperCase()}` },
          };
        }
      });
      headerRow.commit();
      table.rows.forEach((cells, rowIndex) => {
        const row = sheet.addRow(cells.map((cell) => (cell === '' ? null : cell)));
        table.bands.forEach((_band, index) => {
          row.getCell(3 + index * 3).numFmt = '#,##0.000';
          row.getCell(4 + index * 3).numFmt = '0.000000';
          row.getCell(5 + index * 3).numFmt = '#,##0.00';
        });
        const tail = 3 + table.bands.length * 3;
        row.getCell(tail).numFmt = '#,##0.000';
        row.getCell(tail + 1).numFmt = '#,##0.00';
        row.getCell(tail + 2).numFmt = '#,##0.000';
        row.getCell(tail + 3).numFmt = '#,##0.00';
        row.getCell(tail + 4).numFmt = '#,##0.000';
        row.getCell(tail + 5).numFmt = '#,##0.00';
        if (rowIndex === table.rows.length - 1) row.font = { bold: true };
        row.commit();
      });
      advance(table.rows.length);
      sheet.commit();
    }
    await workbook.commit();
  }

  private sweep(now = Date.now()): void {
    for (const [id, job] of this.jobs) {
      if (now - job.createdAt < KEEP_MS || job.state === 'running') continue;
      rmSync(job.path, { force: true });
      this.jobs.delete(id);
    }
  }
}
