import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { CalendarComponent, VisualMapContinuousComponent } from 'echarts/components';
import type { EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { useEchart } from '../../charts/useEchart';
import { usePalette } from '../../charts/usePalette';
import { NoData } from '../../charts/NoData';
import { calendarOption, dailyTotals } from './calendarOption';
import type { EnergyCalendarOptions } from './descriptor';

echarts.use([HeatmapChart, CalendarComponent, VisualMapContinuousComponent]);

function CalendarView({ option, width, height }: { option: ReturnType<typeof calendarOption>; width: number; height: number }) {
  const element = useEchart(option, { width, height });
  return <div ref={element} data-testid="energy-calendar" style={{ width, height }} />;
}

function EnergyCalendarWidget({ options, channels, width, height, scale, theme }: WidgetProps<EnergyCalendarOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<EnergySeriesData>(channels[0]);
  const option = useMemo(() => {
    const days = reading ? dailyTotals(reading.value) : [];
    if (days.length === 0) return undefined;
    const dayNames = t('chartWidgets.calendar.dayNames').split(',');
    const monthNames = t('chartWidgets.calendar.monthNames').split(',');
    return calendarOption({ days, unit: reading!.value.unit, options, palette, width, height, scale, dayNames, monthNames });
  }, [reading, options, palette, width, height, scale, t]);
  if (channels.length === 0) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsScope" />;
  if (!option) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <CalendarView option={option} width={width} height={height} />;
}

export default observer(EnergyCalendarWidget);
