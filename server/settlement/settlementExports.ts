import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
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
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ExportFiles } from '../files/exportFiles';
import type { OwnerScope } from '../tenancy/ownerScope';
import type { SettlementCloses } from './settlementCloses';
import { monthRange } from './periods';

type ExportRequest = z.output<typeof settlementExportSchema>;
const TEXTS = { en: settlementEn, zh: settlementZh, es: settlementEs } as const;
export interface SettlementDownload {
  contentType: string;
  fileName: string;
  bytes: Buffer;
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
 * sheet by sheet to a scratch file; the console polls the job's progress and downloads the file. The job and the
 * finished file live in the database (server/files/exportFiles.ts), so any process reports and serves them.
 */
export class SettlementExports {
  private readonly store: ExportFiles;

  constructor(
    db: Kysely<Database>,
    dataDir: string,
    private readonly closes: SettlementCloses,
  ) {
    this.store = new ExportFiles(db, 'settlement', dataDir);
  }

  async start(ownerId: number, scope: OwnerScope, request: ExportRequest): Promise<SettlementExportJob> {
    const { from, to } = request.month ? monthRange(request.month) : { from: request.from!, to: request.to! };
    const id = randomUUID();
    const period = request.month ?? `${from}_${to}`;
    const fileName = `settlement_${request.by}_${period}.${request.format}`;
    await this.store.create({ id, ownerId, format: request.format, fileName });
    void this.store.run(id, request.format, () => this.write(id, scope, request, from, to));
    return { id, state: 'running', format: request.format, fileName, progress: 0, error: null };
  }

  async progress(id: string, scope: OwnerScope): Promise<SettlementExportJob> {
    const job = await this.store.find(id, scope);
    if (!job) throw new AppError('NOT_FOUND', { message: 'No such export' });
    const { rowsWritten: _written, totalRows: _total, ...visible } = job;
    return visible;
  }

  async download(id: string, scope: OwnerScope): Promise<SettlementDownload> {
    const file = await this.store.file(id, scope);
    return { contentType: CONTENT_TYPES[file.format], fileName: file.fileName, bytes: file.bytes };
  }

  close(): void {
    this.store.close();
  }

  private async write(id: string, scope: OwnerScope, request: ExportRequest, from: string, to: string): Promise<void> {
    const path = this.store.pathOf(id, request.format);
    await this.store.progress(id, { progress: 0.05 });
    const figures = await this.closes.figures(scope, {
      ...(request.month ? { month: request.month } : { from, to }),
      by: request.by,
      departmentIds: request.departmentIds,
    });
    await this.store.progress(id, { progress: 0.5 });
    const tables = sheetTables(figures, request.lang);
    const rowCount = Math.max(
      1,
      tables.reduce((sum, table) => sum + table.rows.length, 0),
    );
    let written = 0;
    const advance = async (rows: number) => {
      written += rows;
      await this.store.progress(id, { progress: 0.5 + 0.5 * Math.min(1, written / rowCount) });
    };
    if (request.format === 'csv') await this.writeCsv(path, tables, request.lang, advance);
    else await this.writeXlsx(path, tables, advance);
  }

  private async writeCsv(path: string, tables: SheetTable[], lang: keyof typeof TEXTS, advance: (rows: number) => Promise<void>): Promise<void> {
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
      await advance(table.rows.length);
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

  private async writeXlsx(path: string, tables: SheetTable[], advance: (rows: number) => Promise<void>): Promise<void> {
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
      await advance(table.rows.length);
      sheet.commit();
    }
    await workbook.commit();
  }
}
