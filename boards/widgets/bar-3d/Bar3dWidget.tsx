import * as echarts from 'echarts/core';
import { VisualMapContinuousComponent } from 'echarts/components';
// echarts-gl is imported here only, so its chunk downloads just for boards that hold this widget.
import { Bar3DChart } from 'echarts-gl/charts';
import { Grid3DComponent } from 'echarts-gl/components';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergySeriesData } from '@shared/board/channels';
import { useEchart } from '../../charts/useEchart';
import { useChannel } from '../../runtime/channelReader';
import type { WidgetProps } from '../../widgetDescriptor';
import { bar3dOption, hasBars } from './bar3dOption';
import type { Bar3dOptions } from './options';

echarts.use([Bar3DChart, Grid3DComponent, VisualMapContinuousComponent] as Parameters<typeof echarts.use>[0]);

const EMPTY_OPTION = {};

function Bar3dWidget({ options, channels, width, height, scale, theme }: WidgetProps<Bar3dOptions>) {
  const { t } = useTranslation();
  const reading = useChannel<EnergySeriesData>(channels[0]);
  const data = reading?.value;
  const option = useMemo(
    () => (hasBars(data) ? bar3dOption(data, { scale, mode: theme.mode, accent: theme.accent, alpha: options.alpha, beta: options.beta }) : EMPTY_OPTION),
    [data, scale, theme.mode, theme.accent, options.alpha, options.beta],
  );
  // The chart element stays mounted: useEchart makes its instance once per element.
  const chart = useEchart(option, { width, height });
  const message = channels.length === 0 ? t('liveWidgets.bar3d.chooseDepartments') : hasBars(data) ? null : t('liveWidgets.noData');
  return (
    <div style={{ position: 'relative', width, height }}>
      <div ref={chart} style={{ width, height }} />
      {message && (
        <div
          data-testid="bar-3d-message"
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 16 * scale, opacity: 0.6 }}
        >
          {message}
        </div>
      )}
    </div>
  );
}

export default observer(Bar3dWidget);
