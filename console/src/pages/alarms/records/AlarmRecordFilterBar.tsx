import { Segmented, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ALARM_SEVERITIES, type AlarmKind, type AlarmSeverity } from '@shared/schemas/alarms';
import { selectFilterWidth } from '../../../lists/fitWidth';
import { ListToolbar } from '../../../lists/ListToolbar';
import { RangeFilter } from '../shared/RangeFilter';
import type { AlarmRecordsController } from './AlarmRecordsController';
import { STATE_VIEWS, type StateView } from './recordFilters';

/** State view, severity, time range and keyword (and kind on the batch screen) on the kit's toolbar; each change queries again. */
export const AlarmRecordFilterBar = observer(function AlarmRecordFilterBar({ list }: { list: AlarmRecordsController }) {
  const { t } = useTranslation();
  const { filters } = list;
  return (
    <ListToolbar
      list={list.list}
      testId="alarm"
      searchPlaceholder={t('alarms.filters.keyword')}
      filters={
        <>
          <Segmented<StateView>
            value={filters.stateView}
            options={STATE_VIEWS.map((view) => ({ value: view, label: <span data-testid={`alarm-state-view-${view}`}>{t(`alarms.stateView.${view}`)}</span> }))}
            onChange={(view) => void list.setFilter('stateView', view)}
          />
          {!list.fixedKind && (
            <Select<AlarmKind>
              allowClear
              style={{ width: selectFilterWidth(t('alarms.filters.anyKind')) }}
              placeholder={t('alarms.filters.anyKind')}
              value={filters.kind}
              options={ALARM_KINDS.map((kind) => ({ value: kind, label: t(`alarms.kind.${kind}`) }))}
              onChange={(kind) => void list.setFilter('kind', kind)}
              data-testid="alarm-filter-kind"
            />
          )}
          <Select<AlarmSeverity>
            allowClear
            style={{ width: selectFilterWidth(t('alarms.filters.anySeverity')) }}
            placeholder={t('alarms.filters.anySeverity')}
            value={filters.severity}
            options={ALARM_SEVERITIES.map((severity) => ({ value: severity, label: t(`alarms.severity.${severity}`) }))}
            onChange={(severity) => void list.setFilter('severity', severity)}
            data-testid="alarm-filter-severity"
          />
          <RangeFilter from={filters.from} to={filters.to} onChange={(from, to) => void list.setRange(from, to)} testId="alarm-filter-range" />
        </>
      }
    />
  );
});
