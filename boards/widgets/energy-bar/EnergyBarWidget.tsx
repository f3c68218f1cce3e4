import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EnergyRankingData, EnergySeriesData } from '@shared/board/channels';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import { energyRows } from '../../charts/energyRows';
import { NoData } from '../../charts/NoData';
import { barGeometry } from './barGeometry';
import { BarSvg } from './BarSvg';
import type { EnergyBarOptions } from './options';

function EnergyBarWidget({ options, channels, title, width, height, scale, theme }: WidgetProps<EnergyBarOptions>) {
  const { t } = useTranslation();
  const palette = usePalette(theme);
  const reading = useChannel<EnergySeriesData | EnergyRankingData>(channels[0]);
  const geometry = useMemo(() => {
    const data = reading ? energyRows(reading.value) : undefined;
    return data && data.rows.length > 0 ? barGeometry({ data, options, palette, width, height, scale }) : undefined;
  }, [reading, options, palette, width, height, scale]);
  if (!geometry) return <NoData width={width} height={height} scale={scale} palette={palette} />;
  return <BarSvg geometry={geometry} width={width} height={height} label={title || t('chartWidgets.names.energy-bar')} palette={palette} scale={scale} />;
}

export default observer(EnergyBarWidget);
