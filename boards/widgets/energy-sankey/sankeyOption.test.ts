import { describe, expect, it } from 'vitest';
import { SankeyChart } from 'echarts/charts';
import { renderOptionToSvg } from '../../charts/testing/renderOption';
import type { EnergyFlowData } from '@shared/board/channels';
import { chartPalette } from '../../charts/palette';
import { hasFlow, sankeyOption } from './sankeyOption';
import { energySankeyOptions, energySankeyWidget } from './descriptor';

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

describe('energy-sankey descriptor', () => {
  it('has defaults and reads the flow over the binding’s window (default today)', () => {
    const options = energySankeyOptions.parse({});
    expect(options).toEqual({ orient: 'horizontal', digits: 0 });
    expect(energySankeyWidget.channels({}, options)).toEqual(['energy:flow:electricity:day:1']);
    expect(energySankeyWidget.channels({ energyType: 'water', grain: 'month', periods: 3 }, options)).toEqual(['energy:flow:water:month:3']);
  });
});

describe('sankey option', () => {
  it('keeps the payload’s nodes in order, drops links that carried nothing, animation off', () => {
    const option = sankeyOption({ data: flow, siteLabel: '全厂', options: energySankeyOptions.parse({}), palette, scale: 1 }) as Record<string, any>;
    const [sankey] = option.series;
    expect(option.animation).toBe(false);
    expect(sankey.layoutIterations).toBe(0);
    expect(sankey.data).toEqual(flow.nodes);
    expect(sankey.links).toEqual([flow.links[0], flow.links[2]]);
    expect(sankey.label.formatter({ name: 'Site', value: 1500.4 })).toBe('全厂  1,500 kWh');
    expect(sankey.label.formatter({ name: 'Line 1', value: 900 })).toBe('Line 1  900 kWh');
    expect(sankey.label.position).toBe('right');
  });

  it('scales node sizes and text, and turns for a vertical flow', () => {
    const option = sankeyOption({ data: flow, siteLabel: 'Site', options: { orient: 'vertical', digits: 1 }, palette, scale: 2 }) as Record<string, any>;
    expect(option.series[0]).toMatchObject({ orient: 'vertical', nodeWidth: 28, nodeGap: 20, bottom: 96 });
    expect(option.series[0].label).toMatchObject({ position: 'bottom', fontSize: 24 });
  });

  it('has nothing to draw before energy flows', () => {
    expect(hasFlow(flow)).toBe(true);
    expect(hasFlow({ ...flow, links: [{ source: 'Site', target: 'Warehouse', value: 0 }] })).toBe(false);
  });
});

describe('sankey drawn by echarts', () => {
  it('renders the translated root and each node’s energy', () => {
    const svg = renderOptionToSvg(sankeyOption({ data: flow, siteLabel: 'Planta', options: energySankeyOptions.parse({}), palette, scale: 1 }), [SankeyChart], 800, 400);
    expect(svg).toContain('Planta  1,500 kWh');
    expect(svg).toContain('Main Plant  1,500 kWh');
    expect(svg).toContain('Line 1  900 kWh');
  });
});
