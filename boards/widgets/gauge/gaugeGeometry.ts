import { arc } from 'd3-shape';
import { abbreviateNumber } from '@shared/format';
import type { ChartPalette } from '../../charts/palette';
import { CHART_FONT, scaledFont } from '../../charts/textStyles';
import { gaugeBands, gaugeState, stateColour, type GaugeState } from './gaugeBands';
import type { GaugeOptions } from './options';

/** The dial sweeps 260°, open at the bottom: angles in radians from 12 o'clock, clockwise (d3-shape's). */
const SWEEP = (260 * Math.PI) / 180;
const START = -SWEEP / 2;
/** The figure's design size: smaller than a KPI's, it shares the tile with the dial. */
const FIGURE_PX = 26;
/** Where the figure's middle sits below the centre, as a fraction of the radius (between the dial's open ends). */
const FIGURE_DROP = 0.7;
/** Average glyph width in em, to fit text without measuring it. */
const EM = 0.6;

const round1 = (n: number) => Math.round(n * 10) / 10;

export interface GaugeInput {
  value: number;
  /** The figure as printed, unit included. */
  text: string;
  options: GaugeOptions;
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

export interface GaugeText {
  x: number;
  y: number;
  text: string;
  fontSize: number;
  fill: string;
}

/** Everything the dial draws, coordinates relative to its centre (cx, cy) in CSS pixels. */
export interface GaugeGeometry {
  cx: number;
  cy: number;
  /** Outer radius of the coloured ring and its thickness. */
  radius: number;
  thickness: number;
  bands: { d: string; fill: string }[];
  /** Gaps between fifths of the range, in the tile's colour. */
  ticks: { x1: number; y1: number; x2: number; y2: number }[];
  tickWidth: number;
  gapColour: string;
  /** The needle (a triangle) and its hub, pinned to the range ends. */
  needle: { d: string; hubRadius: number; fill: string };
  state: GaugeState;
  figure: GaugeText;
  min: GaugeText;
  max: GaugeText;
}

/** The angle of a fraction of the range. */
export const gaugeAngle = (fraction: number): number => START + SWEEP * Math.min(Math.max(fraction, 0), 1);

const polar = (radius: number, angle: number) => ({ x: round1(radius * Math.sin(angle)), y: round1(-radius * Math.cos(angle)) });

/**
 * The dial laid out in the tile: the largest ring that leaves room for the min/max labels under its open
 * ends and the figure between them, centred. The needle stops at the range ends; the figure prints the real value.
 */
export function gaugeGeometry({ value, text, options, palette, width, height, scale }: GaugeInput): GaugeGeometry {
  const pad = Math.round(4 * scale);
  const gap = Math.round(4 * scale);
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  // Below the centre the ring reaches cos(50°) of its radius (its open ends).
  const endDrop = -Math.cos(gaugeAngle(1));
  const endSpread = Math.sin(gaugeAngle(1));
  // Fonts follow the board, capped by a first guess of the radius so a small tile keeps a readable dial.
  const guess = Math.max(Math.min(innerW / 2, innerH / (1 + FIGURE_DROP + 0.15)), 1);
  const labelFont = Math.min(scaledFont(CHART_FONT.axis, scale), Math.round(guess * 0.14));
  const minText = abbreviateNumber(options.min, 1);
  const maxText = abbreviateNumber(options.max, 1);
  const labelHalf = (EM * labelFont * Math.max(minText.length, maxText.length)) / 2;
  const figureCap = Math.min(scaledFont(FIGURE_PX, scale), Math.round(guess * 0.3));
  const radius = Math.max(Math.floor(Math.min(innerW / 2, (innerH - gap - labelFont) / (1 + endDrop), (innerH - 0.55 * figureCap) / (1 + FIGURE_DROP))), 1);
  const thickness = Math.max(Math.round(4 * scale), Math.round(radius * 0.15));
  const mid = radius - thickness / 2;
  // The figure sits between the min and max labels.
  const figureRoom = 2 * (mid * endSpread - labelHalf - gap);
  const figureFont = Math.max(8, Math.floor(Math.min(figureCap, figureRoom / (EM * Math.max(text.length, 1)))));
  const below = Math.max(radius * endDrop + gap + labelFont, radius * FIGURE_DROP + 0.55 * figureFont);
  const cx = round1(width / 2);
  const cy = round1(pad + radius + (innerH - radius - below) / 2);

  const ring = arc<{ startAngle: number; endAngle: number }>()
    .innerRadius(radius - thickness)
    .outerRadius(radius)
    .digits(1);
  let from = 0;
  const bands: GaugeGeometry['bands'] = [];
  for (const [to, fill] of gaugeBands(options, palette)) {
    if (to > from) bands.push({ d: ring({ startAngle: gaugeAngle(from), endAngle: gaugeAngle(to) }) ?? '', fill });
    from = Math.max(from, to);
  }
  const ticks = [0.2, 0.4, 0.6, 0.8].map((fraction) => {
    const inner = polar(radius - thickness, gaugeAngle(fraction));
    const outer = polar(radius, gaugeAngle(fraction));
    return { x1: inner.x, y1: inner.y, x2: outer.x, y2: outer.y };
  });

  const angle = gaugeAngle((value - options.min) / (options.max - options.min));
  const tip = polar(radius * 0.6, angle);
  const base = Math.max(3, Math.round(thickness * 0.4)) / 2;
  const left = polar(base, angle - Math.PI / 2);
  const right = polar(base, angle + Math.PI / 2);
  const state = gaugeState(value, options);
  const labelY = round1(radius * endDrop + gap + labelFont / 2);
  const labelX = round1(mid * endSpread);
  return {
    cx,
    cy,
    radius,
    thickness,
    bands,
    ticks,
    tickWidth: Math.max(1, Math.round(scale)),
    gapColour: palette.surface,
    needle: { d: `M${tip.x},${tip.y}L${left.x},${left.y}L${right.x},${right.y}Z`, hubRadius: Math.round(thickness * 0.6), fill: palette.text },
    state,
    figure: { x: 0, y: round1(radius * FIGURE_DROP), text, fontSize: figureFont, fill: stateColour(state, palette) },
    min: { x: -labelX, y: labelY, text: minText, fontSize: labelFont, fill: palette.subtleText },
    max: { x: labelX, y: labelY, text: maxText, fontSize: labelFont, fill: palette.subtleText },
  };
}
