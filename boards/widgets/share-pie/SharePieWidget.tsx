import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber } from '@shared/format';
import type { EnergyRankingData, EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { energyRows } from '../../charts/energyRows';
import { NoData } from '../../charts/NoData';
import { pieSlices, pieWhole } from './pieSlices';
import { pieLayout, type PieLayout } from './pieLayout';
import type { SharePieOptions } from './options';

function PieDrawing({ layout, width, height, label }: { layout: PieLayout; width: number; height: number; label: string }) {
  const { gap, centre } = layout;
  const text = layout.label;
  return (
    <svg data-testid="share-pie" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <g transform={`translate(${layout.cx},${layout.cy})`}>
        {layout.arcs.map((slice, index) => (
          <path key={index} d={slice.d} fill={slice.fill} stroke={gap.stroke} strokeWidth={gap.width} strokeLinejoin="round" />
        ))}
        {layout.labels.map((slice, index) => (
          <g key={index} fontSize={text.fontSize} fill={text.fill} textAnchor={slice.anchor} dominantBaseline="central">
            <polyline points={slice.leader} fill="none" stroke={text.leader} strokeWidth={text.leaderWidth} />
            <text x={slice.x} y={slice.nameY}>
              {slice.name}
            </text>
            <text x={slice.x} y={slice.percentY}>
              {slice.percent}
            </text>
          </g>
        ))}
        {centre && (
          <g textAnchor="middle" dominantBaseline="central">
            <text y={centre.valueY} fontSize={centre.fontSize} fontWeight={600} fill={centre.fill}>
              {centre.value}
            </text>
            {centre.unit && (
              <text y={centre.unitY} fontSize={centre.unitFontSize} fill={centre.unitFill}>
                {centre.unit}
              </text>
            )}
          </g>
        )}
      </g>
    </svg>
  );
}

function SharePieWidget({ options, channels, title, width, height, scale, theme }: WidgetProps<SharePieOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<EnergySeriesData | EnergyRankingData>(channels[0]);
  const drawing = useMemo(() => {
    const data = reading ? energyRows(reading.value) : undefined;
    // Shares of nothing (no energy in the window yet) are no pie: say there is no data.
    if (!data || !data.rows.some((row) => row.energy > 0)) return undefined;
    const slices = pieSlices(data, t('chartWidgets.sharePie.others'), options);
    const total = { value: abbreviateNumber(pieWhole(data), 1), unit: data.unit };
    // Every share in words: small slices may have no label on the wall.
    const shares = slices.map((slice) => `${slice.name} ${slice.percent}`).join(', ');
    return { layout: pieLayout({ slices, donut: options.donut, total, palette, width, height, scale }), label: title ? `${title}: ${shares}` : shares };
  }, [reading, options, palette, width, height, scale, title, t]);
  if (!drawing) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <PieDrawing layout={drawing.layout} label={drawing.label} width={width} height={height} />;
}

export default observer(SharePieWidget);
