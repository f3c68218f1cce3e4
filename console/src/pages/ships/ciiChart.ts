import { CII_FIRST_YEAR, CII_LAST_YEAR, type CiiBoundaries, type CiiLetter, type ShipCiiYearsAnswer } from '@shared/ships/api';
import { ciiText, LETTER_COLOURS } from './shipFormat';

/** One year of the chart: its boundaries and required CII (rated or projected), the attained figure if any. */
export interface CiiChartYear {
  year: number;
  required: number;
  boundaries: CiiBoundaries;
  /** Attained over the full calendar year. */
  attained: number | null;
  /** The current year's figure so far. */
  yearToDate: number | null;
  /** The latest attained CII carried to this year (from projectedFrom on). */
  projected: number | null;
  letter: CiiLetter | null;
  projectedLetter: CiiLetter | null;
}

/**
 * The years 2023–2030 from the API: boundaries of the rated years (cii-years) and of the projection, the attained
 * points, and the projection line from the year it starts. A year neither lists is left out (a ship with no attained
 * CII has no projection, so its chart ends at the current year).
 */
export function ciiChartYears(answer: ShipCiiYearsAnswer): CiiChartYear[] {
  const rows: CiiChartYear[] = [];
  const fromYear = answer.projectedFrom;
  const start = answer.years.find((year) => year.year === fromYear)?.attained ?? null;
  for (let year = CII_FIRST_YEAR; year <= CII_LAST_YEAR; year++) {
    const rated = answer.years.find((row) => row.year === year);
    const projected = answer.projection.find((row) => row.year === year);
    const source = rated ?? projected;
    if (!source) continue;
    const carried = fromYear !== null && start !== null && year >= fromYear ? start : null;
    rows.push({
      year,
      required: source.required,
      boundaries: source.boundaries,
      attained: rated && !rated.yearToDate ? rated.attained : null,
      yearToDate: rated?.yearToDate ? rated.attained : null,
      projected: carried,
      letter: rated?.letter ?? null,
      projectedLetter: projected?.letter ?? null,
    });
  }
  return rows;
}

export interface CiiChartLabels {
  band(letter: CiiLetter): string;
  required: string;
  attained: string;
  yearToDate: string;
  projection: string;
  unit: string;
}

const BANDS: readonly CiiLetter[] = ['A', 'B', 'C', 'D', 'E'];

/** The echarts option: A–E bands as stacked bars per year, the required line, attained points, YTD, projection (dashed). */
export function ciiChartOption(rows: readonly CiiChartYear[], labels: CiiChartLabels, dropYear: number | null, fontScale = 1): Record<string, unknown> {
  const values = rows.flatMap((row) => [row.boundaries.superior, row.boundaries.inferior, row.attained, row.yearToDate, row.projected]);
  const finite = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  // Room under A and above E so the outer bands read as bands, not lines.
  const floor = Math.max(0, low - (high - low) * 0.25);
  const top = high + (high - low) * 0.2;
  const edges = (row: CiiChartYear): number[] => [floor, row.boundaries.superior, row.boundaries.lower, row.boundaries.upper, row.boundaries.inferior, top];
  const font = 12 * fontScale;
  const bands = BANDS.map((letter, index) => ({
    name: labels.band(letter),
    type: 'bar',
    stack: 'bands',
    barCategoryGap: '8%',
    silent: true,
    itemStyle: { color: LETTER_COLOURS[letter], opacity: 0.55 },
    // The letter on the first and last year only: on every bar it would crowd the lines drawn over the bands. The lines
    // start and end at the middle of those bars, so the letter sits at the outer edge, where no line runs.
    label: { show: false, color: '#333', fontSize: font, fontWeight: 600, formatter: letter },
    // The first band starts at the axis floor; each bar is the band's height.
    data: rows.map((row, year) => {
      const edge = edges(row);
      const value = (edge[index + 1] ?? top) - (edge[index] ?? floor) + (index === 0 ? floor : 0);
      if (year !== 0 && year !== rows.length - 1) return value;
      return { value, label: { show: true, position: year === 0 ? 'insideLeft' : 'insideRight' } };
    }),
  }));
  const line = (name: string, data: (number | null | Record<string, unknown>)[], extra: Record<string, unknown>) => ({
    name,
    type: 'line',
    data,
    connectNulls: false,
    z: 5,
    ...extra,
  });
  return {
    animation: false,
    textStyle: { fontSize: font },
    grid: { left: 64 * fontScale, right: 24 * fontScale, top: 40 * fontScale, bottom: 32 * fontScale },
    legend: { top: 0, textStyle: { fontSize: font }, data: [labels.required, labels.attained, labels.yearToDate, labels.projection] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: { dataIndex: number }[]) => {
        const row = rows[items[0]?.dataIndex ?? -1];
        if (!row) return '';
        const lines = [
          `<b>${row.year}</b>`,
          `${labels.required}: ${ciiText(row.required)}`,
          `A < ${ciiText(row.boundaries.superior)} ≤ B < ${ciiText(row.boundaries.lower)} ≤ C < ${ciiText(row.boundaries.upper)} ≤ D < ${ciiText(row.boundaries.inferior)} ≤ E`,
        ];
        if (row.attained !== null) lines.push(`${labels.attained}: ${ciiText(row.attained)} (${row.letter ?? '–'})`);
        if (row.yearToDate !== null) lines.push(`${labels.yearToDate}: ${ciiText(row.yearToDate)} (${row.letter ?? '–'})`);
        if (row.projected !== null && row.projectedLetter) lines.push(`${labels.projection}: ${ciiText(row.projected)} (${row.projectedLetter})`);
        return lines.join('<br/>');
      },
    },
    xAxis: { type: 'category', data: rows.map((row) => String(row.year)), axisLabel: { fontSize: font } },
    yAxis: {
      type: 'value',
      name: labels.unit,
      nameTextStyle: { fontSize: font, align: 'left' },
      min: floor,
      max: top,
      axisLabel: { fontSize: font, showMinLabel: false, showMaxLabel: false, formatter: (value: number) => ciiText(value) },
      splitLine: { show: false },
    },
    series: [
      ...bands,
      line(
        labels.required,
        rows.map((row) => row.required),
        { symbol: 'none', lineStyle: { color: '#1f1f1f', width: 2 * fontScale }, itemStyle: { color: '#1f1f1f' } },
      ),
      line(
        labels.attained,
        rows.map((row) => row.attained),
        { symbol: 'circle', symbolSize: 10 * fontScale, lineStyle: { color: '#0050b3', width: 2 * fontScale }, itemStyle: { color: '#0050b3' } },
      ),
      line(
        labels.yearToDate,
        rows.map((row) => row.yearToDate),
        { symbol: 'emptyCircle', symbolSize: 12 * fontScale, lineStyle: { width: 0 }, itemStyle: { color: '#0050b3', borderWidth: 2 * fontScale } },
      ),
      line(
        labels.projection,
        rows.map((row) =>
          row.projected === null
            ? null
            : row.year === dropYear
              ? {
                  value: row.projected,
                  symbol: 'diamond',
                  symbolSize: 14 * fontScale,
                  label: { show: true, position: 'top', formatter: `→ ${row.projectedLetter ?? ''}`, fontSize: font * 1.1, fontWeight: 700 },
                }
              : row.projected,
        ),
        { symbol: 'none', lineStyle: { color: '#0050b3', type: 'dashed', width: 2 * fontScale }, itemStyle: { color: '#0050b3' } },
      ),
    ],
  };
}
