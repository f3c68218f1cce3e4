import { describe, expect, it } from 'vitest';
import type { Paper } from '@shared/reports/spec';
import type { RenderControl, ReportRow } from '@shared/reports/table';
import { extractPdfText } from '../pdf/pdfText';
import { renderPdf } from './pdf';
import { niceTicks } from './pdfChart';
import { splitBands } from './pdfLayout';
import { bigTable, bigTableValue, chineseDailyTable, departmentSplitTable } from './sampleTables.test-util';

const A4_LANDSCAPE: Paper = { size: 'A4', orientation: 'landscape' };
const A4_PORTRAIT: Paper = { size: 'A4', orientation: 'portrait' };

function control(onProgress: (fraction: number) => void = () => {}, signal = new AbortController().signal): RenderControl {
  return { progress: onProgress, signal };
}

const mediaBoxes = (bytes: Buffer) => [...bytes.toString('latin1').matchAll(/\/MediaBox \[([^\]]*)\]/g)].map((match) => match[1]!);

/** The name of the error a promise rejects with ('' when it resolves). */
async function rejection(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return '';
  } catch (error) {
    return (error as Error).name;
  }
}

interface Item {
  str: string;
  x: number;
  /** baseline, from the page's bottom */
  y: number;
  width: number;
}

/** Text items with their positions, per page (pdf.js, as extractPdfText reads them). */
async function itemsOf(bytes: Buffer): Promise<Item[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  try {
    const pdf = await task.promise;
    const pages: Item[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        (content.items as { str?: string; transform?: number[]; width?: number }[])
          .filter((item) => item.str)
          .map((item) => ({ str: item.str!, x: item.transform![4]!, y: item.transform![5]!, width: item.width! })),
      );
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

describe('renderPdf', () => {
  it('writes an English table: title, merged group heads, units, labels with codes, figures with the column decimals, "*", bold totals, notes, footer', async () => {
    const progress: number[] = [];
    const bytes = await renderPdf(
      departmentSplitTable(),
      control((fraction) => progress.push(fraction)),
      A4_LANDSCAPE,
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mediaBoxes(bytes)).toEqual(['0 0 841.89 595.28']);
    const { pages } = await extractPdfText(bytes);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    expect(lines).toContain('Department energy and cost');
    expect(lines).toContain('2026-10-01 – 2026-10-02 · Asia/Shanghai');
    // The group row: each date once, merged over its energy and cost columns.
    expect(lines).toContain('2026-10-01 2026-10-02');
    expect(lines.some((line) => line.startsWith('Meter Energy (kWh) Cost (CNY) Energy (kWh) Cost (CNY)'))).toBe(true);
    expect(lines.join('\n')).toContain('Share (%)');
    // Two decimals for energy and money, one for demand and share; empty cells stay empty; "*" on estimated cells.
    expect(lines).toContain('Compressor "A", north M-001 120.50 84.35 130.25 91.18 42.3 90.0');
    expect(lines).toContain('Compressor B M-002 80.00* 56.00* 38.9');
    expect(lines).toContain('Workshop · Subtotal 200.50* 140.35* 130.25 91.18 42.3 90.0');
    expect(lines).toContain('Office lighting M-010 15.75 11.03 14.50* 10.15 6.2 10.0');
    expect(lines).toContain('Office · Subtotal 15.75 11.03 14.50* 10.15 6.2 10.0');
    expect(lines).toContain('Total 216.25* 151.38* 144.75* 101.33 42.3 100.0');
    expect(lines).toContain('* includes estimated (completed) data');
    // 2026-10-03T01:00Z is 09:00 in Shanghai.
    expect(lines).toContain('Generated 2026-10-03 09:00 Page 1 of 1');
    // The chart: its title with the unit and the value axis in steps of 25 up to 125 (the largest bar is 120.5).
    expect(lines).toContain('Energy 2026-10-01 (kWh)');
    for (const tick of ['125', '100', '75', '50', '25']) expect(lines).toContain(tick);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((fraction, index) => index === 0 || fraction >= progress[index - 1]!)).toBe(true);
  });

  it('indents nested rows and right-aligns numbers on the column edge', async () => {
    const [page] = await itemsOf(await renderPdf({ ...departmentSplitTable(), chart: null }, control(), A4_LANDSCAPE));
    const at = (str: string) => page!.filter((item) => item.str === str);
    const nested = page!.find((item) => item.str.startsWith('Compressor B M-002'))!;
    const top = page!.find((item) => item.str.startsWith('Workshop'))!;
    expect(nested.x - top.x).toBeCloseTo(10, 1);
    // 120.50 and 15.75 in the first column end at the same x (left of the "*" room).
    const first = at('120.50')[0]!;
    const fourth = at('15.75')[0]!;
    expect(first.x + first.width).toBeCloseTo(fourth.x + fourth.width, 1);
  });

  it('writes Chinese: header, figures, the page footer, and wraps a long department name inside its own cell', async () => {
    const name = '华东区第三生产基地动力车间空压站及配套冷却水循环系统分项计量部门（含二期扩建工程新增的空压机组与干燥机组及其辅助设备）';
    const table = chineseDailyTable();
    const rows: ReportRow[] = [...table.rows];
    rows.splice(1, 0, { kind: 'data', label: name, code: '', level: 1, cells: [12.5, 3, 4, 8.5], estimated: [] });
    const bytes = await renderPdf({ ...table, rows }, control(), A4_PORTRAIT);
    expect(mediaBoxes(bytes)).toEqual(['0 0 595.28 841.89']);
    const { pages } = await extractPdfText(bytes);
    const lines = pages[0]!;
    expect(lines).toContain('每日用电量');
    expect(lines).toContain('一号楼 二号楼');
    expect(lines.some((line) => line.startsWith('日期 电量 (kWh) 最大需量 (kW) 电量 (kWh) 差值 (kWh)'))).toBe(true);
    expect(lines).toContain('2026-10-01 1,234.50 88.4 1,000.00 234.50');
    expect(lines).toContain('2026-10-02 1,100.25* 90.1 980.75 119.50');
    expect(lines).toContain('2026-10-03 987.65 79.0 1,012.35 -24.70');
    expect(lines).toContain('合计 3,322.40* 90.1 2,993.10 329.30');
    expect(lines).toContain('* 含估算（补全）数据');
    expect(lines).toContain('生成于 2026-10-04 08:00 第 1 页，共 1 页');

    const [items] = await itemsOf(bytes);
    const number = items!.find((item) => item.str === '12.50')!;
    const nameLines = items!.filter((item) => /[\u4e00-\u9fff]/.test(item.str) && name.includes(item.str) && item.y <= number.y + 1 && item.y > number.y - 60);
    // Every piece of the name, top to bottom, rebuilds it; it takes more than one line; all of it stays left of the first figure.
    nameLines.sort((a, b) => b.y - a.y || a.x - b.x);
    expect(nameLines.map((item) => item.str).join('')).toBe(name);
    expect(new Set(nameLines.map((item) => Math.round(item.y))).size).toBeGreaterThan(1);
    const firstNumberX = Math.min(...items!.filter((item) => Math.abs(item.y - number.y) < 1 && /^-?[\d,.]+\*?$/.test(item.str)).map((item) => item.x));
    for (const piece of nameLines) expect(piece.x + piece.width).toBeLessThan(firstNumberX);
    // The next row starts under the name's last line, not over it.
    const next = items!.filter((item) => item.str === '2026-10-02' && item.y < number.y).sort((a, b) => b.y - a.y)[0]!;
    expect(next.y).toBeLessThan(nameLines[nameLines.length - 1]!.y - 8);
  });

  it('writes Spanish separators and footer', async () => {
    const bytes = await renderPdf({ ...chineseDailyTable(), lang: 'es', title: 'Energía diaria', rowHeader: 'Día', chart: null }, control(), A4_LANDSCAPE);
    const lines = (await extractPdfText(bytes)).pages[0]!;
    expect(lines).toContain('Energía diaria');
    expect(lines).toContain('2026-10-01 1.234,50 88,4 1.000,00 234,50');
    expect(lines).toContain('合计 3.322,40* 90,1 2.993,10 329,30');
    expect(lines).toContain('Generado 2026-10-04 08:00 Página 1 de 1');
  });

  it('repeats the header on every page and numbers the pages after layout', async () => {
    const table = bigTable(80, 3);
    const { pages } = await extractPdfText(await renderPdf({ ...table, chart: null }, control(), A4_LANDSCAPE));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((lines, index) => {
      expect(lines).toContain('2026-10-01 2026-10-02 2026-10-03');
      expect(lines).toContain('Meter Energy (kWh) Energy (kWh) Energy (kWh)');
      expect(lines.at(-1)).toBe(`Generated 2026-11-01 08:00 Page ${index + 1} of ${pages.length}`);
    });
    // The running title from page 2 on; every row once; meter 80's figures: days 0..2 of bigTableValue(79, day).
    expect(pages[1]![0]).toBe('Daily energy of every meter');
    const all = pages.flat();
    for (let meter = 1; meter <= 80; meter++) expect(all.filter((line) => line.startsWith(`Meter ${meter} M-`))).toHaveLength(1);
    // (79 × 31 + day) mod 97 = 24, 25, 26 → 24 × 125 + (79 mod 8) × 25 = 3175 → 31.75, then 33.00, 34.25.
    expect(bigTableValue(79, 0)).toBe(31.75);
    expect(all).toContain('Meter 80 M-0080 31.75 33.00 34.25');
  });

  it('splits 31 day columns on A4 landscape into bands that repeat the label column and say which columns they hold', async () => {
    const { pages } = await extractPdfText(await renderPdf({ ...bigTable(20, 31), chart: null }, control(), A4_LANDSCAPE));
    const bandOf = (lines: string[]) => /\((\d)\/(\d)\) Page/.exec(lines.at(-1)!);
    const bands = Number(bandOf(pages[0]!)![2]);
    expect(bands).toBeGreaterThanOrEqual(2);
    expect(bands).toBeLessThanOrEqual(3);
    const seen = new Map<string, number>();
    for (const lines of pages) {
      const band = Number(bandOf(lines)![1]);
      expect(lines.some((line) => line.startsWith('Meter 1 M-0001 '))).toBe(true);
      const groupRow = lines.find((line) => /^2026-10-\d\d( 2026-10-\d\d)*$/.test(line))!;
      for (const date of groupRow.split(' ')) seen.set(date, band);
    }
    expect([...seen.keys()]).toEqual(Array.from({ length: 31 }, (_unused, day) => `2026-10-${String(day + 1).padStart(2, '0')}`));
    // The footer of band 1 names its first and last column.
    const firstBand = [...seen.entries()].filter(([, band]) => band === 1).map(([date]) => date);
    expect(pages[0]!.at(-1)).toBe(`Generated 2026-11-01 08:00 2026-10-01 Energy – ${firstBand.at(-1)} Energy (1/${bands}) Page 1 of ${pages.length}`);
    // Meter 1's last day: bigTableValue(0, 30) = 30 × 125 / 100 = 37.5.
    expect(pages.flat().some((line) => line.startsWith('Meter 1 M-0001 ') && line.endsWith(' 37.50'))).toBe(true);
  });

  it('lays out A3 portrait in points', async () => {
    const bytes = await renderPdf(departmentSplitTable(), control(), { size: 'A3', orientation: 'portrait' });
    expect(mediaBoxes(bytes)).toEqual(['0 0 841.89 1190.55']);
  });

  it('writes a table with no rows with the "no data" line', async () => {
    const bytes = await renderPdf({ ...departmentSplitTable(), rows: [], chart: null, notes: [] }, control(), A4_LANDSCAPE);
    expect((await extractPdfText(bytes)).pages[0]).toContain('No data for this period');
  });

  it('stops when the signal is aborted, before or during the work', async () => {
    const before = new AbortController();
    before.abort();
    expect(
      await rejection(
        renderPdf(
          departmentSplitTable(),
          control(() => {}, before.signal),
          A4_LANDSCAPE,
        ),
      ),
    ).toBe('AbortError');

    // A reason that is not an AbortError still ends as one (the runner tells a cancel from a failure by the name).
    const withReason = new AbortController();
    withReason.abort(new Error('cancel requested'));
    expect(
      await rejection(
        renderPdf(
          departmentSplitTable(),
          control(() => {}, withReason.signal),
          A4_LANDSCAPE,
        ),
      ),
    ).toBe('AbortError');

    const during = new AbortController();
    const seen: number[] = [];
    const work = renderPdf(
      bigTable(400, 31),
      control((fraction) => {
        seen.push(fraction);
        if (fraction > 0.2) during.abort();
      }, during.signal),
      A4_LANDSCAPE,
    );
    expect(await rejection(work)).toBe('AbortError');
    expect(Math.max(...seen)).toBeLessThan(0.5);
  });

  it('renders 1,000 meters × 31 days within 20 s', { timeout: 60_000 }, async () => {
    const start = performance.now();
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 5);
    const bytes = await renderPdf(bigTable(), control(), A4_LANDSCAPE);
    clearInterval(ticker);
    const seconds = (performance.now() - start) / 1000;
    console.log(`PDF 1,000 × 31: ${seconds.toFixed(2)} s, ${bytes.length} bytes, ${mediaBoxes(bytes).length} pages`);
    expect(seconds).toBeLessThan(20);
    // The event loop kept turning while it worked (it yields every page).
    expect(turns).toBeGreaterThan(10);
    expect(mediaBoxes(bytes).length).toBeGreaterThan(60);
  });
});

describe('PDF layout helpers', () => {
  it('chooses nice axis ticks', () => {
    expect(niceTicks(0, 120.5)).toEqual({ ticks: [0, 25, 50, 75, 100, 125], decimals: 0 });
    expect(niceTicks(0, 0.9)).toEqual({ ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], decimals: 1 });
    expect(niceTicks(-24.7, 234.5)).toEqual({ ticks: [-100, 0, 100, 200, 300], decimals: 0 });
    expect(niceTicks(987.65, 1234.5)).toEqual({ ticks: [0, 250, 500, 750, 1000, 1250], decimals: 0 });
    // A line need not start at 0: 987.65..1234.5 spans 246.85, a fifth is 49.37 → steps of 50 from 950 to 1250.
    expect(niceTicks(987.65, 1234.5, 5, false)).toEqual({ ticks: [950, 1000, 1050, 1100, 1150, 1200, 1250], decimals: 0 });
  });

  it('spreads columns evenly over the fewest bands', () => {
    // 31 columns of 50 pt in 660 pt: greedy 13 + 13 + 5, spread 11 + 10 + 10.
    const bands = splitBands(new Array<number>(31).fill(50), 660);
    expect(bands.map((band) => band.length)).toEqual([11, 10, 10]);
    expect(bands.flat()).toEqual(Array.from({ length: 31 }, (_unused, index) => index));
    // Uneven widths where an even spread would not fit keep the greedy cut.
    expect(splitBands([300, 300, 50, 50], 400)).toEqual([[0], [1, 2, 3]]);
  });
});
