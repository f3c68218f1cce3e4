import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import type { EnergyRankingData, EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { useEchart } from '../../charts/useEchart';
import { usePalette } from '../../charts/usePalette';
import { energyRows } from '../../charts/energyRows';
import { NoData } from '../../charts/NoData';
import { pieOption, pieSlices } from './pieOption';
import type { SharePieOptions } from './descriptor';

echarts.use([PieChart]);

function PieChartView({ option, width, height }: { option: ReturnType<typeof pieOption>; width: number; height: number }) {
  const element = useEchart(option, { width, height });
  return <div ref={element} data-testid="share-pie" style={{ width, height }} />;
}

function SharePieWidget({ options, channels, width, height, scale, theme }: WidgetProps<SharePieOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<EnergySeriesData | EnergyRankingData>(channels[0]);
  const option = useMemo(() => {
    const data = reading ? energyRows(reading.value) : undefined;
    // Shares of nothing (no energy in the window yet) are no pie: say there is no data.
    if (!data || !data.rows.some((row) => row.energy > 0)) return undefined;
    return pieOption({ slices: pieSlices(data, t('chartWidgets.sharePie.others'), options), donut: options.donut, palette, scale });
  }, [reading, options, palette, scale, t]);
  if (!option) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <PieChartView option={option} width={width} height={height} />;
}

export default observer(SharePieWidget);
