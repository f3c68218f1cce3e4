import type { ImportObjectRef, ImportRowError } from '@shared/powerImports/api';
import { parseCellDate, periodEndOf } from '@shared/powerImports/cellDates';
import { KWH_PER_POWER_UNIT, UNITS_OF_FUEL, type FuelKind, type FuelUnit, type ImportRowErrorReason, type PowerUnit } from '@shared/powerImports/constants';
import { fuelOfText, fuelUnitOfText } from '@shared/powerImports/fuelFactors';
import type { FuelMapping, PowerMapping } from '@shared/powerImports/schemas';
import type { FileSheet } from './importFile';
import type { ImportObjects } from './importObjects';

/**
 * Each data row of a mapped sheet → a normalised candidate or the reason it is refused. Only what one row shows is
 * judged here; duplicates within the file and overlaps with earlier imports are judged over all rows (overlaps.ts).
 */
interface CandidateBase {
  line: number;
  object: ImportObjectRef;
  periodStart: number;
  periodEnd: number;
}

export interface PowerCandidate extends CandidateBase {
  value: number;
  unit: PowerUnit;
  kwh: number;
}

export interface FuelCandidate extends CandidateBase {
  fuel: FuelKind;
  quantity: number;
  unit: FuelUnit;
}

export interface ReadRows<C> {
  /** data rows (below the header row) */
  total: number;
  candidates: C[];
  errors: ImportRowError[];
}

export const rowError = (
  line: number,
  reason: ImportRowErrorReason,
  detail: string,
  extra: Partial<Pick<ImportRowError, 'column' | 'value' | 'otherBatchId' | 'otherLine'>> = {},
): ImportRowError => ({ line, reason, detail, column: '', value: '', otherBatchId: null, otherLine: null, ...extra });

/**
 * A number as files write it: spaces and thin spaces are ignored; with both `,` and `.` the comma groups thousands
 * (1,234.5); a lone comma is the decimal mark (1234,5).
 */
export function parseNumber(cell: string): number | null {
  let text = cell.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return null;
  if (text.includes(',') && text.includes('.')) text = text.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(text)) text = text.replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

type Mapping = PowerMapping | FuelMapping;

interface Shared {
  line: number;
  object: ImportObjectRef;
  periodStart: number;
  periodEnd: number;
  value: number;
}

/** The parts every kind maps the same way: object, period and value; or the row's error. */
function readShared(cells: string[], line: number, mapping: Mapping, header: string[], objects: ImportObjects): Shared | ImportRowError {
  const cell = (index: number) => (cells[index] ?? '').trim();
  const named = (index: number) => header[index] || `Column ${index + 1}`;
  let object: ImportObjectRef | null;
  if (mapping.object.kind === 'column') {
    const code = cell(mapping.object.column);
    const column = named(mapping.object.column);
    if (code === '') return rowError(line, 'missingValue', `${column} is empty`, { column });
    object = objects.byCode(mapping.object.objectKind, code);
    if (!object) return rowError(line, 'unknownObject', `no ${mapping.object.objectKind} has the code "${code}"`, { column, value: code });
  } else {
    object = objects.byId(mapping.object.objectKind, mapping.object.objectId);
    if (!object) return rowError(line, 'unknownObject', `${mapping.object.objectKind} ${mapping.object.objectId} does not exist`);
  }

  const startColumn = named(mapping.periodStart);
  const startText = cell(mapping.periodStart);
  if (startText === '') return rowError(line, 'missingValue', `${startColumn} is empty`, { column: startColumn });
  const start = parseCellDate(startText, mapping.dateFormat, mapping.timeZone);
  if ('reason' in start) return rowError(line, 'badDate', `${startColumn} "${startText}" ${start.reason}`, { column: startColumn, value: startText });

  let periodEnd: number;
  if (mapping.periodEnd.kind === 'column') {
    const endColumn = named(mapping.periodEnd.column);
    const endText = cell(mapping.periodEnd.column);
    if (endText === '') return rowError(line, 'missingValue', `${endColumn} is empty`, { column: endColumn });
    const end = parseCellDate(endText, mapping.dateFormat, mapping.timeZone);
    if ('reason' in end) return rowError(line, 'badDate', `${endColumn} "${endText}" ${end.reason}`, { column: endColumn, value: endText });
    if (end.at <= start.at)
      return rowError(line, 'endBeforeStart', `${endColumn} "${endText}" is not after the start "${startText}"`, { column: endColumn, value: endText });
    periodEnd = end.at;
  } else {
    const end = periodEndOf(start.at, mapping.periodEnd.interval, mapping.timeZone);
    if (end === null)
      return rowError(line, 'badDate', `the ${mapping.periodEnd.interval} after "${startText}" ends at a time ${mapping.timeZone} skips`, {
        column: startColumn,
      });
    periodEnd = end;
  }

  const valueColumn = named(mapping.value);
  const valueText = cell(mapping.value);
  if (valueText === '') return rowError(line, 'missingValue', `${valueColumn} is empty`, { column: valueColumn });
  const value = parseNumber(valueText);
  if (value === null) return rowError(line, 'badNumber', `${valueColumn} "${valueText}" is not a number`, { column: valueColumn, value: valueText });
  if (value < 0) return rowError(line, 'negative', `${valueColumn} ${valueText} is below zero`, { column: valueColumn, value: valueText });
  return { line, object, periodStart: start.at, periodEnd, value };
}

function dataRows(sheet: FileSheet, headerRow: number): { header: string[]; rows: FileSheet['rows'] } {
  // headerRow counts the file's rows as the console shows them (the first kept row is 1)
  const header = sheet.rows[headerRow - 1]?.cells ?? [];
  return { header: header.map((cell) => cell.trim()), rows: sheet.rows.slice(headerRow) };
}

export function readPowerRows(sheet: FileSheet, mapping: PowerMapping, objects: ImportObjects): ReadRows<PowerCandidate> {
  const { header, rows } = dataRows(sheet, mapping.headerRow);
  const candidates: PowerCandidate[] = [];
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    const shared = readShared(row.cells, row.line, mapping, header, objects);
    if ('reason' in shared) errors.push(shared);
    else candidates.push({ ...shared, unit: mapping.unit, kwh: shared.value * KWH_PER_POWER_UNIT[mapping.unit] });
  }
  return { total: rows.length, candidates, errors };
}

export function readFuelRows(sheet: FileSheet, mapping: FuelMapping, objects: ImportObjects): ReadRows<FuelCandidate> {
  const { header, rows } = dataRows(sheet, mapping.headerRow);
  const named = (index: number) => header[index] || `Column ${index + 1}`;
  const candidates: FuelCandidate[] = [];
  const errors: ImportRowError[] = [];
  for (const row of rows) {
    const shared = readShared(row.cells, row.line, mapping, header, objects);
    if ('reason' in shared) {
      errors.push(shared);
      continue;
    }
    let fuel: FuelKind | null;
    if (mapping.fuel.kind === 'fixed') fuel = mapping.fuel.fuel;
    else {
      const text = (row.cells[mapping.fuel.column] ?? '').trim();
      fuel = fuelOfText(text);
      if (!fuel) {
        errors.push(rowError(row.line, 'badFuel', `"${text}" is not diesel, fuel oil or hydrogen`, { column: named(mapping.fuel.column), value: text }));
        continue;
      }
    }
    let unit: FuelUnit | null;
    if (mapping.unit.kind === 'fixed') unit = mapping.unit.unit;
    else {
      const text = (row.cells[mapping.unit.column] ?? '').trim();
      unit = fuelUnitOfText(text);
      if (!unit) {
        errors.push(rowError(row.line, 'badUnit', `"${text}" is not t, kg, L or Nm3`, { column: named(mapping.unit.column), value: text }));
        continue;
      }
    }
    if (!UNITS_OF_FUEL[fuel].includes(unit)) {
      errors.push(rowError(row.line, 'badUnit', `${fuel} is given in ${UNITS_OF_FUEL[fuel].join(', ')}, not ${unit}`, { value: unit }));
      continue;
    }
    candidates.push({
      line: shared.line,
      object: shared.object,
      periodStart: shared.periodStart,
      periodEnd: shared.periodEnd,
      fuel,
      quantity: shared.value,
      unit,
    });
  }
  return { total: rows.length, candidates, errors };
}
