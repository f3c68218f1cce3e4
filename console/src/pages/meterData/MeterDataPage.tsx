import { App } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { createEnergyApi } from '@shared/api/energyApi';
import { fetchOptions } from '@shared/resources';
import type { ExportFormat } from '@shared/schemas/energy';
import { showErrorToast } from '../../feedback/errorToast';
import { useStores } from '../../stores/StoreContext';
import { catalogueErrorText } from './catalogueErrorText';
import { ExportDialog } from './ExportDialog';
import { HistoryChartCard } from './HistoryChartCard';
import { HistoryTableCard } from './HistoryTableCard';
import { LatestValues } from './LatestValues';
import { findMainIncomer } from './mainIncomer';
import { MeterExportJob } from './MeterExportJob';
import { MeterHistoryController } from './MeterHistoryController';
import { MeterToolbar } from './MeterToolbar';
import styles from './MeterDataPage.module.css';
import { saveFile } from './saveFile';

export const METER_DATA_PATH = '/base/meterData';
/** The latest-values strip follows the meter while the screen is open. */
const LATEST_REFRESH_MS = 30_000;

/** The meter other screens link to (`?meterId=`), read only while this screen is the one shown (kept-alive views stay mounted). */
function useLinkedMeterId(): number | undefined {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('meterId'));
  return pathname === METER_DATA_PATH && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** base/meterData: one meter's history as chart and table for a chosen metric and range, with exports. */
export const MeterDataPage = observer(function MeterDataPage() {
  const root = useStores();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [, setParams] = useSearchParams();
  const energyApi = useMemo(() => createEnergyApi(root.http), [root.http]);
  // The refusal is worded at the moment it happens, in the language of that moment.
  const refuseRange = useRef(() => undefined as void);
  refuseRange.current = () => showErrorToast(message, catalogueErrorText(t, 'TIME_OUT_OF_RANGE'));
  const [history] = useState(
    () =>
      new MeterHistoryController(
        energyApi,
        () => fetchOptions(root.http, 'meters'),
        () => refuseRange.current(),
      ),
  );
  const [exportJob] = useState(() => new MeterExportJob(energyApi, saveFile));
  const linkedMeterId = useLinkedMeterId();

  useEffect(() => {
    void history.loadMeters();
    const timer = setInterval(() => void history.reloadLatest(), LATEST_REFRESH_MS);
    return () => {
      clearInterval(timer);
      exportJob.stop();
    };
  }, [history, exportJob]);

  // Opens on the main incomer unless the address names a meter (that effect below selects it first).
  const linkedAtOpen = useRef(linkedMeterId);
  useEffect(() => {
    if (linkedAtOpen.current === undefined) void history.openDefault(() => findMainIncomer(root.http));
  }, [history, root.http]);

  useEffect(() => {
    if (linkedMeterId !== undefined && linkedMeterId !== history.meterId) void history.selectMeter(linkedMeterId);
  }, [linkedMeterId, history]);

  const pickMeter = (meterId: number) => {
    // The address names the meter, so a reload or a copied link opens the same one.
    setParams({ meterId: String(meterId) }, { replace: true });
    void history.selectMeter(meterId);
  };
  const startExport = (format: ExportFormat) => {
    if (history.applied) void exportJob.start(history.applied, format);
  };

  return (
    <div className={styles.page} data-testid="meter-data-page">
      <MeterToolbar history={history} onMeter={pickMeter} onQuery={() => void history.query()} />
      <LatestValues latest={history.latest} loading={history.latestLoading} />
      <div className={styles.panels}>
        <HistoryChartCard history={history} />
        <HistoryTableCard history={history} exportJob={exportJob} onExport={startExport} />
      </div>
      <ExportDialog exportJob={exportJob} />
    </div>
  );
});

export default MeterDataPage;
