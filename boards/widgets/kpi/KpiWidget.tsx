import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '@shared/format';
import type { EnergySeriesData } from '@shared/board/channels';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { scaledFont } from '../../charts/textStyles';
import { bufferShape } from '../../charts/ringBuffer';
import { useRingBuffers } from '../../charts/useRingBuffers';
import { useRecentHistory } from '../../charts/useRecentHistory';
import { clipToWindow } from '../../charts/windowClip';
import { boundMetric, meterValue, metricUnit } from '../../charts/meterValue';
import { NoData } from '../../charts/NoData';
import { kpiFigureFontPx, kpiTrend, kpiValueText, sparklinePoints } from './kpiFigure';
import type { KpiOptions } from './options';

const ARROWS = { up: '▲', down: '▼', flat: '▶' } as const;
const TREND_KEYS = { up: 'chartWidgets.kpi.trendUp', down: 'chartWidgets.kpi.trendDown', flat: 'chartWidgets.kpi.trendFlat' } as const;

/** Plain DOM and one SVG polyline, no echarts: fifty KPI tiles at 1 Hz stay cheap. */
function KpiWidget({ options, binding, channels, width, height, scale, theme }: WidgetProps<KpiOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const meterId = binding.meterIds?.[0];
  const metric = boundMetric(binding);
  const latest = useChannel<MeterLatestValues>(meterId === undefined ? undefined : channels[0]);
  const today = useChannel<EnergySeriesData>(options.showToday ? channels[1] : undefined);

  const windowMs = options.trendMinutes * 60_000;
  const shape = bufferShape(windowMs, options.sparklinePoints);
  const buffers = useRingBuffers(meterId === undefined ? [] : [meterId], shape.capacity, shape.minSpacingMs, metric);
  // The sparkline and the trend start with the stored window, not empty.
  useRecentHistory(buffers, metric, windowMs);
  const buffer = buffers.get(meterId ?? 0);
  const reading = meterValue(latest, metric);
  if (reading && buffer) buffer.push(reading.ts, reading.value);

  const sparkHeight = Math.max(12, Math.round(height * 0.22));
  const stroke = Math.max(1, 1.5 * scale);
  const version = buffer?.version ?? 0;
  const spark = useMemo(() => {
    const newest = buffer?.newest();
    if (!options.sparkline || !buffer || !newest) return '';
    return sparklinePoints(clipToWindow(buffer.points(newest[0] - windowMs, true), newest[0] - windowMs), {
      width,
      height: sparkHeight,
      stroke,
      from: newest[0] - windowMs,
      to: newest[0],
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the buffer's content, which changes in place
  }, [buffer, version, options.sparkline, windowMs, width, sparkHeight, stroke]);

  if (meterId === undefined) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsMeter" />;
  if (!reading) return <NoData width={width} height={height} scale={scale} palette={palette} />;

  const unit = metricUnit(metric, options.unit);
  const text = kpiValueText(reading.value, options.digits);
  const figurePx = kpiFigureFontPx(text, unit, { width, height, scale });
  const trend = kpiTrend(reading.value, buffer?.at(reading.ts - windowMs)?.[1], options.digits);
  const todayEnergy = today?.value.series[0]?.points.at(-1)?.energy;
  const captionPx = scaledFont(13, scale);

  return (
    <div
      data-testid="kpi"
      style={{
        width,
        height,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        overflow: 'hidden',
        color: palette.text,
        position: 'relative',
      }}
    >
      <div style={{ textAlign: 'center', whiteSpace: 'nowrap', lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}>
        <span data-testid="kpi-value" style={{ fontSize: figurePx, fontWeight: 600 }}>
          {text}
        </span>
        {unit && <span style={{ fontSize: Math.round(figurePx * 0.5), color: palette.subtleText, marginLeft: Math.round(figurePx * 0.15) }}>{unit}</span>}
      </div>
      {trend && (
        <div
          data-testid="kpi-trend"
          style={{ textAlign: 'center', fontSize: captionPx, color: trend.direction === 'flat' ? palette.subtleText : palette.series[0] }}
        >
          {ARROWS[trend.direction]} {t(TREND_KEYS[trend.direction], { change: unit ? `${trend.change} ${unit}` : trend.change, minutes: options.trendMinutes })}
        </div>
      )}
      {todayEnergy !== undefined && today && (
        <div data-testid="kpi-today" style={{ textAlign: 'center', fontSize: captionPx, color: palette.subtleText }}>
          {t('chartWidgets.kpi.today', { value: formatQuantity(todayEnergy, today.value.unit, options.digits) })}
        </div>
      )}
      {spark && (
        <svg width={width} height={sparkHeight} style={{ position: 'absolute', left: 0, bottom: 0, opacity: 0.7 }} aria-hidden="true">
          <polyline points={spark} fill="none" stroke={palette.series[0]} strokeWidth={stroke} strokeLinejoin="round" />
        </svg>
      )}
    </div>
  );
}

export default observer(KpiWidget);
