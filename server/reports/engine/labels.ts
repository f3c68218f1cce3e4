import { reportFilesEn } from '@shared/i18n/locales/reportFiles/en';
import { reportFilesZh } from '@shared/i18n/locales/reportFiles/zh';
import { reportFilesEs } from '@shared/i18n/locales/reportFiles/es';
import type { ReportLang } from '@shared/reports/constants';

export type ReportTexts = typeof reportFilesEn;

const TEXTS: Record<ReportLang, ReportTexts> = { en: reportFilesEn, zh: reportFilesZh, es: reportFilesEs };

/** The `reportFiles` texts of a report's language (every generated file is written in the spec's `lang`). */
export const reportTexts = (lang: ReportLang): ReportTexts => TEXTS[lang];

/** Fills `{{name}}` placeholders; an unknown placeholder is left as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
