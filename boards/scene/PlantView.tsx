import { observer } from 'mobx-react-lite';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL, type MeterDirectoryData } from '@shared/board/channels';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { useChannel, useWatchedChannels } from '../runtime/channelReader';
import { openAlarmsOf } from '../runtime/openAlarmsReading';
import { metersInAlarm, overlayAlarms } from './alarmMatch';
import { AlarmOverlay } from './AlarmOverlay';
import { filterMeters, layoutPlant } from './layout';
import { computeMeterLoads, type MeterLoad } from './meterLoads';
import { MeterReadings, type LatestByMeter } from './MeterReadings';
import { PlantScene } from './PlantScene';
import { SceneLegend } from './SceneLegend';
import styles from './plantView.module.css';

export interface PlantViewProps {
  tour: boolean;
  lapSeconds: number;
  showLabels: boolean;
  /** Top-level (or any-level) department ids to show; empty shows every meter. */
  departmentIds: readonly number[];
  /** Text scale (screen pixels per design pixel). */
  scale: number;
  /** A title bar with the meter and alarm counts (the /visualization page); widgets leave it out. */
  title?: string;
  showLegend?: boolean;
  showAlarms?: boolean;
  /** Alarm rows listed at most (a tile passes what fits its height). */
  maxAlarmRows?: number;
}

const NO_IDS: readonly number[] = [];

/**
 * The plant scene bound to live data: the meter directory, each meter's latest values (watched at run
 * time once the directory is known) and the wall's open alarms, with the alarm panel and the legend over it.
 * The widget and the /visualization page both render this; the caller provides the channel reader.
 */
function PlantViewInner({ tour, lapSeconds, showLabels, departmentIds, scale, title, showLegend = true, showAlarms = true, maxAlarmRows }: PlantViewProps) {
  const { t, i18n } = useTranslation();
  const directory = useChannel<MeterDirectoryData>(METER_DIRECTORY_CHANNEL);
  // The whole open list each time (alarms:open), so alarms raised before this view mounted pulse too.
  const openAlarms = openAlarmsOf(useChannel(OPEN_ALARMS_CHANNEL)?.value);
  // The page has no widget host: it watches the directory and the alarms itself (the reader ref-counts).
  useWatchedChannels([METER_DIRECTORY_CHANNEL, OPEN_ALARMS_CHANNEL]);

  const filterKey = departmentIds.join(',');
  const meters = useMemo(
    () => filterMeters(directory?.value.meters ?? [], filterKey ? filterKey.split(',').map(Number) : NO_IDS),
    [directory?.value, filterKey],
  );
  const layout = useMemo(() => layoutPlant(meters, t('visualization.unassigned')), [meters, t]);
  const meterIds = useMemo(() => layout.meters.map((slot) => slot.meterId), [layout]);
  const idsKey = meterIds.join(',');
  useWatchedChannels(useMemo(() => meterIds.map(meterLatestChannel), [meterIds]));

  const [latest, setLatest] = useState<LatestByMeter>(new Map());
  const loads = useMemo(() => computeMeterLoads(meters, latest), [meters, latest]);

  const inScene = useMemo(() => new Set(meterIds), [meterIds]);
  // The store makes a new list only when alarms arrived: a meter delta keeps the same pulsing set.
  const alarmMeterIds = useMemo(() => metersInAlarm(openAlarms, inScene), [openAlarms, inScene]);
  const alarms = useMemo(() => overlayAlarms(openAlarms, inScene), [openAlarms, inScene]);
  const meterNames = useMemo(() => new Map(meters.map((meter) => [meter.id, meter.name])), [meters]);

  const number = useMemo(() => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }), [i18n.language]);
  const formatLoad = useCallback((load: MeterLoad) => (load.value === null ? '' : `${number.format(load.value)} ${load.unit}`.trim()), [number]);
  const buildingCaption = useCallback((count: number) => t('visualization.meterCount', { count }), [t]);

  const status = !directory ? t('visualization.waiting') : layout.meters.length === 0 ? t('visualization.noMeters') : null;
  return (
    <div className={styles.view} data-testid="plant-view">
      <MeterReadings key={idsKey} meterIds={meterIds} onReadings={setLatest} />
      {layout.meters.length > 0 && (
        <PlantScene
          layout={layout}
          loads={loads}
          alarmMeterIds={alarmMeterIds}
          meterNames={meterNames}
          tour={tour}
          lapSeconds={lapSeconds}
          showLabels={showLabels}
          formatLoad={formatLoad}
          buildingCaption={buildingCaption}
        />
      )}
      {title !== undefined && (
        <header className={styles.titleBar} style={{ fontSize: 16 * scale }}>
          <h1 className={styles.title}>{title}</h1>
          <span className={styles.quiet} data-testid="scene-summary">
            {t('visualization.summary', { meters: layout.meters.length, buildings: layout.buildings.length, alarms: alarmMeterIds.size })}
          </span>
        </header>
      )}
      {status && (
        <p className={styles.status} style={{ fontSize: 18 * scale }} data-testid="scene-status">
          {status}
        </p>
      )}
      {showAlarms && layout.meters.length > 0 && (
        <AlarmOverlay
          alarms={alarms}
          meterNames={meterNames}
          scale={scale}
          compact={title === undefined}
          {...(maxAlarmRows === undefined ? {} : { maxRows: maxAlarmRows })}
        />
      )}
      {showLegend && layout.meters.length > 0 && <SceneLegend scale={scale} />}
    </div>
  );
}

export const PlantView = observer(PlantViewInner);
