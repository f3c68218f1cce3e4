import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { NoData } from '../../charts/NoData';
import { CartesianAxes } from '../../charts/svg/CartesianAxes';
import { latestChange, periodWindow, splitYearEarlier } from './periodWindow';
import { periodLabel, periodWithYear, signedPercent } from './periodLabels';
import { periodsGeometry } from './periodsGeometry';
import type { EnergyPeriodsOptions } from './options';

function EnergyPeriodsWidget({ options, binding, channels, title, width, height, scale, theme }: WidgetProps<EnergyPeriodsOptions>) {
  const { t, i18n } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<EnergySeriesData>(channels[0]);
  const language = i18n.language;
  const geometry = useMemo(() => {
    if (!reading || reading.value.periods.length === 0) return undefined;
    const window = periodWindow(binding, options.compareYearEarlier);
    const series = splitYearEarlier(reading.value, window);
    const count = series.periods.length;
    const change = latestChange(series);
    const changeText = change && {
      text: t('chartWidgets.periods.change', {
        period: periodLabel(series.periods[change.index]!, window.grain, language),
        change: signedPercent(change.percent, language),
        earlier: periodWithYear(series.earlierPeriods![change.index]!, window.grain, language),
      }),
      lower: change.percent < 0,
    };
    return periodsGeometry({
      series,
      labels: series.periods.map((period) => periodLabel(period, window.grain, language)),
      legend: {
        current: t(window.grain === 'month' ? 'chartWidgets.periods.lastMonths' : 'chartWidgets.periods.lastDays', { count }),
        earlier: t('chartWidgets.periods.yearBefore'),
      },
      ...(changeText ? { change: changeText } : {}),
      palette,
      width,
      height,
      scale,
    });
  }, [reading, binding, options, palette, width, height, scale, t, language]);
  if (channels.length === 0) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsScope" />;
  if (!geometry) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  const { legend, change, unit } = geometry;
  return (
    <svg
      data-testid="energy-periods"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title || t('chartWidgets.names.energy-periods')}
      style={{ display: 'block' }}
    >
      <CartesianAxes
        plot={geometry.plot}
        left={geometry.valueAxis}
        bottom={geometry.categoryAxis}
        fontSize={geometry.fontSize}
        labelGap={geometry.labelGap}
        palette={palette}
        scale={scale}
      />
      <g data-part="earlier" fill={geometry.colour} fillOpacity={geometry.earlierOpacity}>
        {geometry.earlier.map((bar) => (
          <path key={bar.period} d={bar.path} />
        ))}
      </g>
      <g data-part="current" fill={geometry.colour}>
        {geometry.current.map((bar) => (
          <path key={bar.period} d={bar.path} />
        ))}
      </g>
      <g data-part="legend" fontSize={geometry.legendFontSize} fill={palette.subtleText}>
        <text x={unit.x} y={unit.y} dy="0.32em" fontSize={geometry.fontSize}>
          {unit.text}
        </text>
        {legend.map((entry) => (
          <g key={entry.text}>
            <rect x={entry.x} y={entry.y} width={entry.size} height={entry.size} rx={Math.round(2 * scale)} fill={entry.colour} fillOpacity={entry.opacity} />
            <text x={entry.textX} y={geometry.headerY} dy="0.32em">
              {entry.text}
            </text>
          </g>
        ))}
      </g>
      {change && (
        <text
          data-part="change"
          x={change.x}
          y={change.y}
          dy="0.32em"
          textAnchor="end"
          fontSize={geometry.legendFontSize}
          fontWeight={600}
          fill={change.colour}
        >
          {change.text}
        </text>
      )}
    </svg>
  );
}

export default observer(EnergyPeriodsWidget);
