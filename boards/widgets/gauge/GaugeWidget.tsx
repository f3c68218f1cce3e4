import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { boundMetric, meterValue, metricUnit } from '../../charts/meterValue';
import { NoData } from '../../charts/NoData';
import { kpiValueText } from '../kpi/kpiFigure';
import { gaugeGeometry, type GaugeText } from './gaugeGeometry';
import type { GaugeOptions } from './options';

function Label({ label, weight }: { label: GaugeText; weight?: number }) {
  return (
    <text x={label.x} y={label.y} fill={label.fill} fontSize={label.fontSize} fontWeight={weight} textAnchor="middle" dominantBaseline="central">
      {label.text}
    </text>
  );
}

function GaugeDial(props: WidgetProps<GaugeOptions> & { value: number }) {
  const { options, binding, title, width, height, scale, theme, value } = props;
  const palette = usePalette(theme);
  const metric = boundMetric(binding);
  const dial = useMemo(() => {
    const unit = metricUnit(metric, options.unit);
    const text = `${kpiValueText(value, options.digits)}${unit ? ` ${unit}` : ''}`;
    return gaugeGeometry({ value, text, options, palette, width, height, scale });
  }, [value, metric, options, palette, width, height, scale]);
  return (
    <svg
      data-testid="gauge"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title ? `${title}: ${dial.figure.text}` : dial.figure.text}
    >
      <g transform={`translate(${dial.cx},${dial.cy})`}>
        {dial.bands.map((band, index) => (
          <path key={index} d={band.d} fill={band.fill} />
        ))}
        {dial.ticks.map((tick, index) => (
          <line key={index} {...tick} stroke={dial.gapColour} strokeWidth={dial.tickWidth} />
        ))}
        <path d={dial.needle.d} fill={dial.needle.fill} />
        <circle r={dial.needle.hubRadius} fill={dial.needle.fill} />
        <Label label={dial.min} />
        <Label label={dial.max} />
        <Label label={dial.figure} weight={600} />
      </g>
    </svg>
  );
}

function GaugeWidget(props: WidgetProps<GaugeOptions>) {
  const { binding, channels, width, height, scale, theme } = props;
  const palette = usePalette(theme);
  const latest = useChannel<MeterLatestValues>(binding.meterIds?.[0] === undefined ? undefined : channels[0]);
  const reading = meterValue(latest, boundMetric(binding));
  if (binding.meterIds?.[0] === undefined) return <NoData width={width} height={height} scale={scale} palette={palette} messageKey="needsMeter" />;
  if (!reading) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <GaugeDial {...props} value={reading.value} />;
}

export default observer(GaugeWidget);
