import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createEnergyApi } from '@shared/api/energyApi';
import { fetchOptions } from '@shared/resources';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { useStores } from '../../stores/StoreContext';
import { AddToBoardDialog } from '../sprites/placement/AddToBoardDialog';
import { QueryChartCard } from './QueryChartCard';
import { QueryChartController } from './QueryChartController';
import { QueryToolbar } from './QueryToolbar';
import { widgetTitle } from './widgetTitle';
import { widgetForQuery } from './widgetMapping';
import styles from './queryChart.module.css';

/** board/queryChart: an ad-hoc chart over meters or departments, and "save as widget" onto a board. */
export const QueryChartPage = observer(function QueryChartPage() {
  const { t } = useTranslation();
  const root = useStores();
  const [chart] = useState(() => new QueryChartController(createEnergyApi(root.http), (path) => fetchOptions(root.http, path)));
  const [saving, setSaving] = useState(false);

  // Opens on the top-level departments, queried at once, unless the user chose first.
  useEffect(() => void chart.loadChoices().then(chart.openOnTopDepartments), [chart]);

  const applied = chart.result?.query ?? null;
  const mayPlace = root.permission.hasRoute(BOARD_CONFIG_SCREEN);
  const save = mayPlace ? (
    <Button icon={<AppstoreAddOutlined />} disabled={!applied} onClick={() => setSaving(true)} data-testid="query-save-widget">
      {t('queryChart.saveAsWidget')}
    </Button>
  ) : null;

  return (
    <div className={styles.page} data-testid="query-chart-page">
      <QueryToolbar chart={chart} actions={save} />
      <QueryChartCard chart={chart} />
      {saving && applied && (
        <AddToBoardDialog
          element={widgetForQuery(applied)}
          defaultTitle={widgetTitle(t, applied, applied.source === 'meters' ? chart.meters : chart.departments)}
          heading={t('queryChart.saveTitle')}
          okText={t('queryChart.saveOk')}
          testId="query-save-dialog"
          onClose={() => setSaving(false)}
        />
      )}
    </div>
  );
});
