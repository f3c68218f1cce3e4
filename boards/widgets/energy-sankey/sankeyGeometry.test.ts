import { describe, expect, it } from 'vitest';
import type { EnergyFlowData } from '@shared/board/channels';
import { withThousands } from '@shared/format';
import { chartPalette } from '../../charts/palette';
import { hasFlow, sankeyGeometry } from './sankeyGeometry';
import { energySankeyWidget } from './descriptor';
import { energySankeyOptions } from './options';

const palette = chartPalette({ mode: 'dark', accent: '#3aa0ff' });
const flow: EnergyFlowData = {
  unit: 'kWh',
  nodes: [
    { name: 'Site', depth: 0 },
    { name: 'Main Plant', depth: 1 },
    { name: 'Warehouse', depth: 1 },
    { name: 'Line 1', depth: 2 },
  ],
  links: [
    { source: 'Site', target: 'Main Plant', value: 1500.4 },
    { source: 'Site', target: 'Warehouse', value: 0 },
    { source: 'Main Plant', target: 'Line 1', value: 900 },
  ],
  computedAt: 1,
};
const horizontal = energySankeyOptions.parse({});

describe('energy-sankey descriptor', () => {
  it('has defaults and reads the flow over the binding’s window (default today)', () => {
    const options = energySankeyOptions.parse({});
    expect(options).toEqual({ orient: 'horizontal', digits: 0 });
    expect(energySankeyWidget.channels({}, options)).toEqual(['energy:flow:electricity:day:1']);
    expect(energySankeyWidget.channels({ energyType: 'water', grain: 'month', periods: 3 }, options)).toEqual(['energy:flow:water:month:3']);
  });
});

describe('sankey geometry', () => {
  it('lays columns by depth in the payload’s order, drops links (and nodes) that carried nothing', () => {
    const { nodes, bands } = sankeyGeometry({ data: flow, siteLabel: '全厂', options: horizontal, palette, width: 800, height: 400, scale: 1 });
    // Margins 8 left, 210 right (the last column's labels), 12 top and bottom; nodes 14 wide.
    expect(nodes).toEqual([
      { name: 'Site', x: 8, y: 12, width: 14, height: 376, fill: '#3aa0ff', value: 1500.4 },
      { name: 'Main Plant', x: 292, y: 12, width: 14, height: 376, fill: '#36cfc9', value: 1500.4 },
      // 900 of 1500.4 kWh: 225.5 px, level with the top of its parent's outflow.
      { name: 'Line 1', x: 576, y: 12, width: 14, height: 225.5, fill: '#9254de', value: 900 },
    ]);
    expect(bands).toEqual([
      { d: 'M22,200C157,200 157,200 292,200', width: 376, from: '#3aa0ff', to: '#36cfc9', gradient: { x1: 22, y1: 0, x2: 292, y2: 0 } },
      { d: 'M306,124.8C441,124.8 441,124.8 576,124.8', width: 225.5, from: '#36cfc9', to: '#9254de', gradient: { x1: 306, y1: 0, x2: 576, y2: 0 } },
    ]);
  });

  it('labels each node on its right with its name (the root translated) and energy', () => {
    const { labels, fontSize } = sankeyGeometry({ data: flow, siteLabel: '全厂', options: horizontal, palette, width: 800, height: 400, scale: 1 });
    expect(fontSize).toBe(12);
    expect(labels).toEqual([
      { x: 27, y: 200, anchor: 'start', lines: ['全厂  1,500 kWh'] },
      { x: 311, y: 200, anchor: 'start', lines: ['Main Plant  1,500 kWh'] },
      { x: 595, y: 124.8, anchor: 'start', lines: ['Line 1  900 kWh'] },
    ]);
  });

  it('scales node sizes and text, and turns for a vertical flow with name and energy under each node', () => {
    const geometry = sankeyGeometry({ data: flow, siteLabel: 'Site', options: { orient: 'vertical', digits: 1 }, palette, width: 800, height: 400, scale: 2 });
    expect(geometry).toMatchObject({ fontSize: 24, lineHeight: 30, halo: 6 });
    // Margins 48 at the sides and top, 96 at the bottom; nodes 28 thick, 20 apart.
    expect(geometry.nodes.map(({ x, y, width, height }) => [x, y, width, height])).toEqual([
      [48, 48, 704, 28],
      [48, 162, 704, 28],
      [48, 276, 422.3, 28],
    ]);
    expect(geometry.bands[1]).toMatchObject({ d: 'M259.1,190C259.1,233 259.1,233 259.1,276', width: 422.3, gradient: { x1: 0, y1: 190, x2: 0, y2: 276 } });
    expect(geometry.labels).toEqual([
      { x: 400, y: 101, anchor: 'middle', lines: ['Site', '1,500.4 kWh'] },
      { x: 400, y: 215, anchor: 'middle', lines: ['Main Plant', '1,500.4 kWh'] },
      { x: 259.1, y: 329, anchor: 'middle', lines: ['Line 1', '900 kWh'] },
    ]);
  });

  it('shortens names that do not fit before the next column, keeping the figure, and labels thin nodes too', () => {
    const crowded: EnergyFlowData = {
      unit: 'kWh',
      nodes: [
        { name: 'Site', depth: 0 },
        { name: 'Compressed air and cooling', depth: 1 },
        { name: 'Lights', depth: 1 },
        { name: 'Chiller 1', depth: 2 },
      ],
      links: [
        { source: 'Site', target: 'Compressed air and cooling', value: 990 },
        { source: 'Site', target: 'Lights', value: 10 },
        { source: 'Compressed air and cooling', target: 'Chiller 1', value: 500 },
      ],
      computedAt: 1,
    };
    const { nodes, labels } = sankeyGeometry({ data: crowded, siteLabel: 'Site', options: horizontal, palette, width: 480, height: 270, scale: 1 });
    expect(nodes.find((node) => node.name === 'Lights')!.height).toBe(2.4);
    expect(labels.map((label) => label.lines[0])).toEqual(['Site  1,000 kWh', 'Com…  990 kWh', 'Lights  10 kWh', 'Chiller 1  500 kWh']);
    // Room of the middle column: up to the last column's nodes (x 256) less 5 px each side: 100 px.
    expect(labels[1]).toMatchObject({ x: 151 });
  });

  const tree: EnergyFlowData = {
    unit: 'kWh',
    nodes: ['Site', 'Plant', 'Office', 'Press', 'Server room', 'Oven'].map((name, index) => ({ name, depth: index === 0 ? 0 : index < 3 ? 1 : 2 })),
    links: [
      { source: 'Site', target: 'Plant', value: 60000 },
      { source: 'Site', target: 'Office', value: 40000 },
      { source: 'Plant', target: 'Press', value: 30000 },
      { source: 'Office', target: 'Server room', value: 20000 },
      { source: 'Plant', target: 'Oven', value: 25655.9 },
    ],
    computedAt: 1,
  };

  it('keeps children under their parent, in the payload’s order, so bands do not cross', () => {
    const { nodes } = sankeyGeometry({ data: tree, siteLabel: 'Site', options: horizontal, palette, width: 600, height: 300, scale: 1 });
    // Top to bottom in the last column: the Plant's Press and Oven, then the Office's Server room.
    const lastColumn = nodes.filter((node) => node.x === 376).sort((a, b) => a.y - b.y);
    expect(lastColumn.map(({ name, y }) => [name, y])).toEqual([
      ['Press', 12],
      ['Oven', 101.8],
      ['Server room', 181.6],
    ]);
  });

  it('never cuts a figure under a narrow node: drops the unit, then the line', () => {
    const { labels } = sankeyGeometry({
      data: tree,
      siteLabel: 'Site',
      options: { orient: 'vertical', digits: 1 },
      palette,
      width: 300,
      height: 300,
      scale: 1,
    });
    expect(labels.map((label) => label.lines)).toEqual([
      ['Site', '100,000 kWh'],
      ['Plant', '60,000 kWh'],
      ['Office', '40,000 kWh'],
      ['Press', '30,000 kWh'],
      ['Server…', '20,000'],
      ['Oven', '25,655.9'],
    ]);
  });

  // The demo site's flow of a week as the control-room wall draws it at 1920×1080 (tile 938×290, scale 1):
  // the Office Building's two floors are thinner than a line of text.
  const demo: EnergyFlowData = {
    unit: 'kWh',
    nodes: [
      ...['Site'].map((name) => ({ name, depth: 0 })),
      ...['Main Plant', 'Office Building'].map((name) => ({ name, depth: 1 })),
      ...['Production Hall A', 'Production Hall B', 'Utilities', 'Floor 1', 'Floor 2', 'Data Room'].map((name) => ({ name, depth: 2 })),
    ],
    links: [
      { source: 'Site', target: 'Main Plant', value: 48561 },
      { source: 'Site', target: 'Office Building', value: 10354 },
      { source: 'Main Plant', target: 'Production Hall A', value: 19147 },
      { source: 'Main Plant', target: 'Production Hall B', value: 8510 },
      { source: 'Main Plant', target: 'Utilities', value: 19948 },
      { source: 'Office Building', target: 'Floor 1', value: 420 },
      { source: 'Office Building', target: 'Floor 2', value: 380 },
      { source: 'Office Building', target: 'Data Room', value: 7692 },
    ],
    computedAt: 1,
  };

  it('names every node of the demo flow at 1920×1080, the thin floors included, labels a line apart', () => {
    const { nodes, labels, legend, lineHeight } = sankeyGeometry({
      data: demo,
      siteLabel: 'Site',
      options: horizontal,
      palette,
      width: 938,
      height: 290,
      scale: 1,
    });
    expect(nodes.find((node) => node.name === 'Floor 1')!.height).toBeLessThan(2);
    expect(legend).toEqual([]);
    const last = labels.filter((label) => label.x >= 733);
    expect(last.map((label) => [label.lines[0], label.y])).toEqual([
      ['Production Hall A  19,147 kWh', 48.9],
      ['Production Hall B  8,510 kWh', 112.1],
      ['Utilities  19,948 kWh', 176.9],
      // Floor 1 sits level with its node (225.3–226.9); Floor 2 (236.9–238.4) is pushed down a line from it,
      // indented 10 px and tied to its node by a leader; Data Room stays on its node (248.4–278).
      ['Floor 1  420 kWh', 226.1],
      ['Floor 2  380 kWh', 241.1],
      ['Data Room  7,692 kWh', 263.2],
    ]);
    expect(lineHeight).toBe(15);
    expect(last.find((label) => label.lines[0]!.startsWith('Floor 2'))).toMatchObject({ x: 743, leader: { x1: 729, y1: 237.7, x2: 741, y2: 241.1 } });
  });

  it('gives a legend entry under the flow to the smallest nodes when a column cannot hold all labels', () => {
    const rooms = Array.from({ length: 12 }, (_, index) => `Room ${index + 1}`);
    const crowded: EnergyFlowData = {
      unit: 'kWh',
      nodes: [{ name: 'Site', depth: 0 }, ...rooms.map((name) => ({ name, depth: 1 }))],
      // Room 1 the largest … Room 12 the smallest.
      links: rooms.map((name, index) => ({ source: 'Site', target: name, value: 1200 - index * 100 })),
      computedAt: 1,
    };
    const { nodes, labels, legend, lineHeight } = sankeyGeometry({
      data: crowded,
      siteLabel: 'Site',
      options: horizontal,
      palette,
      width: 600,
      height: 150,
      scale: 1,
    });
    const labelled = labels.map((label) => label.lines[0]!.split('  ')[0]);
    const inLegend = legend.map((entry) => entry.text.split('  ')[0]);
    // Every node is named once, one way or the other; the legend holds the smallest rooms.
    expect([...labelled, ...inLegend].sort()).toEqual(['Site', ...rooms].sort());
    expect(inLegend.length).toBeGreaterThan(0);
    expect(inLegend).toEqual(rooms.slice(rooms.length - inLegend.length));
    expect(legend[0]).toMatchObject({ text: `${inLegend[0]}  ${withThousands(1200 - (rooms.length - inLegend.length) * 100, 0)} kWh` });
    // The flow gave the legend its room: no node reaches into it, and the legend stays in the tile.
    const legendTop = Math.min(...legend.map((entry) => entry.y));
    expect(Math.max(...nodes.map((node) => node.y + node.height))).toBeLessThan(legendTop);
    expect(Math.max(...legend.map((entry) => entry.y + entry.swatch))).toBeLessThanOrEqual(150);
    // The labels left in the room column are at least a line apart.
    const ys = labels.filter((label) => label.lines[0]!.startsWith('Room')).map((label) => label.y);
    ys.slice(1).forEach((y, index) => expect(y - ys[index]!).toBeGreaterThanOrEqual(lineHeight - 0.1));
  });

  it('has nothing to draw before energy flows', () => {
    expect(hasFlow(flow)).toBe(true);
    expect(hasFlow({ ...flow, links: [{ source: 'Site', target: 'Warehouse', value: 0 }] })).toBe(false);
  });
});
