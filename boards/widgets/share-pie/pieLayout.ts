import { arc, pie, type PieArcDatum } from 'd3-shape';
import { seriesColour, type ChartPalette } from '../../charts/palette';
import { CHART_FONT, scaledFont } from '../../charts/textStyles';
import type { PieSlice } from './pieSlices';

/** A donut's hole, as a fraction of the outer radius (echarts' 42 % / 66 % before). */
const HOLE = 42 / 66;
/** Slices narrower than this (radians, ≈ 1.5 %) get no label: their leader would point at a sliver. */
const MIN_LABEL_ANGLE = 0.095;
/** Average glyph width in em, to fit text without measuring it. */
const EM = 0.6;
/** The centre total's design size. */
const TOTAL_PX = 20;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Wide (CJK, full-width) characters take a whole em; the rest about 0.6. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const charEms = (char: string) => (WIDE.test(char) ? 1 : EM);

/** A text's estimated width in em (no measuring on the server or in a 1 Hz render). */
export const textEms = (text: string): number => [...text].reduce((sum, char) => sum + charEms(char), 0);

/** The text shortened with an ellipsis to at most `ems` wide. */
export function fitText(text: string, ems: number): string {
  if (textEms(text) <= ems) return text;
  let used = EM; // the ellipsis
  let kept = '';
  for (const char of text) {
    if (used + charEms(char) > ems) break;
    used += charEms(char);
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}

export interface PieInput {
  slices: PieSlice[];
  donut: boolean;
  /** Printed in a donut's hole (the whole, abbreviated, and its unit); none in a full pie. */
  total?: { value: string; unit: string };
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

export interface PieLabel {
  /** The slice's name, shortened to fit the tile. */
  name: string;
  percent: string;
  /** Where the two lines' middles sit; text runs away from the pie (anchor start on the right). */
  x: number;
  nameY: number;
  percentY: number;
  anchor: 'start' | 'end';
  /** SVG polyline points from the slice's edge to the text. */
  leader: string;
}

/** Everything the pie draws, coordinates relative to its centre (cx, cy) in CSS pixels. */
export interface PieLayout {
  cx: number;
  cy: number;
  outer: number;
  inner: number;
  arcs: { d: string; fill: string }[];
  /** Gaps between slices, in the tile's colour. */
  gap: { stroke: string; width: number };
  labels: PieLabel[];
  label: { fontSize: number; lineHeight: number; fill: string; leader: string; leaderWidth: number };
  centre: { value: string; unit: string; valueY: number; unitY: number; fontSize: number; unitFontSize: number; fill: string; unitFill: string } | null;
}

interface Candidate {
  index: number;
  value: number;
  angle: number;
  y: number;
}

/**
 * Spreads one side's labels vertically: at least `spacing` apart inside [top, bottom], as near their slices as
 * that allows. When they cannot all fit, the smallest slices lose their labels first.
 */
export function spreadLabels(candidates: Candidate[], spacing: number, top: number, bottom: number): Candidate[] {
  const room = Math.floor((bottom - top) / spacing) + 1;
  const kept = [...candidates]
    .sort((a, b) => b.value - a.value)
    .slice(0, Math.max(room, 0))
    .sort((a, b) => a.y - b.y)
    .map((candidate) => ({ ...candidate }));
  for (let i = 0; i < kept.length; i += 1) kept[i]!.y = Math.max(kept[i]!.y, top, i > 0 ? kept[i - 1]!.y + spacing : top);
  for (let i = kept.length - 1; i >= 0; i -= 1) kept[i]!.y = Math.min(kept[i]!.y, bottom, i < kept.length - 1 ? kept[i + 1]!.y - spacing : bottom);
  return kept;
}

/**
 * The pie laid out in the tile: slices clockwise from 12 o'clock in data order (Others last), each labelled
 * with its name and percentage in a column beside the pie, joined by a leader line. Labels never overlap the
 * pie (they start past its edge) nor each other (spread, then dropped smallest-first when the tile is short).
 */
export function pieLayout({ slices, donut, total, palette, width, height, scale }: PieInput): PieLayout {
  const pad = Math.round(4 * scale);
  const fontSize = scaledFont(CHART_FONT.label, scale);
  const lineHeight = round1(fontSize * 1.25);
  const elbow = Math.round(8 * scale);
  const run = Math.round(8 * scale);
  const gap = Math.round(4 * scale);
  const percentEms = Math.max(...slices.map((slice) => textEms(slice.percent)), EM);
  // Beside the pie: the leader and room for the longest name, between 6 and 14 latin characters (the pie shrinks for
  // it down to 55 % of the tile's half side; longer names are shortened).
  const nameEms = Math.max(...slices.map((slice) => textEms(slice.name)), EM);
  const sideRoom = elbow + run + gap + fontSize * Math.min(Math.max(6 * EM, percentEms, nameEms), 14 * EM);
  const half = Math.min(width, height) / 2;
  const byHeight = height / 2 - pad - elbow;
  const outer = Math.max(Math.floor(Math.min(byHeight, Math.max(width / 2 - pad - sideRoom, half * 0.55))), 1);
  const inner = donut ? round1(outer * HOLE) : 0;
  const cx = round1(width / 2);
  const cy = round1(height / 2);

  const sum = slices.reduce((acc, slice) => acc + Math.max(slice.value, 0), 0);
  // All zero (a quiet night): no slices rather than equal ones.
  const angles: PieArcDatum<PieSlice>[] =
    sum > 0
      ? pie<PieSlice>()
          .sort(null)
          .value((slice) => Math.max(slice.value, 0))(slices)
      : [];
  const shape = arc<PieArcDatum<PieSlice>>().innerRadius(inner).outerRadius(outer).digits(1);
  const arcs = angles.flatMap((datum) => (datum.endAngle > datum.startAngle ? [{ d: shape(datum) ?? '', fill: seriesColour(palette, datum.index) }] : []));

  const textX = outer + elbow + run + gap;
  const textRoom = width / 2 - pad - textX;
  const spacing = 2 * lineHeight;
  const top = -cy + pad + lineHeight;
  const bottom = height - cy - pad - lineHeight;
  const labels: PieLabel[] = [];
  if (textRoom >= fontSize * percentEms) {
    const candidates = angles
      .filter((datum) => datum.endAngle - datum.startAngle >= MIN_LABEL_ANGLE)
      .map((datum) => {
        const angle = (datum.startAngle + datum.endAngle) / 2;
        return { index: datum.index, value: datum.value, angle, y: -(outer + elbow) * Math.cos(angle) };
      });
    const ems = textRoom / fontSize;
    for (const side of [1, -1] as const) {
      const own = candidates.filter((candidate) => (Math.sin(candidate.angle) >= 0 ? 1 : -1) === side);
      for (const { index, angle, y } of spreadLabels(own, spacing, top, bottom)) {
        const edge = [round1(outer * Math.sin(angle)), round1(-outer * Math.cos(angle))];
        // The knee stays on the slice's radius; only the last run bends to a label moved off its height.
        const knee = [round1((outer + elbow) * Math.sin(angle)), round1(-(outer + elbow) * Math.cos(angle))];
        const end = [round1(side * (outer + elbow + run)), round1(y)];
        labels.push({
          name: fitText(slices[index]!.name, ems),
          percent: slices[index]!.percent,
          x: round1(side * textX),
          nameY: round1(y - lineHeight / 2),
          percentY: round1(y + lineHeight / 2),
          anchor: side === 1 ? 'start' : 'end',
          leader: [edge, knee, end].map((point) => point.join(',')).join(' '),
        });
      }
    }
  }

  let centre: PieLayout['centre'] = null;
  if (donut && total && arcs.length > 0) {
    const fitted = Math.min(scaledFont(TOTAL_PX, scale), Math.floor((1.6 * inner) / (EM * Math.max(total.value.length, 1))), Math.floor(inner * 0.5));
    const unitFontSize = Math.min(scaledFont(CHART_FONT.caption, scale), Math.floor(fitted * 0.8));
    // Too small a hole for a readable figure and unit: leave it empty.
    if (fitted >= 10) {
      centre = {
        value: total.value,
        unit: total.unit,
        valueY: total.unit ? round1(-unitFontSize * 0.6) : 0,
        unitY: round1(fitted * 0.6),
        fontSize: fitted,
        unitFontSize,
        fill: palette.text,
        unitFill: palette.subtleText,
      };
    }
  }

  return {
    cx,
    cy,
    outer,
    inner,
    arcs,
    gap: { stroke: palette.surface, width: Math.max(1, Math.round(scale)) },
    labels,
    label: { fontSize, lineHeight, fill: palette.text, leader: palette.axisLine, leaderWidth: Math.max(1, Math.round(scale)) },
    centre,
  };
}
