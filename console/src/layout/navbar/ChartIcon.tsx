import { AreaChartOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';

export const BOARD_CONFIG_PATH = '/settings/boardConfig';
export const VISUALIZATION_PATH = '/visualization';

/** Spec §2/§6: only for users whose routes include settings/boardConfig; opens the kiosk in a new tab. */
export const ChartIcon = observer(function ChartIcon() {
  const { permission } = useStores();
  const { t } = useTranslation();
  if (!permission.hasRoute(BOARD_CONFIG_PATH)) return null;
  return (
    <Tooltip title={t('navbar.visualization')}>
      <Button
        type="text"
        data-testid="chart-icon"
        aria-label={t('navbar.visualization')}
        icon={<AreaChartOutlined />}
        onClick={() => window.open(VISUALIZATION_PATH, '_blank')}
      />
    </Tooltip>
  );
});
