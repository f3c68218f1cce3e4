import { useId, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EnergyFlowData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { NoData } from '../../charts/NoData';
import { hasFlow, sankeyGeometry } from './sankeyGeometry';
import type { EnergySankeyOptions } from './options';

function EnergySankeyWidget({ options, channels, title, width, height, scale, theme }: WidgetProps<EnergySankeyOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  // Gradient ids must be unique on a wall showing several flows.
  const idPrefix = useId().replace(/[^\w-]/g, '');
  const reading = useChannel<EnergyFlowData>(channels[0]);
  const geometry = useMemo(
    () =>
      reading && hasFlow(reading.value)
        ? sankeyGeometry({ data: reading.value, siteLabel: t('chartWidgets.sankey.site'), options, palette, width, height, scale })
        : undefined,
    [reading, options, palette, width, height, scale, t],
  );
  if (!geometry) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  const { nodes, bands, labels, legend, fontSize, lineHeight, halo, bandOpacity } = geometry;
  return (
    <svg
      data-testid="energy-sankey"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title || t('chartWidgets.names.energy-sankey')}
    >
      <defs>
        {bands.map((band, index) => (
          <linearGradient key={index} id={`${idPrefix}-band-${index}`} gradientUnits="userSpaceOnUse" {...band.gradient}>
            <stop offset="0" stopColor={band.from} />
            <stop offset="1" stopColor={band.to} />
          </linearGradient>
        ))}
      </defs>
      <g fill="none" strokeOpacity={bandOpacity}>
        {bands.map((band, index) => (
          <path key={index} d={band.d} stroke={`url(#${idPrefix}-band-${index})`} strokeWidth={band.width} />
        ))}
      </g>
      <g>
        {nodes.map((node) => (
          <rect key={node.name} x={node.x} y={node.y} width={node.width} height={node.height} fill={node.fill} />
        ))}
      </g>
      <g stroke={palette.subtleText} strokeWidth={Math.max(1, scale)} data-testid="sankey-leaders">
        {labels.flatMap(({ leader }, index) => (leader ? [<line key={index} {...leader} />] : []))}
      </g>
      <g
        fontSize={fontSize}
        fill={palette.text}
        stroke={palette.surface}
        strokeWidth={halo}
        strokeLinejoin="round"
        paintOrder="stroke"
        dominantBaseline="central"
      >
        {labels.map((label, index) => (
          <text key={index} x={label.x} y={label.y} textAnchor={label.anchor} xmlSpace="preserve">
            {label.lines.map((line, row) => (
              <tspan key={row} x={label.x} y={label.y + row * lineHeight}>
                {line}
              </tspan>
            ))}
          </text>
        ))}
      </g>
      <g fontSize={fontSize} fill={palette.text} dominantBaseline="central" data-testid="sankey-legend">
        {legend.map((entry, index) => (
          <g key={index}>
            <rect x={entry.x} y={entry.y} width={entry.swatch} height={entry.swatch} fill={entry.fill} />
            <text x={entry.x + entry.swatch + fontSize / 3} y={entry.y + entry.swatch / 2} xmlSpace="preserve">
              {entry.text}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}

export default observer(EnergySankeyWidget);
