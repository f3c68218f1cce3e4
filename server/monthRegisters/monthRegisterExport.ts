import type { Readable } from 'node:stream';
import { BAND_TYPES } from '@shared/tariffs/bands';
import type { MonthRegisterAnswer, MonthRegisterRow } from '@shared/schemas/monthRegisters';
import { monthRegistersEn } from '@shared/i18n/locales/monthRegisters/en';
import { monthRegistersEs } from '@shared/i18n/locales/monthRegisters/es';
import { monthRegistersZh } from '@shared/i18n/locales/monthRegisters/zh';
import { sheetStream } from '../resources/exchange/sheets';

const TEXTS = { en: monthRegistersEn, zh: monthRegistersZh, es: monthRegistersEs } as const;
export type ExportLanguage = keyof typeof TEXTS;
export const MONTH_REGISTER_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Full precision, without binary noise (3990.0000000000005 → 3990); an empty cell for a missing figure. */
const figure = (value: number | null): number | string => (value === null ? '' : Math.round(value * 1e6) / 1e6);

/** The header and rows of the record as people read them, in `lang`: one column per band. */
export function monthRegisterSheet(answer: MonthRegisterAnswer, lang: ExportLanguage): { header: string[]; rows: (string | number)[][] } {
  const t = TEXTS[lang];
  const header = [
    t.columns.code,
    t.columns.name,
    t.columns.department,
    t.columns.unit,
    t.columns.multiplier,
    t.columns.start,
    t.columns.end,
    t.columns.registerEnergy,
    t.columns.rollupEnergy,
    t.columns.difference,
    ...BAND_TYPES.map((band) => t.bands[band]),
    t.columns.source,
    t.columns.notes,
  ];
  const source = (row: MonthRegisterRow) =>
    row.typed ? t.source.typed : row.startRegister === null && row.endRegister === null ? t.source.none : t.source.derived;
  const rows = answer.rows.map((row) => [
    row.code,
    row.name,
    row.departmentName ?? '',
    row.unit,
    row.multiplier,
    figure(row.startRegister),
    figure(row.endRegister),
    figure(row.registerEnergy),
    figure(row.rollupEnergy),
    figure(row.difference),
    ...BAND_TYPES.map((band) => {
      const found = row.bands.find((entry) => entry.band === band);
      return found ? figure(found.energy) : '';
    }),
    source(row),
    [...(row.mismatch ? [t.mismatch] : []), ...row.notes.map((note) => t.notes[note])].join('; '),
  ]);
  return { header, rows };
}

export function monthRegisterStream(answer: MonthRegisterAnswer, format: 'csv' | 'xlsx', lang: ExportLanguage): Readable {
  const { header, rows } = monthRegisterSheet(answer, lang);
  return sheetStream(
    format,
    header,
    (async function* () {
      yield rows;
    })(),
  );
}
