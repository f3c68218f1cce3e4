import type { CalendarDay } from '@shared/schemas/shifts';

/** How a calendar day is shown: the kind decides its colour and its legend entry. */
export type DayLook = 'workday' | 'weekend' | 'holiday' | 'special' | 'adjusted';

/** Cell colours of the year view (background, text); the legend uses the same. */
export const DAY_LOOKS: Readonly<Record<DayLook, { background: string; color: string }>> = {
  workday: { background: 'transparent', color: 'inherit' },
  weekend: { background: 'rgba(140, 140, 140, 0.12)', color: '#8c8c8c' },
  holiday: { background: '#e8453c', color: '#ffffff' },
  special: { background: '#7b61ff', color: '#ffffff' },
  /** A workday on a day that is a weekend by default (调休). */
  adjusted: { background: '#f59a23', color: '#ffffff' },
};

export function lookOf(day: Pick<CalendarDay, 'dayType' | 'defaultType'>): DayLook {
  if (day.dayType === 'workday' && day.defaultType === 'weekend') return 'adjusted';
  return day.dayType;
}

/** The cells of one month, Monday first: null before the 1st and after the last day, so every week has 7. */
export function monthWeeks<T extends { day: string }>(days: readonly T[], month: number): (T | null)[][] {
  const inMonth = days.filter((entry) => Number(entry.day.slice(5, 7)) === month);
  if (inMonth.length === 0) return [];
  const first = new Date(`${inMonth[0]!.day}T12:00:00Z`).getUTCDay();
  const cells: (T | null)[] = [...Array<null>((first + 6) % 7).fill(null), ...inMonth];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (T | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
