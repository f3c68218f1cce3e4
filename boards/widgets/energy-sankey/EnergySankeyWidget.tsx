import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { SankeyChart } from 'echarts/charts';
import type { EnergyFlowData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { useEchart } from '../../charts/useEchart';
import { usePalette } from '../../charts/usePalette';
import { NoData } from '../../charts/NoData';
import { hasFlow, sankeyOption } from './sankeyOption';
import type { EnergySankeyOptions } from './descriptor';

echarts.use([SankeyChart]);

function SankeyView({ option, width, height }: { option: ReturnType<typeof sankeyOption>; width: number; height: number }) {
  const element = useEchart(option, { width, height });
  return <div ref={element} data-testid="energy-sankey" style={{ width, height }} />;
}

function EnergySankeyWidget({ options, channels, width, height, scale, theme }: WidgetProps<EnergySankeyOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<EnergyFlowData>(channels[0]);
  const option = useMemo(
    () => (reading && hasFlow(reading.value) ? sankeyOption({ data: reading.value, siteLabel: t('chartWidgets.sankey.site'), options, palette, scale }) : undefined),
    [reading, options, palette, scale, t],
  );
  if (!option) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <SankeyView option={option} width={width} height={height} />;
}

export default observer(EnergySankeyWidget);
