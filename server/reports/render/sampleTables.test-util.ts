import type { ReportColumnHead, ReportRow, ReportTable } from '@shared/reports/table';

/**
 * Hand-built ReportTables for the renderers' tests (CSV, XLSX, PDF). Every figure is written out so a test can
 * expect it without running the engine.
 */

const column = (head: Partial<ReportColumnHead> & Pick<ReportColumnHead, 'key' | 'label' | 'unit'>): ReportColumnHead => ({
  sourceId: head.key.split('@')[0]!,
  decimals: 2,
  kind: 'number',
  metric: 'energy',
  total: 'sum',
  ...head,
});

/**
 * Object rows split by day, grouped by department: two days × (energy, cost), then max demand and a share formula.
 * Rows: Workshop (2 meters, one with estimated cells and an empty day) + subtotal, Office (1 meter) + subtotal, total.
 * The chart's rows are not one block in the sheet (a subtotal sits between them).
 *
 * | row | label                   | code  | E 10-01 | C 10-01 | E 10-02 | C 10-02 | max kW | share % |
 * | 0   | Compressor "A", north   | M-001 | 120.5   | 84.35   | 130.25  | 91.18   | 42.3   | 90.0    |
 * | 1   | Compressor B            | M-002 | 80*     | 56*     | —       | —       | 38.9   | —       |
 * | 2   | Workshop · Subtotal     |       | 200.5   | 140.35  | 130.25  | 91.18   | 42.3   | 90.0    |
 * | 3   | Office lighting         | M-010 | 15.75   | 11.03   | 14.5*   | 10.15   | 6.2    | 10.0    |
 * | 4   | Office · Subtotal       |       | 15.75   | 11.03   | 14.5    | 10.15   | 6.2    | 10.0    |
 * | 5   | Total                   |       | 216.25  | 151.38  | 144.75  | 101.33  | 42.3   | 100.0   |
 */
export function departmentSplitTable(): ReportTable {
  const columns: ReportColumnHead[] = [
    column({ key: 'energy@2026-10-01', label: 'Energy', unit: 'kWh', group: '2026-10-01' }),
    column({ key: 'cost@2026-10-01', label: 'Cost', unit: 'CNY', kind: 'money', metric: 'cost', group: '2026-10-01' }),
    column({ key: 'energy@2026-10-02', label: 'Energy', unit: 'kWh', group: '2026-10-02' }),
    column({ key: 'cost@2026-10-02', label: 'Cost', unit: 'CNY', kind: 'money', metric: 'cost', group: '2026-10-02' }),
    column({ key: 'maxDemand', label: 'Max demand', unit: 'kW', decimals: 1, metric: 'maxDemand', total: 'max' }),
    column({ key: 'share', label: 'Share', unit: '%', decimals: 1, kind: 'percent', metric: 'formula', total: 'none' }),
  ];
  const rows: ReportRow[] = [
    { kind: 'data', label: 'Compressor "A", north', code: 'M-001', level: 1, cells: [120.5, 84.35, 130.25, 91.18, 42.3, 90.0], estimated: [] },
    { kind: 'data', label: 'Compressor B', code: 'M-002', level: 1, cells: [80, 56, null, null, 38.9, null], estimated: [0, 1] },
    {
      kind: 'subtotal',
      label: 'Workshop · Subtotal',
      code: '',
      level: 0,
      cells: [200.5, 140.35, 130.25, 91.18, 42.3, 90.0],
      estimated: [0, 1],
      covers: [0, 1],
    },
    { kind: 'data', label: 'Office lighting', code: 'M-010', level: 1, cells: [15.75, 11.03, 14.5, 10.15, 6.2, 10.0], estimated: [2] },
    { kind: 'subtotal', label: 'Office · Subtotal', code: '', level: 0, cells: [15.75, 11.03, 14.5, 10.15, 6.2, 10.0], estimated: [2], covers: [3] },
    { kind: 'total', label: 'Total', code: '', level: 0, cells: [216.25, 151.38, 144.75, 101.33, 42.3, 100.0], estimated: [0, 1, 2], covers: [0, 1, 3] },
  ];
  return {
    title: 'Department energy and cost',
    subtitle: '2026-10-01 – 2026-10-02 · Asia/Shanghai',
    lang: 'en',
    timeZone: 'Asia/Shanghai',
    generatedAt: Date.UTC(2026, 9, 3, 1, 0, 0),
    period: { from: '2026-10-01', to: '2026-10-02' },
    base: null,
    rowHeader: 'Meter',
    columns,
    rows,
    chart: {
      type: 'bar',
      title: 'Energy 2026-10-01',
      columnKey: 'energy@2026-10-01',
      categories: ['Compressor "A", north', 'Compressor B', 'Office lighting'],
      values: [120.5, 80, 15.75],
      unit: 'kWh',
    },
    notes: ['* includes estimated (completed) data'],
  };
}

/**
 * Period rows in Chinese: one row per day, columns grouped by building, a difference formula, a total row and a
 * line chart whose rows are one block in the sheet (rows 0..2).
 *
 * | 日期       | 一号楼 电量 | 一号楼 最大需量 | 二号楼 电量 | 差值   |
 * | 2026-10-01 | 1,234.5     | 88.4            | 1,000       | 234.5  |
 * | 2026-10-02 | 1,100.25*   | 90.1            | 980.75      | 119.5  |
 * | 2026-10-03 | 987.65      | 79.0            | 1,012.35    | -24.7  |
 * | 合计       | 3,322.4     | 90.1            | 2,993.1     | 329.3  |
 */
export function chineseDailyTable(): ReportTable {
  const columns: ReportColumnHead[] = [
    column({ key: 'b1energy', label: '电量', unit: 'kWh', group: '一号楼' }),
    column({ key: 'b1demand', label: '最大需量', unit: 'kW', decimals: 1, metric: 'maxDemand', total: 'max', group: '一号楼' }),
    column({ key: 'b2energy', label: '电量', unit: 'kWh', group: '二号楼' }),
    column({ key: 'diff', label: '差值', unit: 'kWh', metric: 'formula', total: 'none' }),
  ];
  const rows: ReportRow[] = [
    { kind: 'data', label: '2026-10-01', code: '', level: 0, cells: [1234.5, 88.4, 1000, 234.5], estimated: [] },
    { kind: 'data', label: '2026-10-02', code: '', level: 0, cells: [1100.25, 90.1, 980.75, 119.5], estimated: [0] },
    { kind: 'data', label: '2026-10-03', code: '', level: 0, cells: [987.65, 79.0, 1012.35, -24.7], estimated: [] },
    { kind: 'total', label: '合计', code: '', level: 0, cells: [3322.4, 90.1, 2993.1, 329.3], estimated: [0], covers: [0, 1, 2] },
  ];
  return {
    title: '每日用电量',
    subtitle: '2026-10-01 – 2026-10-03 · Asia/Shanghai',
    lang: 'zh',
    timeZone: 'Asia/Shanghai',
    generatedAt: Date.UTC(2026, 9, 4, 0, 0, 0),
    period: { from: '2026-10-01', to: '2026-10-03' },
    base: null,
    rowHeader: '日期',
    columns,
    rows,
    chart: {
      type: 'line',
      title: '一号楼 电量',
      columnKey: 'b1energy',
      categories: ['2026-10-01', '2026-10-02', '2026-10-03'],
      values: [1234.5, 1100.25, 987.65],
      unit: 'kWh',
    },
    notes: ['* 含估算（补全）数据'],
  };
}

/** The energy of meter `meter` on day `day` (0-based) in the large table: exact to 2 decimals. */
export const bigTableValue = (meter: number, day: number): number => (((meter * 31 + day) % 97) * 125 + (meter % 8) * 25) / 100;

/**
 * A large table for speed: `meters` meters × `days` day columns of energy (kWh, 2 decimals), a total row, an
 * estimated cell on every 50th meter's first day, and a bar chart of the first day.
 */
export function bigTable(meters = 1000, days = 31): ReportTable {
  const dates = Array.from({ length: days }, (_unused, day) => `2026-10-${String(day + 1).padStart(2, '0')}`);
  const columns = dates.map((date) => column({ key: `energy@${date}`, label: 'Energy', unit: 'kWh', group: date }));
  const rows: ReportRow[] = [];
  const totals = new Array<number>(days).fill(0);
  for (let meter = 0; meter < meters; meter++) {
    const cells = dates.map((_date, day) => bigTableValue(meter, day));
    // Sum in hundredths so the total is exact to 2 decimals.
    cells.forEach((value, day) => (totals[day] = totals[day]! + Math.round(value * 100)));
    rows.push({
      kind: 'data',
      label: `Meter ${meter + 1}`,
      code: `M-${String(meter + 1).padStart(4, '0')}`,
      level: 0,
      cells,
      estimated: meter % 50 === 0 ? [0] : [],
    });
  }
  rows.push({
    kind: 'total',
    label: 'Total',
    code: '',
    level: 0,
    cells: totals.map((hundredths) => hundredths / 100),
    estimated: [0],
    covers: rows.map((_row, index) => index),
  });
  return {
    title: 'Daily energy of every meter',
    subtitle: `2026-10-01 – ${dates[days - 1]!} · Asia/Shanghai`,
    lang: 'en',
    timeZone: 'Asia/Shanghai',
    generatedAt: Date.UTC(2026, 10, 1, 0, 0, 0),
    period: { from: '2026-10-01', to: dates[days - 1]! },
    base: null,
    rowHeader: 'Meter',
    columns,
    rows,
    chart: {
      type: 'bar',
      title: 'Energy 2026-10-01',
      columnKey: 'energy@2026-10-01',
      categories: rows.slice(0, meters).map((row) => row.label),
      values: rows.slice(0, meters).map((row) => row.cells[0]!),
      unit: 'kWh',
    },
    notes: ['* includes estimated (completed) data'],
  };
}
