import { useId, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { NoData } from '../../charts/NoData';
import { calendarGeometry, dailyTotals } from './calendarGeometry';
import type { EnergyCalendarOptions } from './options';

function EnergyCalendarWidget({ options, channels, title, width, height, scale, theme }: WidgetProps<EnergyCalendarOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  // The legend's gradient id must be unique on a wall showing several calendars.
  const gradientId = `${useId().replace(/[^\w-]/g, '')}-scale`;
  const reading = useChannel<EnergySeriesData>(channels[0]);
  const geometry = useMemo(() => {
    const days = reading ? dailyTotals(reading.value) : [];
    if (days.length === 0) return undefined;
    const dayNames = t('chartWidgets.calendar.dayNames').split(',');
    const monthNames = t('chartWidgets.calendar.monthNames').split(',');
    return calendarGeometry({ days, unit: reading!.value.unit, options, palette, width, height, scale, dayNames, monthNames });
  }, [reading, options, palette, width, height, scale, t]);
  if (channels.length === 0) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsScope" />;
  if (!geometry) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  const { cells, dayLabels, monthLabels, legend, fonts } = geometry;
  return (
    <svg
      data-testid="energy-calendar"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title || t('chartWidgets.names.energy-calendar')}
    >
      <g>
        {cells.map((cell) => (
          <rect key={cell.day} x={cell.x} y={cell.y} width={cell.size} height={cell.size} fill={cell.fill} />
        ))}
      </g>
      <g fontSize={fonts.figure} textAnchor="middle" dominantBaseline="central">
        {cells.map((cell) =>
          cell.figure ? (
            <text key={cell.day} x={cell.x + cell.size / 2} y={cell.y + cell.size / 2} fill={cell.figure.colour}>
              {cell.figure.text}
            </text>
          ) : null,
        )}
      </g>
      <g fill={palette.subtleText}>
        <g fontSize={fonts.day} textAnchor="end" dominantBaseline="central">
          {dayLabels.map((label) => (
            <text key={label.y} x={label.x} y={label.y}>
              {label.text}
            </text>
          ))}
        </g>
        <g fontSize={fonts.month}>
          {monthLabels.map((label) => (
            <text key={label.x} x={label.x} y={label.y}>
              {label.text}
            </text>
          ))}
        </g>
      </g>
      {legend && (
        <g fontSize={fonts.day} fill={palette.subtleText} dominantBaseline="central">
          <defs>
            <linearGradient id={gradientId}>
              <stop offset="0" stopColor={legend.bar.from} />
              <stop offset="1" stopColor={legend.bar.to} />
            </linearGradient>
          </defs>
          <rect x={legend.bar.x} y={legend.bar.y} width={legend.bar.width} height={legend.bar.height} fill={`url(#${gradientId})`} />
          <text x={legend.min.x} y={legend.min.y} textAnchor="end">
            {legend.min.text}
          </text>
          <text x={legend.max.x} y={legend.max.y}>
            {legend.max.text}
          </text>
        </g>
      )}
    </svg>
  );
}

export default observer(EnergyCalendarWidget);
