import type { EChartsCoreOption } from 'echarts/core';
import { withThousands } from '@shared/format';
import type { EnergyFlowData } from '@shared/board/channels';
import type { ChartPalette } from '../../charts/palette';
import { scaledFont } from '../../charts/textStyles';
import type { EnergySankeyOptions } from './descriptor';

export interface SankeyInput {
  data: EnergyFlowData;
  /** The root's label in the wall's language (the payload names it with a fixed word). */
  siteLabel: string;
  options: EnergySankeyOptions;
  palette: ChartPalette;
  scale: number;
}

/** Whether the flow has anything to draw: at least one link carrying energy. */
export const hasFlow = (data: EnergyFlowData): boolean => data.links.some((link) => link.value > 0);

/**
 * Node labels: the name (the root translated) and the node's energy. Nodes keep the payload's order
 * (layoutIterations 0), so the picture does not reshuffle when figures move every few seconds.
 */
export function sankeyOption({ data, siteLabel, options, palette, scale }: SankeyInput): EChartsCoreOption {
  const roots = new Set(data.nodes.filter((node) => node.depth === 0).map((node) => node.name));
  const gap = (px: number) => Math.round(px * scale);
  const horizontal = options.orient === 'horizontal';
  return {
    animation: false,
    color: palette.series,
    series: [
      {
        id: 'flow',
        type: 'sankey',
        orient: options.orient,
        left: gap(horizontal ? 8 : 24),
        // The last column's labels (name and energy) sit to the right of its nodes: leave them room.
        right: gap(horizontal ? 210 : 24),
        top: gap(horizontal ? 12 : 24),
        bottom: gap(horizontal ? 12 : 48),
        nodeWidth: gap(14),
        nodeGap: gap(10),
        layoutIterations: 0,
        silent: true,
        data: data.nodes.map(({ name, depth }) => ({ name, depth })),
        links: data.links.filter((link) => link.value > 0).map(({ source, target, value }) => ({ source, target, value })),
        lineStyle: { color: 'gradient', opacity: 0.35, curveness: 0.5 },
        itemStyle: { borderWidth: 0 },
        label: {
          color: palette.text,
          fontSize: scaledFont(12, scale),
          position: horizontal ? 'right' : 'bottom',
          ...(horizontal ? { width: gap(200), overflow: 'truncate' as const } : {}),
          formatter: ({ name, value }: { name: string; value: number }) => `${roots.has(name) ? siteLabel : name}  ${withThousands(value, options.digits)} ${data.unit}`.trimEnd(),
        },
      },
    ],
  };
}
