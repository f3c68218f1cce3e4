import { scaleLinear } from 'd3-scale';

/** One tick of an axis: its value (a number or a timestamp) and its label. */
export interface Tick {
  value: number;
  label: string;
}

export interface ValueTicks {
  /** The extent widened to the outer ticks, so the plot ends on a labelled line. */
  domain: [number, number];
  ticks: Tick[];
}

/** Most ticks d3 is asked for; a wall axis never needs more. */
const MOST_TICKS = 10;

/** Digits a tick label may add to the figures' own when the nice ticks would otherwise read alike. */
const MOST_EXTRA_DIGITS = 3;

/**
 * Nice ticks over `extent`, as many as `fits` accepts (it sees the labels in order; the ticks are evenly spaced
 * over the axis, so the labels alone tell whether they fit) and never two equal labels. When every count
 * repeats a label or leaves fewer than three (1,004 … 1,010 kW all read "1k" at one digit), `format` is
 * asked for extra digits.
 * A flat extent is widened so a constant reading still gets an axis.
 */
export function valueTicks(
  extent: readonly [number, number],
  format: (value: number, extraDigits: number) => string,
  fits: (labels: string[]) => boolean,
): ValueTicks {
  let [min, max] = extent;
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    [min, max] = [min === 0 ? 0 : min - pad, max + pad];
  }
  let coarsest: ValueTicks | undefined;
  let pair: ValueTicks | undefined;
  for (let extra = 0; extra <= MOST_EXTRA_DIGITS; extra++) {
    for (let count = MOST_TICKS; count >= 1; count--) {
      const scale = scaleLinear().domain([min, max]).nice(count);
      const ticks = scale.ticks(count).map((value) => ({ value, label: format(value, extra) }));
      const labels = ticks.map((tick) => tick.label);
      const candidate = { domain: scale.domain() as [number, number], ticks };
      if (extra === 0) coarsest = candidate;
      if (new Set(labels).size !== labels.length || !fits(labels)) continue;
      if (ticks.length >= 3) return candidate;
      // Two ticks tell little about the scale: keep them in case more digits give no better.
      pair ??= candidate;
    }
  }
  if (pair) return pair;
  // Not even the coarsest ticks fit (a tiny tile): label the top one only, which cannot overlap anything.
  return { domain: coarsest!.domain, ticks: coarsest!.ticks.slice(-1) };
}

/** Ticks that keep `spacing` pixels between neighbours on an axis `length` pixels long accept this many labels. */
export const fitsSpacing =
  (length: number, spacing: number) =>
  (labels: readonly string[]): boolean =>
    labels.length < 2 || length / (labels.length - 1) >= spacing;

const MINUTE = 60_000;
/** Time-axis steps in minutes, each a divisor of the next larger clock unit so ticks land on round times. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440];

const pad2 = (value: number) => String(value).padStart(2, '0');

/** "HH:mm" in the wall's local time. */
export function clockLabel(ts: number): string {
  const date = new Date(ts);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/**
 * Ticks on whole local minutes/hours over [start, end], the finest step whose neighbours are at least `spacing`
 * pixels apart on an axis `length` pixels long (an HH:mm label never repeats: the finest step is one minute).
 */
export function timeTicks(start: number, end: number, length: number, spacing: number): Tick[] {
  const span = end - start;
  if (!(span > 0) || !(length > 0)) return [];
  const step = (TIME_STEPS.find((minutes) => (length * minutes * MINUTE) / span >= spacing) ?? TIME_STEPS[TIME_STEPS.length - 1]!) * MINUTE;
  // Align on local time: a 1-hour step ticks at 09:00, not at the UTC hour in a +05:30 zone.
  const offset = -new Date(start).getTimezoneOffset() * MINUTE;
  const ticks: Tick[] = [];
  for (let local = Math.ceil((start + offset) / step) * step; local - offset <= end; local += step) {
    const value = local - offset;
    ticks.push({ value, label: clockLabel(value) });
  }
  return ticks;
}

/**
 * Every how many categories a label is drawn so each has `needed` pixels (its text plus a gap) when the
 * categories are `step` pixels apart: 1 while they fit, then every 2nd, 3rd…
 */
export const categoryLabelEvery = (step: number, needed: number): number => (step >= needed || step <= 0 ? 1 : Math.ceil(needed / step));
