import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridSimpleComponent } from 'echarts/components';
import type { EnergyRankingData, EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { useEchart } from '../../charts/useEchart';
import { usePalette } from '../../charts/usePalette';
import { energyRows } from '../../charts/energyRows';
import { NoData } from '../../charts/NoData';
import { barOption } from './barOption';
import type { EnergyBarOptions } from './descriptor';

echarts.use([BarChart, GridSimpleComponent]);

function BarChartView({ option, width, height }: { option: ReturnType<typeof barOption>; width: number; height: number }) {
  const element = useEchart(option, { width, height });
  return <div ref={element} data-testid="energy-bar" style={{ width, height }} />;
}

function EnergyBarWidget({ options, channels, width, height, scale, theme }: WidgetProps<EnergyBarOptions>) {
  const palette = usePalette(theme);
  const reading = useChannel<EnergySeriesData | EnergyRankingData>(channels[0]);
  const option = useMemo(() => {
    const data = reading ? energyRows(reading.value) : undefined;
    return data && data.rows.length > 0 ? barOption({ data, options, palette, width, scale }) : undefined;
  }, [reading, options, palette, width, scale]);
  if (!option) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <BarChartView option={option} width={width} height={height} />;
}

export default observer(EnergyBarWidget);
