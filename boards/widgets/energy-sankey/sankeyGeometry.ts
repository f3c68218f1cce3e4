import { sankey, sankeyLeft, type SankeyLink, type SankeyNode } from 'd3-sankey';
import { withThousands } from '@shared/format';
import type { EnergyFlowData } from '@shared/board/channels';
import { seriesColour, type ChartPalette } from '../../charts/palette';
import { CHART_FONT, scaledFont } from '../../charts/textStyles';
import { ellipsize, textWidth } from '../../charts/svg/textFit';
import type { EnergySankeyOptions } from './options';
import { fitColumn } from './labelSpread';
import { legendHeight, legendRows, type LegendItem, type SankeyLegendEntry } from './sankeyLegend';

export interface SankeyInput {
  data: EnergyFlowData;
  /** The root's label in the wall's language (the payload names it with a fixed word). */
  siteLabel: string;
  options: EnergySankeyOptions;
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

export interface SankeyNodeBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
  /** The node's energy: the larger of what flows in and what flows out. */
  value: number;
}

export interface SankeyBand {
  /** A cubic Bézier along the band's middle, stroked `width` wide. */
  d: string;
  width: number;
  /** The gradient runs from the source's colour to the target's, along the flow (user-space ends). */
  from: string;
  to: string;
  gradient: { x1: number; y1: number; x2: number; y2: number };
}

export interface SankeyLabel {
  x: number;
  /** The middle of the first line; further lines follow `lineHeight` apart. */
  y: number;
  anchor: 'start' | 'middle';
  /** One line beside a node (horizontal), or name and energy under it (vertical). */
  lines: string[];
  /** A label pushed off its thin node (to make room for its neighbours' labels) is tied to it by a line. */
  leader?: { x1: number; y1: number; x2: number; y2: number };
}

export interface SankeyGeometry {
  nodes: SankeyNodeBox[];
  bands: SankeyBand[];
  labels: SankeyLabel[];
  /** The nodes that have no room for a label: every node is named on the tile, one way or the other. */
  legend: SankeyLegendEntry[];
  fontSize: number;
  lineHeight: number;
  /** Outline in the tile's colour behind label text, so labels over bands stay readable. */
  halo: number;
  bandOpacity: number;
}

/** Whether the flow has anything to draw: at least one link carrying energy. */
export const hasFlow = (data: EnergyFlowData): boolean => data.links.some((link) => link.value > 0);

interface FlowNode {
  name: string;
  /** Position in the payload: the node's colour and its place in its column. */
  order: number;
}
type LaidNode = SankeyNode<FlowNode, object>;
type LaidLink = SankeyLink<FlowNode, object>;

const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * The flow's layout: d3-sankey columns by depth (site → departments → children), each node under its parent
 * in the payload's order so the picture does not reshuffle when figures move, links that carried nothing dropped (with
 * nodes left without any flow). Horizontal flows label each node on its right (the last column gets reserved
 * room), the labels of a column spread apart so thin nodes' labels do not sit on each other (labelSpread.ts);
 * vertical flows label under each node. Labels are shortened to their room, so they never overlap or leave the
 * tile; a node left without a label (no room at all) gets a legend entry under the flow, which is laid out
 * again with that room taken off.
 */
export function sankeyGeometry(input: SankeyInput): SankeyGeometry {
  const fontSize = scaledFont(CHART_FONT.label, input.scale);
  const lineHeight = round(fontSize * 1.25);
  const gap = Math.round(8 * input.scale);
  let reserve = 0;
  let flow = layoutFlow(input, reserve, fontSize, lineHeight);
  // A legend takes room from the flow, which can squeeze more nodes out: settle in a few rounds (rows only grow).
  for (let pass = 0; pass < 3 && flow.unlabelled.length > 0; pass += 1) {
    const needed = legendHeight(flow.unlabelled, input.width - 2 * gap, fontSize, lineHeight, gap) + gap / 2;
    if (needed <= reserve) break;
    reserve = needed;
    flow = layoutFlow(input, reserve, fontSize, lineHeight);
  }
  const { entries } = legendRows(flow.unlabelled, {
    left: gap,
    top: input.height - reserve + gap / 2,
    width: input.width - 2 * gap,
    fontSize,
    lineHeight,
    gap,
  });
  return {
    nodes: flow.nodes,
    bands: flow.bands,
    labels: flow.labels,
    legend: entries,
    fontSize,
    lineHeight,
    halo: Math.max(1, Math.round(3 * input.scale)),
    bandOpacity: 0.35,
  };
}

interface LaidFlow {
  nodes: SankeyNodeBox[];
  bands: SankeyBand[];
  labels: SankeyLabel[];
  unlabelled: LegendItem[];
}

/** The flow in the tile less `reserve` pixels at the bottom (the legend's). */
function layoutFlow(
  { data, siteLabel, options, palette, width, height: tileHeight, scale }: SankeyInput,
  reserve: number,
  fontSize: number,
  lineHeight: number,
): LaidFlow {
  const height = Math.max(1, tileHeight - reserve);
  const px = (design: number) => Math.round(design * scale);
  const horizontal = options.orient === 'horizontal';
  const labelGap = px(5);
  const roots = new Set(data.nodes.filter((node) => node.depth === 0).map((node) => node.name));
  const depthOf = new Map(data.nodes.map((node) => [node.name, node.depth]));
  // Only links down the hierarchy between known nodes: d3-sankey throws on unknown names and cycles.
  const links = data.links
    .filter(({ source, target, value }) => value > 0 && (depthOf.get(source) ?? Infinity) < (depthOf.get(target) ?? -Infinity))
    .map(({ source, target, value }) => ({ source, target, value }));
  const linked = new Set(links.flatMap((link) => [link.source, link.target]));
  const nodes: FlowNode[] = data.nodes.flatMap((node, order) => (linked.has(node.name) ? [{ name: node.name, order }] : []));
  const placeOf = columnPlaces(nodes, links);

  // The layout runs left to right; a vertical flow swaps the axes afterwards.
  const [across, along] = horizontal ? [width, height] : [height, width];
  const margin = horizontal ? { start: px(8), end: Math.min(px(210), Math.round(width * 0.45)), side: px(12) } : { start: px(24), end: px(48), side: px(24) };
  const layout = sankey<FlowNode, object>()
    .nodeId((node) => node.name)
    .nodeAlign(sankeyLeft)
    .nodeSort((a, b) => comparePlaces(placeOf.get(a.name)!, placeOf.get(b.name)!))
    .nodeWidth(px(14))
    .nodePadding(px(10))
    .extent([
      [margin.start, margin.side],
      [Math.max(margin.start + px(14) + 1, across - margin.end), Math.max(margin.side + 1, along - margin.side)],
    ]);
  const graph = layout({ nodes, links });
  const laid = graph.nodes as LaidNode[];
  const columns = [...new Set(laid.map((node) => node.x0!))].sort((a, b) => a - b);
  const colourOf = (node: LaidNode) => seriesColour(palette, node.order);
  const labelOf = (node: LaidNode) => (roots.has(node.name) ? siteLabel : node.name);
  const numberOf = (node: LaidNode) => withThousands(node.value!, options.digits);
  const figureOf = (node: LaidNode) => `${numberOf(node)} ${data.unit}`.trimEnd();

  const boxes = laid.map((node): SankeyNodeBox => {
    const [x, y, w, h] = horizontal
      ? [node.x0!, node.y0!, node.x1! - node.x0!, node.y1! - node.y0!]
      : [node.y0!, node.x0!, node.y1! - node.y0!, node.x1! - node.x0!];
    return { name: node.name, x: round(x), y: round(y), width: round(w), height: round(h), fill: colourOf(node), value: node.value! };
  });

  const bands = (graph.links as LaidLink[]).map((link): SankeyBand => {
    const source = link.source as LaidNode;
    const target = link.target as LaidNode;
    const [start, end, middle] = [round(source.x1!), round(target.x0!), round((source.x1! + target.x0!) / 2)];
    const [from, to] = [round(link.y0!), round(link.y1!)];
    const d = horizontal
      ? `M${start},${from}C${middle},${from} ${middle},${to} ${end},${to}`
      : `M${from},${start}C${from},${middle} ${to},${middle} ${to},${end}`;
    const gradient = horizontal ? { x1: start, y1: 0, x2: end, y2: 0 } : { x1: 0, y1: start, x2: 0, y2: end };
    return { d, width: Math.max(1, round(link.width!)), from: colourOf(source), to: colourOf(target), gradient };
  });

  const labels: SankeyLabel[] = [];
  const unlabelled: LegendItem[] = [];
  const toLegend = (node: LaidNode) => unlabelled.push({ text: `${labelOf(node)}  ${figureOf(node)}`, fill: colourOf(node) });
  if (horizontal) {
    columns.forEach((x0, column) => {
      const inColumn = laid.filter((node) => node.x0 === x0);
      const next = columns[column + 1];
      // Up to the next column's nodes, or to the tile's edge after the last column.
      const end = next === undefined ? width - px(4) : next - labelGap;
      const items = inColumn.map((node) => ({ ideal: (node.y0! + node.y1!) / 2, value: node.value! }));
      const { kept, centres } = fitColumn(items, lineHeight / 2, height - lineHeight / 2, lineHeight);
      inColumn.forEach((node, index) => {
        const at = kept.indexOf(index);
        const y = at < 0 ? undefined : centres[at]!;
        const centre = items[index]!.ideal;
        // Off its node's span: indented and tied to it by a leader, so it reads as that node's.
        const displaced = y !== undefined && (y < node.y0! - 0.5 || y > node.y1! + 0.5);
        const x = node.x1! + labelGap + (displaced ? px(10) : 0);
        const line = y === undefined ? '' : fitNameAndFigure(labelOf(node), figureOf(node), end - x, fontSize);
        if (!line || y === undefined) return void toLegend(node);
        const leader = displaced ? { leader: { x1: round(node.x1! + 1), y1: round(centre), x2: round(x - px(2)), y2: round(y) } } : {};
        labels.push({ x: round(x), y: round(y), anchor: 'start', lines: [line], ...leader });
      });
    });
  } else {
    for (const node of laid) {
      const thickness = node.y1! - node.y0!;
      const next = columns[columns.indexOf(node.x0!) + 1];
      if (thickness < fontSize) {
        toLegend(node);
        continue;
      }
      // Under the node: as wide as the node and half the gap on each side; as many lines as fit before the next row.
      const room = thickness + px(10) - labelGap;
      const depthRoom = (next ?? height) - node.x1! - labelGap;
      const lines =
        depthRoom >= 2 * lineHeight
          ? [ellipsize(labelOf(node), room, fontSize), fitFigure(figureOf(node), numberOf(node), room, fontSize)].filter(Boolean)
          : depthRoom >= lineHeight
            ? [fitNameAndFigure(labelOf(node), figureOf(node), room, fontSize)].filter(Boolean)
            : [];
      if (lines.length > 0) labels.push({ x: round((node.y0! + node.y1!) / 2), y: round(node.x1! + labelGap + lineHeight / 2), anchor: 'middle', lines });
      else toLegend(node);
    }
  }

  return { nodes: boxes, bands, labels, unlabelled };
}

/**
 * Where a node sits in its column: under its parent (the source of its first link), then in payload order,
 * as a path of payload positions from the root, so children line up with their parents and bands do not cross.
 */
function columnPlaces(nodes: FlowNode[], links: { source: string; target: string }[]): Map<string, number[]> {
  const orderOf = new Map(nodes.map((node) => [node.name, node.order]));
  const parentOf = new Map<string, string>();
  for (const link of links) if (!parentOf.has(link.target)) parentOf.set(link.target, link.source);
  const places = new Map<string, number[]>();
  const placeOf = (name: string): number[] => {
    const known = places.get(name);
    if (known) return known;
    const parent = parentOf.get(name);
    const place = [...(parent === undefined ? [] : placeOf(parent)), orderOf.get(name)!];
    places.set(name, place);
    return place;
  };
  for (const node of nodes) placeOf(node.name);
  return places;
}

function comparePlaces(a: number[], b: number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return a.length - b.length;
}

/** A figure is never cut: "25,655.9 kWh", else "25,655.9", else nothing. */
function fitFigure(figure: string, number: string, room: number, fontSize: number): string {
  if (textWidth(figure, fontSize) <= room) return figure;
  return textWidth(number, fontSize) <= room ? number : '';
}

/** "Name  1,500 kWh" when it fits, else the name shortened before the figure, else what fits of the name. */
function fitNameAndFigure(name: string, figure: string, room: number, fontSize: number): string {
  const whole = `${name}  ${figure}`;
  if (textWidth(whole, fontSize) <= room) return whole;
  const shortName = ellipsize(name, room - textWidth(`  ${figure}`, fontSize), fontSize);
  if (shortName) return `${shortName}  ${figure}`;
  return ellipsize(name, room, fontSize);
}
