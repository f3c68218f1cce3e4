import type { Kysely } from 'kysely';
import type { ErrorCounts, FuelPreview, FuelRowView, ImportRowError, PowerPreview, PowerRowView } from '@shared/powerImports/api';
import { PREVIEW_MAX_ERRORS, PREVIEW_SAMPLE_ROWS, type ImportKind } from '@shared/powerImports/constants';
import type { FuelFactorVersion } from '@shared/powerImports/fuelFactors';
import type { FuelMapping, ImportMapping, PowerMapping } from '@shared/powerImports/schemas';
import type { Database } from '../db/schema';
import type { OwnerScope } from '../tenancy/ownerScope';
import { convertAt, FuelTotalsBuilder } from './fuelConversion';
import { sheetOf, type ImportFile } from './importFile';
import { ImportObjects } from './importObjects';
import { rejectDuplicatesInFile, rejectOverlapsImported } from './overlaps';
import { readFuelRows, readPowerRows, rowError, type FuelCandidate, type PowerCandidate } from './readRows';

/** A fuel candidate with its conversion by the factor version valid on its start day. */
export type ConvertedFuel = FuelCandidate & Omit<FuelRowView, keyof FuelCandidate | 'objectKind' | 'objectId' | 'code' | 'name'>;

export type Validated =
  | { kind: 'power'; total: number; good: PowerCandidate[]; errors: ImportRowError[] }
  | { kind: 'fuel'; total: number; good: ConvertedFuel[]; errors: ImportRowError[] };

/**
 * Every row of a mapped file judged, in this order: what the row itself shows (object, dates, number, sign, fuel
 * and unit), then overlaps with another row of the file, then overlaps with rows already imported. Errors come
 * back in line order; the good rows are what an import stores.
 */
export async function validateFile(
  db: Kysely<Database>,
  request: { kind: ImportKind; scope: OwnerScope; file: ImportFile; mapping: ImportMapping; versions: readonly FuelFactorVersion[]; timeZone: string },
): Promise<Validated> {
  const { kind, scope, file, mapping } = request;
  const sheet = sheetOf(file, mapping.sheet);
  const objects = await ImportObjects.load(db, scope);
  const byLine = (a: ImportRowError, b: ImportRowError) => a.line - b.line;
  if (kind === 'power') {
    const read = readPowerRows(sheet, mapping as PowerMapping, objects);
    const inFile = rejectDuplicatesInFile(read.candidates);
    const stored = await rejectOverlapsImported(db, 'power', inFile.kept);
    return { kind, total: read.total, good: stored.kept, errors: [...read.errors, ...inFile.errors, ...stored.errors].sort(byLine) };
  }
  const read = readFuelRows(sheet, mapping as FuelMapping, objects);
  const converted: ConvertedFuel[] = [];
  const errors = [...read.errors];
  for (const candidate of read.candidates) {
    const conversion = convertAt(candidate, request.versions, request.timeZone);
    if ('reason' in conversion) errors.push(rowError(candidate.line, 'badUnit', conversion.reason, { value: candidate.unit }));
    else converted.push({ ...candidate, ...conversion });
  }
  const inFile = rejectDuplicatesInFile(converted);
  const stored = await rejectOverlapsImported(db, 'fuel', inFile.kept);
  return { kind, total: read.total, good: stored.kept, errors: [...errors, ...inFile.errors, ...stored.errors].sort(byLine) };
}

export const powerRowView = (row: PowerCandidate): PowerRowView => ({
  ...row.object,
  line: row.line,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  value: row.value,
  unit: row.unit,
  kwh: row.kwh,
});

export const fuelRowView = (row: ConvertedFuel): FuelRowView => ({
  ...row.object,
  line: row.line,
  fuel: row.fuel,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  quantity: row.quantity,
  unit: row.unit,
  kg: row.kg,
  kwh: row.kwh,
  kgce: row.kgce,
  co2Kg: row.co2Kg,
  factor: row.factor,
});

function counts(errors: readonly ImportRowError[]): ErrorCounts {
  const byReason: ErrorCounts = {};
  for (const error of errors) byReason[error.reason] = (byReason[error.reason] ?? 0) + 1;
  return byReason;
}

/** The preview's answer: counts, the first errors and a normalised sample. Nothing is stored. */
export function previewOf(validated: Validated): PowerPreview | FuelPreview {
  const good = validated.good as (PowerCandidate | ConvertedFuel)[];
  const base = {
    totalRows: validated.total,
    goodRows: good.length,
    badRows: validated.errors.length,
    byReason: counts(validated.errors),
    errors: validated.errors.slice(0, PREVIEW_MAX_ERRORS),
    errorsTruncated: validated.errors.length > PREVIEW_MAX_ERRORS,
    periodFrom: good.reduce<number | null>((min, row) => (min === null || row.periodStart < min ? row.periodStart : min), null),
    periodTo: good.reduce<number | null>((max, row) => (max === null || row.periodEnd > max ? row.periodEnd : max), null),
    objects: new Set(good.map((row) => `${row.object.objectKind}:${row.object.objectId}`)).size,
  };
  if (validated.kind === 'power') {
    return {
      kind: 'power',
      ...base,
      sample: validated.good.slice(0, PREVIEW_SAMPLE_ROWS).map(powerRowView),
      totalKwh: validated.good.reduce((sum, row) => sum + row.kwh, 0),
    };
  }
  const totals = new FuelTotalsBuilder();
  for (const row of validated.good) totals.add(row.fuel, row);
  return { kind: 'fuel', ...base, sample: validated.good.slice(0, PREVIEW_SAMPLE_ROWS).map(fuelRowView), totals: totals.list() };
}
