import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { METER_DIRECTORY_CHANNEL, type MeterDirectoryData } from '@shared/board/channels';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import type { ChannelReading, WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { bufferShape } from '../../charts/ringBuffer';
import { useRingBuffers } from '../../charts/useRingBuffers';
import { useRecentHistory } from '../../charts/useRecentHistory';
import { clipToWindow } from '../../charts/windowClip';
import { boundMetric, meterValue, metricUnit } from '../../charts/meterValue';
import { NoData } from '../../charts/NoData';
import { MAX_TREND_METERS, trendMeters, type LiveTrendOptions } from './options';
import { trendEnd, trendGeometry, type TrendLine } from './trendGeometry';
import { TrendSvg } from './TrendSvg';

function LiveTrendWidget({ options, binding, channels, title, width, height, scale, theme }: WidgetProps<LiveTrendOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const meters = trendMeters(binding.meterIds);
  const metric = boundMetric(binding);
  // A fixed number of reads in a fixed order (hooks may not vary in count); slots past the meters read nothing.
  const readings: (ChannelReading<MeterLatestValues> | undefined)[] = [];
  for (let slot = 0; slot < MAX_TREND_METERS; slot++) readings.push(useChannel<MeterLatestValues>(slot < meters.length ? channels[slot] : undefined)); // eslint-disable-line react-hooks/rules-of-hooks -- MAX_TREND_METERS calls on every render, so the count and order never change
  const directory = useChannel<MeterDirectoryData>(meters.length > 1 ? METER_DIRECTORY_CHANNEL : undefined);

  const windowMs = options.minutes * 60_000;
  const shape = bufferShape(windowMs, options.maxPoints);
  const buffers = useRingBuffers(meters, shape.capacity, shape.minSpacingMs, metric);
  // The whole window from the stored readings at once; live readings continue it.
  useRecentHistory(buffers, metric, windowMs);
  meters.forEach((meterId, slot) => {
    const reading = meterValue(readings[slot], metric);
    if (reading) buffers.get(meterId)!.push(reading.ts, reading.value);
  });

  const names = useMemo(() => new Map((directory?.value.meters ?? []).map((meter) => [meter.id, meter.name])), [directory]);
  const versions = meters.map((meterId) => buffers.get(meterId)!.version).join(',');
  const geometry = useMemo(() => {
    const end = trendEnd(meters.map((meterId) => buffers.get(meterId)!.newest()?.[0]));
    if (end === undefined) return undefined;
    const lines: TrendLine[] = meters.map((meterId) => ({
      id: `meter-${meterId}`,
      name: names.get(meterId) ?? t('chartWidgets.liveTrend.meter', { id: meterId }),
      points: clipToWindow(buffers.get(meterId)!.points(end - windowMs, true), end - windowMs),
    }));
    return trendGeometry({
      lines,
      end,
      windowMs,
      area: options.area,
      smooth: options.smooth,
      digits: options.digits,
      unit: metricUnit(metric, options.unit),
      palette,
      width,
      height,
      scale,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `versions` stands for the buffers' content, which changes in place
  }, [versions, names, windowMs, options, metric, palette, width, height, scale, t]);

  if (meters.length === 0) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsMeter" />;
  if (!geometry) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <TrendSvg geometry={geometry} width={width} height={height} label={title || t('chartWidgets.names.live-trend')} palette={palette} scale={scale} />;
}

export default observer(LiveTrendWidget);
