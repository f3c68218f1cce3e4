import { BAND_TYPES, DAY_TYPES, type BandType, type DayType } from './bands';
import { microOf, minutesOf, type BandSpan, type TariffDefinition } from './tariffDefinition';

/**
 * The rules a tariff version must keep beyond its shape (tariffDefinition.ts), with the sentences the server
 * answers (code 40000, field `definition.<path>`) and the console shows next to the field:
 * - every layout given for a day type tiles 00:00–24:00 with no gap and no overlap (a span may wrap past
 *   midnight: 22:00→06:00; a span from a time to the same time is refused);
 * - every month 1–12 belongs to exactly one season;
 * - prices are ≥ 0 and every band a season's layouts use has a price (the season's own or the version's);
 * - tiers start at ascending fromUnits;
 * - warning only: peak:valley under 3:1 (the national guidance for time-of-use spreads).
 * checkVersions keeps the versions of one tariff from overlapping in days.
 */

export interface RuleIssue {
  /** dotted path inside the definition ("seasons.0.layouts.workday"), or "validFrom" etc. for versions */
  path: string;
  message: string;
}
export interface RuleFindings {
  errors: RuleIssue[];
  warnings: RuleIssue[];
}

const QUARTERS = 96;
const DAY_MINUTES = 24 * 60;
/** The national guidance: peak price at least three times the valley price. */
export const PEAK_VALLEY_GUIDANCE = 3;

const DAY_TYPE_LABELS: Record<DayType, string> = { workday: 'Workday', weekend: 'Weekend', holiday: 'Holiday', special: 'Special day' };
export const BAND_LABELS: Record<BandType, string> = { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' };

/** "HH:MM" of minutes after midnight (0–1440). */
const clock = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "A", "A and B", "A, B and C" */
function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Runs of quarter indexes where `bad(count)` holds, as [startQuarter, endQuarter) with a run across midnight joined. */
function runsOf(counts: number[], bad: (count: number) => boolean): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let q = 0; q <= QUARTERS; q++) {
    const isBad = q < QUARTERS && bad(counts[q]!);
    if (isBad && start < 0) start = q;
    if (!isBad && start >= 0) {
      runs.push([start, q]);
      start = -1;
    }
  }
  // 23:00–24:00 and 00:00–01:00 are one run 23:00–01:00 when the whole day is not bad
  if (runs.length > 1 && runs[0]![0] === 0 && runs[runs.length - 1]![1] === QUARTERS) {
    const first = runs.shift()!;
    const last = runs.pop()!;
    runs.push([last[0], first[1] + QUARTERS]);
  }
  return runs;
}

const runText = ([from, to]: [number, number]): string =>
  `${clock((from * 15) % DAY_MINUTES)}–${clock(to * 15 > DAY_MINUTES ? (to * 15) % DAY_MINUTES : to * 15)}`;

/** Errors of one layout: spans from a time to itself, gaps and overlaps. */
function checkLayout(spans: BandSpan[], dayType: DayType, season: string, path: string, errors: RuleIssue[]): void {
  const label = `${DAY_TYPE_LABELS[dayType]} bands of season ${season}`;
  const counts = new Array<number>(QUARTERS).fill(0);
  spans.forEach((span, index) => {
    const from = minutesOf(span.from) % DAY_MINUTES;
    const to = minutesOf(span.to) % DAY_MINUTES;
    // 00:00→24:00 is the whole day; any other span ending where it starts is a mistake
    const wholeDay = minutesOf(span.from) === 0 && minutesOf(span.to) === DAY_MINUTES;
    if (from === to && !wholeDay) {
      errors.push({
        path: `${path}.${index}`,
        message: `${DAY_TYPE_LABELS[dayType]} band ${span.from}–${span.to} of season ${season} starts and ends at the same time`,
      });
      return;
    }
    const length = wholeDay ? DAY_MINUTES : to > from ? to - from : to + DAY_MINUTES - from;
    for (let m = 0; m < length; m += 15) counts[((from + m) % DAY_MINUTES) / 15]! += 1;
  });
  for (const run of runsOf(counts, (c) => c === 0)) errors.push({ path, message: `${label} leave ${runText(run)} uncovered` });
  for (const run of runsOf(counts, (c) => c > 1)) errors.push({ path, message: `${label} overlap at ${runText(run)}` });
}

function checkPrice(text: string | undefined, path: string, errors: RuleIssue[]): void {
  if (text === undefined) return;
  const micro = /^\d+(\.\d+)?$/.test(text) ? microOf(text) : Number.NaN;
  if (!Number.isFinite(micro) || micro < 0) errors.push({ path, message: `The price ${text} is not a number of at least 0` });
}

/** The bands the layouts of a season use, in BAND_TYPES order. */
export function bandsOfSeason(season: TariffDefinition['seasons'][number]): BandType[] {
  const used = new Set<BandType>();
  for (const dayType of DAY_TYPES) for (const span of season.layouts[dayType] ?? []) used.add(span.band);
  return BAND_TYPES.filter((band) => used.has(band));
}

/** The bands any season of the definition uses, in BAND_TYPES order. */
export function bandsOfDefinition(definition: TariffDefinition): BandType[] {
  const used = new Set(definition.seasons.flatMap(bandsOfSeason));
  return BAND_TYPES.filter((band) => used.has(band));
}

/** "2.50" for 250/100: the ratio of two micro prices to 2 decimals, computed in integers (rounded half up). */
function ratioText(peakMicro: number, valleyMicro: number): string {
  const hundredths = Math.floor((peakMicro * 100 * 2 + valleyMicro) / (2 * valleyMicro));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function checkDefinition(definition: TariffDefinition): RuleFindings {
  const errors: RuleIssue[] = [];
  const warnings: RuleIssue[] = [];
  const seasons = definition.seasons;
  const label = (index: number) => seasons[index]!.name;

  // names tell seasons apart in every message
  const byName = new Map<string, number>();
  seasons.forEach((season, index) => {
    if (byName.has(season.name)) errors.push({ path: `seasons.${index}.name`, message: `Two seasons are named ${season.name}` });
    else byName.set(season.name, index);
  });

  // layouts tile the day
  seasons.forEach((season, index) => {
    for (const dayType of DAY_TYPES) {
      const spans = season.layouts[dayType];
      if (spans === undefined) continue;
      checkLayout(spans, dayType, season.name, `seasons.${index}.layouts.${dayType}`, errors);
    }
  });

  // months in exactly one season
  const owners = new Map<number, number[]>();
  seasons.forEach((season, index) => {
    const seen = new Set<number>();
    for (const month of season.months) {
      if (seen.has(month)) {
        errors.push({ path: `seasons.${index}.months`, message: `Month ${month} is listed twice in season ${season.name}` });
        continue;
      }
      seen.add(month);
      owners.set(month, [...(owners.get(month) ?? []), index]);
    }
  });
  for (let month = 1; month <= 12; month++) {
    const holders = owners.get(month) ?? [];
    if (holders.length === 0) errors.push({ path: 'seasons', message: `Month ${month} is in no season` });
    else if (holders.length > 1) {
      const names = holders.map(label);
      errors.push({
        path: `seasons.${holders[1]!}.months`,
        message: `Month ${month} is in ${holders.length === 2 ? 'both ' : ''}${listNames(names)}`,
      });
    }
  }

  // prices ≥ 0, a price for every band used
  for (const band of BAND_TYPES) checkPrice(definition.prices[band], `prices.${band}`, errors);
  seasons.forEach((season, index) => {
    for (const band of BAND_TYPES) checkPrice(season.prices?.[band], `seasons.${index}.prices.${band}`, errors);
    for (const band of bandsOfSeason(season)) {
      if (season.prices?.[band] === undefined && definition.prices[band] === undefined) {
        errors.push({ path: `prices.${band}`, message: `${BAND_LABELS[band]} is used in season ${season.name} but has no price` });
      }
    }
  });

  // tiers ascending
  const tiers = definition.tiers ?? [];
  tiers.forEach((tier, index) => {
    checkPrice(tier.adder, `tiers.${index}.adder`, errors);
    const before = tiers[index - 1];
    if (before !== undefined && tier.fromUnits <= before.fromUnits) {
      errors.push({
        path: `tiers.${index}.fromUnits`,
        message: `Tier ${index + 1} starts at ${tier.fromUnits} units, not above tier ${index} (${before.fromUnits} units)`,
      });
    }
  });

  // warning: peak:valley under 3:1, per season that uses both (one warning when all such seasons agree)
  const low: { index: number; ratio: string; path: string }[] = [];
  let checked = 0;
  seasons.forEach((season, index) => {
    const used = bandsOfSeason(season);
    if (!used.includes('peak') || !used.includes('valley')) return;
    const peakText = season.prices?.peak ?? definition.prices.peak;
    const valleyText = season.prices?.valley ?? definition.prices.valley;
    if (peakText === undefined || valleyText === undefined) return;
    checked++;
    const peak = microOf(peakText);
    const valley = microOf(valleyText);
    if (valley <= 0 || peak >= PEAK_VALLEY_GUIDANCE * valley) return;
    low.push({ index, ratio: ratioText(peak, valley), path: season.prices?.peak !== undefined ? `seasons.${index}.prices.peak` : 'prices.peak' });
  });
  const guidance = `under the ${PEAK_VALLEY_GUIDANCE}:1 national guidance`;
  if (low.length > 0 && low.length === checked && low.every((item) => item.ratio === low[0]!.ratio)) {
    warnings.push({ path: low[0]!.path, message: `The peak:valley price ratio is ${low[0]!.ratio}:1, ${guidance}` });
  } else {
    for (const item of low) {
      warnings.push({ path: item.path, message: `The peak:valley price ratio of season ${label(item.index)} is ${item.ratio}:1, ${guidance}` });
    }
  }

  return { errors, warnings };
}

// ---- versions of one tariff ----

export interface VersionSpan {
  id?: number;
  validFrom: string;
  /** inclusive; null = open-ended */
  validTo: string | null;
}

const OPEN_END = '9999-12-31';

/** The days two versions share, [from, to] inclusive, or null. */
export function sharedDays(a: VersionSpan, b: VersionSpan): { from: string; to: string | null } | null {
  const from = a.validFrom > b.validFrom ? a.validFrom : b.validFrom;
  const aTo = a.validTo ?? OPEN_END;
  const bTo = b.validTo ?? OPEN_END;
  const to = aTo < bTo ? aTo : bTo;
  if (from > to) return null;
  return { from, to: to === OPEN_END ? null : to };
}

const spanText = (span: VersionSpan) => `${span.validFrom}–${span.validTo ?? 'open end'}`;

/** Errors when versions of one tariff overlap in days or end before they start. Paths: `versions.<index>`. */
export function checkVersions(versions: VersionSpan[]): RuleFindings {
  const errors: RuleIssue[] = [];
  versions.forEach((version, index) => {
    if (version.validTo !== null && version.validTo < version.validFrom) {
      errors.push({ path: `versions.${index}`, message: `The version ${spanText(version)} ends before it starts` });
    }
  });
  for (let i = 0; i < versions.length; i++) {
    for (let j = i + 1; j < versions.length; j++) {
      const a = versions[i]!;
      const b = versions[j]!;
      const shared = sharedDays(a, b);
      if (shared === null) continue;
      errors.push({
        path: `versions.${j}`,
        message: `The versions ${spanText(a)} and ${spanText(b)} overlap on ${shared.from}–${shared.to ?? 'open end'}`,
      });
    }
  }
  return { errors, warnings: [] };
}

/** The calendar day before a YYYY-MM-DD day (pure calendar arithmetic, no time zone involved). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The months (YYYY-MM) the days from–to (inclusive) touch, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return months;
}
