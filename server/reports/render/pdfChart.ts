import type { ReportChart } from '@shared/reports/table';
import { fitText, type Measure } from './pdfLayout';

export interface ChartBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SIZE = 6.5;
const TITLE_SIZE = 9;
const BAR = '#4e79a7';
const GRID = '#d9d9d9';
const AXIS = '#555555';
/** the longest category label drawn (rotated labels longer than this end with "…") */
const LABEL_MAX = 90;
const COS45 = Math.SQRT1_2;

/** A "nice" step (1, 2, 2.5 or 5 × 10^k) near `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Axis ticks covering lo..hi (and 0 when `withZero`: bars grow from it) with about `count` nice steps, and the decimals they need. */
export function niceTicks(lo: number, hi: number, count = 5, withZero = true): { ticks: number[]; decimals: number } {
  let low = withZero ? Math.min(0, lo) : lo;
  let high = withZero ? Math.max(0, hi) : hi;
  if (low === high) high = low + 1;
  const step = niceStep((high - low) / count);
  low = Math.floor(low / step + 1e-9) * step;
  high = Math.ceil(high / step - 1e-9) * step;
  let decimals = 0;
  while (decimals < 6 && Math.abs(Math.round(step * 10 ** decimals) - step * 10 ** decimals) > 1e-6) decimals += 1;
  const ticks: number[] = [];
  for (let index = 0; low + index * step <= high + step * 1e-9; index++) {
    ticks.push(Number((low + index * step).toFixed(decimals)));
  }
  return { ticks, decimals };
}

/**
 * The table's chart as vector drawing: title, value axis with nice ticks and grid lines, one bar or point per
 * category, and the category labels under the plot (every label straight when they fit, else rotated 45° and
 * thinned so they never overlap).
 */
export function drawChart(
  doc: PDFKit.PDFDocument,
  chart: ReportChart,
  box: ChartBox,
  measure: Measure,
  format: (value: number, decimals: number) => string,
): void {
  doc.save();
  const titleText = chart.unit ? `${chart.title} (${chart.unit})` : chart.title;
  doc.font('bold').fontSize(TITLE_SIZE).fillColor('#000000');
  doc.text(fitText(measure, titleText, true, TITLE_SIZE, box.width), box.x, box.y, { lineBreak: false });
  const titleHeight = measure.lineHeight(true, TITLE_SIZE);

  const present = chart.values.filter((value): value is number => value !== null && Number.isFinite(value));
  const lowest = present.reduce((low, value) => Math.min(low, value), present[0] ?? 0);
  const highest = present.reduce((high, value) => Math.max(high, value), present[0] ?? 1);
  const { ticks, decimals } = niceTicks(lowest, highest, 5, chart.type === 'bar');
  const tickTexts = ticks.map((tick) => format(tick, decimals));
  const axisWidth = Math.max(...tickTexts.map((text) => measure.width(text, false, SIZE))) + 6;
  const lineHeight = measure.lineHeight(false, SIZE);

  const count = Math.max(1, chart.categories.length);
  const plotX = box.x + axisWidth;
  const plotWidth = Math.max(10, box.x + box.width - plotX - 4);
  const slot = plotWidth / count;

  const labels = chart.categories.map((label) => fitText(measure, label, false, SIZE, LABEL_MAX));
  const widest = Math.max(0, ...labels.map((label) => measure.width(label, false, SIZE)));
  const straight = widest <= slot - 2;
  // Rotated labels stand about one line apart along the axis; thin them to every `every`-th.
  const every = straight ? 1 : Math.max(1, Math.ceil((lineHeight * 1.3) / slot));
  const labelHeight = straight ? lineHeight + 4 : (widest + lineHeight) * COS45 + 6;

  const plotTop = box.y + titleHeight + 6;
  const plotBottom = Math.max(plotTop + 20, box.y + box.height - labelHeight);
  const plotHeight = plotBottom - plotTop;
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const yOf = (value: number) => plotBottom - ((value - low) / (high - low || 1)) * plotHeight;

  doc.font('body').fontSize(SIZE);
  ticks.forEach((tick, index) => {
    const y = yOf(tick);
    doc
      .moveTo(plotX, y)
      .lineTo(plotX + plotWidth, y)
      .lineWidth(tick === 0 ? 0.8 : 0.4)
      .strokeColor(tick === 0 ? AXIS : GRID)
      .stroke();
    const text = tickTexts[index]!;
    doc.fillColor(AXIS).text(text, plotX - 3 - measure.width(text, false, SIZE), y - lineHeight / 2, { lineBreak: false });
  });
  doc.moveTo(plotX, plotTop).lineTo(plotX, plotBottom).lineWidth(0.6).strokeColor(AXIS).stroke();

  if (chart.type === 'bar') {
    const barWidth = Math.min(48, Math.max(0.3, slot * 0.7));
    chart.values.forEach((value, index) => {
      if (value === null || !Number.isFinite(value)) return;
      const top = yOf(Math.max(value, 0));
      const bottom = yOf(Math.min(value, 0));
      doc.rect(plotX + index * slot + (slot - barWidth) / 2, top, barWidth, Math.max(0.3, bottom - top));
    });
    doc.fillColor(BAR).fill();
  } else {
    let drawing = false;
    chart.values.forEach((value, index) => {
      const x = plotX + (index + 0.5) * slot;
      if (value === null || !Number.isFinite(value)) {
        drawing = false;
        return;
      }
      if (drawing) doc.lineTo(x, yOf(value));
      else doc.moveTo(x, yOf(value));
      drawing = true;
    });
    doc.lineWidth(1.2).strokeColor(BAR).stroke();
    if (count <= 60) {
      chart.values.forEach((value, index) => {
        if (value === null || !Number.isFinite(value)) return;
        doc.circle(plotX + (index + 0.5) * slot, yOf(value), 1.8);
      });
      doc.fillColor(BAR).fill();
    }
  }

  doc.font('body').fontSize(SIZE).fillColor('#000000');
  labels.forEach((label, index) => {
    if (index % every !== 0) return;
    const center = plotX + (index + 0.5) * slot;
    const width = measure.width(label, false, SIZE);
    if (straight) {
      doc.text(label, center - width / 2, plotBottom + 3, { lineBreak: false });
      return;
    }
    // Rotated 45° counter-clockwise about the tick, the label ends at the tick and runs down to the left.
    doc.save();
    doc.rotate(-45, { origin: [center, plotBottom + 3] });
    doc.text(label, center - width - 2, plotBottom + 3 - lineHeight / 2, { lineBreak: false });
    doc.restore();
  });
  doc.restore();
}
