import type { PeriodGrain } from './periodWindow';

/**
 * A period string is already local to the server's TIME_ZONE (the rollup cut it there): it is read as a UTC date
 * and formatted in UTC, so the browser's own zone never moves "2025-10" into September.
 */
const periodDate = (period: string): Date => new Date(`${period.length === 7 ? `${period}-01` : period}T12:00:00Z`);

const formatter = (language: string, format: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, { ...format, timeZone: 'UTC' });

/** The axis label of a period in the board's language: "Oct" / "10月" / "oct" for a month, "5 Oct" for a day. */
export function periodLabel(period: string, grain: PeriodGrain, language: string): string {
  const format: Intl.DateTimeFormatOptions = grain === 'month' ? { month: 'short' } : { day: 'numeric', month: 'short' };
  return formatter(language, format).format(periodDate(period)).replace(/\.$/, '');
}

/** A period with its year, for "vs Oct 2025": "Oct 2025" / "2025年10月" / "oct 2025". */
export function periodWithYear(period: string, grain: PeriodGrain, language: string): string {
  const format: Intl.DateTimeFormatOptions = grain === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short', year: 'numeric' };
  return formatter(language, format)
    .format(periodDate(period))
    .replace(/\.(?= |$)/, '');
}

/** A signed percentage with one decimal in the board's language, a true minus sign: "−4.2", "+12.0", "−4,2". */
export function signedPercent(percent: number, language: string): string {
  const text = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(percent);
  return text.replace('-', '−');
}

/** kWh above 10,000 are drawn in MWh (axis labels stay short on a wall); other units as they come. */
export function scaledUnit(unit: string, largest: number): { unit: string; factor: number } {
  return unit === 'kWh' && largest >= 10_000 ? { unit: 'MWh', factor: 1000 } : { unit, factor: 1 };
}
