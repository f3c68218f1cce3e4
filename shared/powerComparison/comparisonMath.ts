/**
 * The pure side of the imported-against-metered comparison: split imported rows over periods pro rata by time,
 * judge each period against a tolerance, sum the totals. Periods are given as [from, to) instants (the server cuts
 * them at local hours, days and months in TIME_ZONE). No rounding anywhere: the screen rounds for display.
 */

/** One imported row: `value` kWh over [start, end). */
export interface ImportedSpan {
  start: number;
  end: number;
  value: number;
}

export interface PeriodWindow {
  period: string;
  from: number;
  to: number;
}

export interface ImportedShare {
  /** null: no row overlaps the period */
  imported: number | null;
  /** share of the period covered by the rows (their union), 0..1 */
  coverage: number;
}

/**
 * Each window's share of the rows: a row adds value × (overlap / row length) to every window it overlaps, so a
 * monthly row over 31 days gives each day 1/31 of it. A row of no length (start = end) counts wholly in the
 * window holding its instant.
 */
export function splitProRata(rows: readonly ImportedSpan[], windows: readonly PeriodWindow[]): ImportedShare[] {
  return windows.map((window) => {
    let imported: number | null = null;
    const covered: Array<[number, number]> = [];
    for (const row of rows) {
      if (row.end <= row.start) {
        if (row.start >= window.from && row.start < window.to) imported = (imported ?? 0) + row.value;
        continue;
      }
      const from = Math.max(row.start, window.from);
      const to = Math.min(row.end, window.to);
      if (to <= from) continue;
      imported = (imported ?? 0) + (row.value * (to - from)) / (row.end - row.start);
      covered.push([from, to]);
    }
    return { imported, coverage: unionLength(covered) / (window.to - window.from) };
  });
}

function unionLength(spans: Array<[number, number]>): number {
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

export interface PeriodJudgement {
  difference: number | null;
  percent: number | null;
  judged: boolean;
  flagged: boolean;
}

/**
 * The rule stated on the screen: a period is judged when the imported rows cover all of it; judged, it is flagged
 * when |imported − metered| is more than the tolerance of metered (strictly: exactly 5 % of 5 % is not flagged), or
 * when metered is 0 and imported is more than 0. `toleranceBp`: basis points (500 = 5 %). Compared as
 * |difference| × 10 000 > toleranceBp × metered, so no division decides a flag.
 */
export function judgePeriod(imported: number | null, metered: number, coverage: number, toleranceBp: number): PeriodJudgement {
  if (imported === null) return { difference: null, percent: null, judged: false, flagged: false };
  const difference = imported - metered;
  const percent = metered === 0 ? null : (difference / metered) * 100;
  const judged = coverage >= 1 - 1e-12;
  const flagged = judged && (metered === 0 ? imported > 0 : Math.abs(difference) * 10_000 > toleranceBp * Math.abs(metered));
  return { difference, percent, judged, flagged };
}

export interface ComparedPeriod extends PeriodWindow, ImportedShare, PeriodJudgement {
  metered: number;
}

/** Split, then judge every window; `metered` by period key (a missing key is 0 kWh metered). */
export function comparePeriods(
  windows: readonly PeriodWindow[],
  rows: readonly ImportedSpan[],
  metered: ReadonlyMap<string, number>,
  toleranceBp: number,
): ComparedPeriod[] {
  const shares = splitProRata(rows, windows);
  return windows.map((window, index) => {
    const share = shares[index]!;
    const meteredEnergy = metered.get(window.period) ?? 0;
    return { ...window, ...share, metered: meteredEnergy, ...judgePeriod(share.imported, meteredEnergy, share.coverage, toleranceBp) };
  });
}

export interface PeriodTotals {
  imported: number;
  metered: number;
  difference: number;
  percent: number | null;
  periodsJudged: number;
  flagged: number;
}

/**
 * Totals over the judged periods: those the imported rows cover wholly. A period without rows says nothing about the
 * difference, and one covered in part would set a part of the period's import against all of its metered energy.
 */
export function comparisonTotals(periods: readonly Pick<ComparedPeriod, 'imported' | 'metered' | 'flagged' | 'judged'>[]): PeriodTotals {
  let imported = 0;
  let metered = 0;
  let periodsJudged = 0;
  let flagged = 0;
  for (const period of periods) {
    if (period.flagged) flagged++;
    if (period.imported === null || !period.judged) continue;
    imported += period.imported;
    metered += period.metered;
    periodsJudged++;
  }
  const difference = imported - metered;
  return { imported, metered, difference, percent: metered === 0 ? null : (difference / metered) * 100, periodsJudged, flagged };
}
