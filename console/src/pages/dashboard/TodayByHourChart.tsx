import { Card } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber, formatQuantity } from '@shared/format';
import type { EnergySummary } from '@shared/schemas/energy';
import { EChart } from '../../charts/EChart';
import type { ChartOption } from '../../charts/echartsCore';
import { useStores } from '../../stores/StoreContext';
import { hourLabel } from './homeFigures';

interface TodayByHourChartProps {
  hours: EnergySummary['todayByHour'];
  timeZone: string;
  unit: string;
}

/** The bars of today's electricity, one per local hour of the site's time zone. */
export function hourlyOption(hours: TodayByHourChartProps['hours'], timeZone: string, unit: string, seriesName: string, color: string): ChartOption {
  const text = { fontSize: 12 };
  return {
    color: [color],
    textStyle: text,
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      textStyle: { fontSize: 14 },
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => (typeof value === 'number' ? formatQuantity(value, unit) : '–'),
    },
    xAxis: { type: 'category', data: hours.map((hour) => hourLabel(hour.hourStart, timeZone)), axisTick: { alignWithLabel: true }, axisLabel: text },
    yAxis: { type: 'value', name: unit, nameTextStyle: text, nameGap: 15, axisLabel: { ...text, formatter: (value: number) => abbreviateNumber(value) } },
    series: [{ name: seriesName, type: 'bar', data: hours.map((hour) => hour.energy), barMaxWidth: 28 }],
  };
}

export const TodayByHourChart = observer(function TodayByHourChart({ hours, timeZone, unit }: TodayByHourChartProps) {
  const { t } = useTranslation();
  const { settings } = useStores();
  const seriesName = t('home.hourly.series');
  const option = useMemo(() => hourlyOption(hours, timeZone, unit, seriesName, settings.theme), [hours, timeZone, unit, seriesName, settings.theme]);
  return (
    <Card size="small" title={t('home.hourly.title')} data-testid="home-hourly" style={{ height: '100%' }}>
      <EChart option={option} height="clamp(240px, 34vh, 640px)" ariaLabel={t('home.hourly.chartLabel')} />
    </Card>
  );
});
