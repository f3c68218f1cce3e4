import type { InspectedSheet, UploadInspection } from '@shared/powerImports/api';
import {
  UNITS_OF_FUEL,
  type FuelKind,
  type FuelUnit,
  type ImportDateFormat,
  type ImportInterval,
  type ImportKind,
  type ImportObjectKind,
  type PowerUnit,
} from '@shared/powerImports/constants';
import { isTimeZone, type FuelMappingInput, type PowerMappingInput } from '@shared/powerImports/schemas';

/**
 * The mapping step's state before it is a valid mapping: columns may still be unchosen (null). The fields are
 * the form's, so a problem found here and one the server names (`mapping.periodStart`) land under the same field.
 */
export interface MappingDraft {
  sheet: string;
  periodStart: number | null;
  endKind: 'column' | 'interval';
  periodEnd: number | null;
  interval: ImportInterval;
  value: number | null;
  objectMode: 'column' | 'fixed';
  objectKind: ImportObjectKind;
  objectColumn: number | null;
  objectId: number | null;
  powerUnit: PowerUnit;
  fuelMode: 'column' | 'fixed';
  fuelColumn: number | null;
  fuel: FuelKind;
  unitMode: 'column' | 'fixed';
  unitColumn: number | null;
  fuelUnit: FuelUnit;
  timeZone: string;
  dateFormat: ImportDateFormat;
}

/** A form field of the mapping step (what a problem is shown under). */
export type MappingField = 'periodStart' | 'periodEnd' | 'value' | 'object' | 'fuel' | 'unit' | 'timeZone' | 'dateFormat';

/** Why a field cannot be sent yet; the catalogue words each (`powerImports.mapping.problems.*`). */
export type MappingProblem = 'required' | 'usedTwice' | 'badTimeZone' | 'unitOfFuel';

/** The fields that pick a column from the file, in the order they are shown (and in which a repeat is blamed). */
export function columnSlots(kind: ImportKind, draft: MappingDraft): { field: MappingField; column: number | null }[] {
  const slots: { field: MappingField; column: number | null }[] = [{ field: 'periodStart', column: draft.periodStart }];
  if (draft.endKind === 'column') slots.push({ field: 'periodEnd', column: draft.periodEnd });
  slots.push({ field: 'value', column: draft.value });
  if (draft.objectMode === 'column') slots.push({ field: 'object', column: draft.objectColumn });
  if (kind === 'fuel') {
    if (draft.fuelMode === 'column') slots.push({ field: 'fuel', column: draft.fuelColumn });
    if (draft.unitMode === 'column') slots.push({ field: 'unit', column: draft.unitColumn });
  }
  return slots;
}

/**
 * What stops the draft from being sent: every needed column chosen, no column read for two fields (a start
 * column read as the value too is a slip, not a choice), a fixed object chosen, a zone the browser knows, a
 * fixed unit that suits a fixed fuel.
 */
export function mappingProblems(kind: ImportKind, draft: MappingDraft): Partial<Record<MappingField, MappingProblem>> {
  const problems: Partial<Record<MappingField, MappingProblem>> = {};
  const seen = new Set<number>();
  for (const slot of columnSlots(kind, draft)) {
    if (slot.column === null) problems[slot.field] = 'required';
    else if (seen.has(slot.column)) problems[slot.field] = 'usedTwice';
    else seen.add(slot.column);
  }
  if (draft.objectMode === 'fixed' && draft.objectId === null) problems.object = 'required';
  if (!isTimeZone(draft.timeZone)) problems.timeZone = 'badTimeZone';
  if (kind === 'fuel' && draft.fuelMode === 'fixed' && draft.unitMode === 'fixed' && !UNITS_OF_FUEL[draft.fuel].includes(draft.fuelUnit))
    problems.unit = 'unitOfFuel';
  return problems;
}

const column = (value: number | null): number => value ?? -1;

/** The mapping the server takes (call only when mappingProblems found none). */
export function toMapping(kind: ImportKind, draft: MappingDraft): PowerMappingInput | FuelMappingInput {
  const base = {
    sheet: draft.sheet || undefined,
    headerRow: 1,
    periodStart: column(draft.periodStart),
    periodEnd:
      draft.endKind === 'column' ? { kind: 'column' as const, column: column(draft.periodEnd) } : { kind: 'interval' as const, interval: draft.interval },
    value: column(draft.value),
    object:
      draft.objectMode === 'column'
        ? { kind: 'column' as const, column: column(draft.objectColumn), objectKind: draft.objectKind }
        : { kind: 'fixed' as const, objectKind: draft.objectKind, objectId: draft.objectId ?? 0 },
    timeZone: draft.timeZone,
    dateFormat: draft.dateFormat,
  };
  if (kind === 'power') return { ...base, unit: draft.powerUnit };
  return {
    ...base,
    fuel: draft.fuelMode === 'column' ? { kind: 'column', column: column(draft.fuelColumn) } : { kind: 'fixed', fuel: draft.fuel },
    unit: draft.unitMode === 'column' ? { kind: 'column', column: column(draft.unitColumn) } : { kind: 'fixed', unit: draft.fuelUnit },
  };
}

/** Which form field a server issue path names (`mapping.periodEnd.column` → periodEnd). */
export function fieldOfIssue(path: string): MappingField | undefined {
  const top = path.replace(/^mapping\./, '').split('.')[0];
  if (top === 'objectId') return 'object';
  const fields: readonly string[] = ['periodStart', 'periodEnd', 'value', 'object', 'fuel', 'unit', 'timeZone', 'dateFormat'];
  return top !== undefined && fields.includes(top) ? (top as MappingField) : undefined;
}

/** Header words that say what a column holds (en, zh, es). */
const HEADER_HINTS: Record<'start' | 'end' | 'value' | 'object' | 'fuel' | 'unit', RegExp> = {
  start: /start|from|begin|time|date|period|开始|起始|时间|日期|inicio|desde|fecha|hora/i,
  end: /\bend|until|\bto\b|结束|截止|\bfin\b|hasta/i,
  value: /value|kwh|energy|consum|quantity|amount|qty|电量|用量|数量|值|valor|cantidad|energía|energia/i,
  object: /meter|code|department|object|表|编码|编号|部门|medidor|contador|código|codigo|departamento/i,
  fuel: /fuel|燃料|油品|品种|combustible/i,
  unit: /unit|单位|unidad/i,
};

/** The sample values of a column: the data cells below the header row. */
export function samplesOf(sheet: InspectedSheet | undefined, index: number | null, count = 3): string[] {
  if (!sheet || index === null) return [];
  return sheet.rows
    .slice(1)
    .map((row) => row[index] ?? '')
    .filter((cell) => cell !== '')
    .slice(0, count);
}

/** A first draft from the file's headers: each field takes the first unclaimed column whose header hints at it. */
export function proposeDraft(kind: ImportKind, inspection: UploadInspection, timeZone: string, sheetName?: string): MappingDraft {
  const sheet = inspection.sheets.find((s) => s.name === sheetName) ?? inspection.sheets[0];
  const columns = sheet?.columns ?? [];
  const taken = new Set<number>();
  const pick = (hint: RegExp): number | null => {
    const found = columns.find((c) => !taken.has(c.index) && hint.test(c.name));
    if (!found) return null;
    taken.add(found.index);
    return found.index;
  };
  // End before start: "Period end" also matches the start's "period".
  const periodEnd = pick(HEADER_HINTS.end);
  const periodStart = pick(HEADER_HINTS.start) ?? sheet?.dateColumns.find((index) => !taken.has(index)) ?? null;
  if (periodStart !== null) taken.add(periodStart);
  const objectColumn = pick(HEADER_HINTS.object);
  const fuelColumn = kind === 'fuel' ? pick(HEADER_HINTS.fuel) : null;
  const unitColumn = kind === 'fuel' ? pick(HEADER_HINTS.unit) : null;
  const value = pick(HEADER_HINTS.value);
  const startIsExcel = periodStart !== null && sheet?.dateColumns.includes(periodStart);
  return {
    sheet: sheet?.name ?? '',
    periodStart,
    endKind: periodEnd === null ? 'interval' : 'column',
    periodEnd,
    interval: kind === 'fuel' ? 'day' : 'hour',
    value,
    objectMode: objectColumn === null ? 'fixed' : 'column',
    objectKind: 'meter',
    objectColumn,
    objectId: null,
    powerUnit: 'kWh',
    fuelMode: fuelColumn === null ? 'fixed' : 'column',
    fuelColumn,
    fuel: 'diesel',
    unitMode: unitColumn === null ? 'fixed' : 'column',
    unitColumn,
    fuelUnit: 'L',
    timeZone,
    dateFormat: startIsExcel ? 'excel' : (inspection.suggestedDateFormat ?? 'YYYY-MM-DD HH:mm'),
  };
}
