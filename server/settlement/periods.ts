/** Local-day arithmetic for settlement periods: days `YYYY-MM-DD` and months `YYYY-MM`, no time zone involved. */

const pad = (n: number) => String(n).padStart(2, '0');

export const monthOf = (day: string): string => day.slice(0, 7);

export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${pad(last)}`;
}

export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The range as whole months (read at month grain) and leftover day spans (read at day grain). */
export function splitRange(from: string, to: string): { months: string[]; daySpans: { from: string; to: string }[] } {
  const months: string[] = [];
  const daySpans: { from: string; to: string }[] = [];
  for (const month of monthsBetween(from, to)) {
    const start = `${month}-01`;
    const end = lastDayOf(month);
    if (from <= start && end <= to) months.push(month);
    else daySpans.push({ from: from > start ? from : start, to: to < end ? to : end });
  }
  return { months, daySpans };
}

/** A whole month's range. */
export const monthRange = (month: string): { from: string; to: string } => ({ from: `${month}-01`, to: lastDayOf(month) });

/** The month a range covers exactly, or null. */
export function wholeMonthOf(from: string, to: string): string | null {
  const month = monthOf(from);
  return from === `${month}-01` && to === lastDayOf(month) ? month : null;
}

/** The base period: the previous period of the same length (whole months shift by months), or the same dates a year before. */
export function basePeriod(from: string, to: string, mode: 'previous' | 'lastYear'): { from: string; to: string } {
  const months = monthsBetween(from, to);
  const wholeMonths = from === `${months[0]}-01` && to === lastDayOf(months[months.length - 1]!);
  if (mode === 'lastYear') {
    if (wholeMonths) return { from: `${addMonths(months[0]!, -12)}-01`, to: lastDayOf(addMonths(months[months.length - 1]!, -12)) };
    return { from: yearBefore(from), to: yearBefore(to) };
  }
  if (wholeMonths) return { from: `${addMonths(months[0]!, -months.length)}-01`, to: lastDayOf(addMonths(months[0]!, -1)) };
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

function yearBefore(day: string): string {
  const candidate = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
  const month = candidate.slice(0, 7);
  return candidate > lastDayOf(month) ? lastDayOf(month) : candidate;
}

/** Last month before `now` in `timeZone` (the screens' default). */
export function lastMonthIn(timeZone: string, now = Date.now()): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return addMonths(monthOf(today), -1);
}
