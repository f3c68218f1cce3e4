import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import * as echarts from 'echarts/core';
import { GaugeChart } from 'echarts/charts';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { useEchart } from '../../charts/useEchart';
import { usePalette } from '../../charts/usePalette';
import { boundMetric, meterValue, metricUnit } from '../../charts/meterValue';
import { NoData } from '../../charts/NoData';
import { kpiValueText } from '../kpi/kpiFigure';
import { gaugeOption } from './gaugeOption';
import type { GaugeOptions } from './descriptor';

echarts.use([GaugeChart]);

function GaugeChartView(props: WidgetProps<GaugeOptions> & { value: number }) {
  const { options, binding, width, height, scale, theme, value } = props;
  const palette = usePalette(theme);
  const metric = boundMetric(binding);
  const option = useMemo(() => {
    const unit = metricUnit(metric, options.unit);
    const text = `${kpiValueText(value, options.digits)}${unit ? ` ${unit}` : ''}`;
    return gaugeOption({ value, text, options, palette, width, height, scale });
  }, [value, metric, options, palette, width, height, scale]);
  const element = useEchart(option, { width, height });
  return <div ref={element} data-testid="gauge" style={{ width, height }} />;
}

function GaugeWidget(props: WidgetProps<GaugeOptions>) {
  const { binding, channels, width, height, scale, theme } = props;
  const palette = usePalette(theme);
  const latest = useChannel<MeterLatestValues>(binding.meterIds?.[0] === undefined ? undefined : channels[0]);
  const reading = meterValue(latest, boundMetric(binding));
  if (binding.meterIds?.[0] === undefined) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsMeter" />;
  if (!reading) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <GaugeChartView {...props} value={reading.value} />;
}

export default observer(GaugeWidget);
