import { BAND_TYPES, DAY_TYPES, minutesOf, type BandSpan, type BandType, type DayType, type Season, type TariffDefinition } from '@shared/tariffs';

/** Minutes in a day; `24:00` is its end. */
export const DAY_MINUTES = 24 * 60;
/** Band edges sit on the quarter hour. */
export const QUARTER = 15;

/** Every edge a span may start or end on: 00:00, 00:15 … 23:45, 24:00. */
export const QUARTER_TIMES: readonly string[] = Array.from({ length: DAY_MINUTES / QUARTER + 1 }, (_, i) => hhmm(i * QUARTER));

/** Minutes after midnight → HH:MM (1440 → 24:00). */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A drawn piece of a span: where it starts and how long it is, in minutes of the day. */
export interface BarSegment {
  /** Index of the span in the layout it was drawn from. */
  span: number;
  band: BandType;
  start: number;
  end: number;
}

/** A stretch of the day no span covers (gap) or more than one covers (overlap). */
export interface BarFault {
  kind: 'gap' | 'overlap';
  start: number;
  end: number;
}

const isTime = (text: string): boolean => /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/.test(text);

/**
 * The pieces a layout draws as. A span whose end is not after its start runs past midnight (22:00 → 06:00,
 * as the pricing lookup reads it) and draws as two pieces; 00:00 → 00:00 and 00:00 → 24:00 are the whole day.
 * Spans with a time that is not an edge (still being typed) are left out.
 */
export function barSegments(spans: readonly BandSpan[]): BarSegment[] {
  const segments: BarSegment[] = [];
  spans.forEach((span, index) => {
    if (!isTime(span.from) || !isTime(span.to)) return;
    const from = minutesOf(span.from) % DAY_MINUTES;
    const to = minutesOf(span.to);
    if (from < to) segments.push({ span: index, band: span.band, start: from, end: to });
    else {
      segments.push({ span: index, band: span.band, start: from, end: DAY_MINUTES });
      if (to > 0) segments.push({ span: index, band: span.band, start: 0, end: to });
    }
  });
  return segments.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Quarters no span covers and quarters covered twice, merged into stretches. */
export function barFaults(spans: readonly BandSpan[]): BarFault[] {
  const cover = new Array<number>(DAY_MINUTES / QUARTER).fill(0);
  for (const segment of barSegments(spans)) {
    for (let q = Math.floor(segment.start / QUARTER); q < Math.ceil(segment.end / QUARTER); q++) cover[q]! += 1;
  }
  const faults: BarFault[] = [];
  cover.forEach((count, q) => {
    const kind = count === 0 ? 'gap' : count > 1 ? 'overlap' : null;
    if (!kind) return;
    const last = faults.at(-1);
    if (last && last.kind === kind && last.end === q * QUARTER) last.end += QUARTER;
    else faults.push({ kind, start: q * QUARTER, end: (q + 1) * QUARTER });
  });
  return faults;
}

/** Left edge and width of a stretch of the day as percentages of the bar. */
export function barBox(start: number, end: number): { left: string; width: string } {
  const percent = (minutes: number) => `${Number(((minutes / DAY_MINUTES) * 100).toFixed(4))}%`;
  return { left: percent(start), width: percent(end - start) };
}

/** The edges shown under the bar: every distinct start and end, in order. */
export function barEdges(segments: readonly BarSegment[]): number[] {
  return [...new Set(segments.flatMap((segment) => [segment.start, segment.end]))].sort((a, b) => a - b);
}

/** The layout a day type falls back to when it has none of its own (tariffDefinition.layoutFor). */
export const FALLBACK: Readonly<Record<Exclude<DayType, 'workday'>, DayType>> = { weekend: 'workday', holiday: 'weekend', special: 'workday' };

/** The day type whose layout a day type uses: itself when it has one, else along the fallbacks. */
export function layoutOwner(season: Season, dayType: DayType): DayType {
  let type = dayType;
  while (type !== 'workday' && !season.layouts[type]) type = FALLBACK[type];
  return type;
}

/** The season that owns each month (index 0 = January): the indices of every season naming it. */
export function monthOwners(seasons: readonly Pick<Season, 'months'>[]): number[][] {
  return Array.from({ length: 12 }, (_, m) => seasons.flatMap((season, index) => (season.months.includes(m + 1) ? [index] : [])));
}

/** A day split into one flat band: where a new layout starts. */
export const flatDay = (band: BandType = 'flat'): BandSpan[] => [{ from: '00:00', to: '24:00', band }];

/** A new season: every month not yet taken, a flat day. */
export function newSeason(definition: TariffDefinition, name: string): Season {
  const taken = new Set(definition.seasons.flatMap((season) => season.months));
  const months = Array.from({ length: 12 }, (_, m) => m + 1).filter((m) => !taken.has(m));
  return { name, months, layouts: { workday: flatDay() } };
}

/** A first version: one season over the whole year, one flat band, no prices yet. */
export function newDefinition(seasonName: string): TariffDefinition {
  return {
    prices: { flat: '' },
    seasons: [{ name: seasonName, months: Array.from({ length: 12 }, (_, m) => m + 1), layouts: { workday: flatDay() } }],
    tiers: [],
  };
}

/** A span to append: from the end of the last span to midnight, on the band after the last one's. */
export function nextSpan(spans: readonly BandSpan[]): BandSpan {
  const last = spans.at(-1);
  const from = last && isTime(last.to) && last.to !== '24:00' ? last.to : '00:00';
  const band = last ? BAND_TYPES[(BAND_TYPES.indexOf(last.band) + 1) % BAND_TYPES.length]! : 'flat';
  return { from, to: '24:00', band };
}

/** The bands a definition's layouts use, in price order. */
export function bandsUsed(definition: TariffDefinition): BandType[] {
  const used = new Set<BandType>();
  for (const season of definition.seasons) for (const type of DAY_TYPES) for (const span of season.layouts[type] ?? []) used.add(span.band);
  return BAND_TYPES.filter((band) => used.has(band));
}

/** A deep copy of a definition to edit (the stored one stays as it was until saved). */
export const cloneDefinition = (definition: TariffDefinition): TariffDefinition => JSON.parse(JSON.stringify(definition)) as TariffDefinition;
