import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented, Select, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ALARM_SEVERITIES, type AlarmKind, type AlarmSeverity } from '@shared/schemas/alarms';
import { RangeFilter } from '../shared/RangeFilter';
import type { AlarmRecordsController } from './AlarmRecordsController';
import { STATE_VIEWS, type StateView } from './recordFilters';

/** State view, severity, time range and keyword (and kind on the batch screen); each change queries again. */
export const AlarmRecordFilterBar = observer(function AlarmRecordFilterBar({ list }: { list: AlarmRecordsController }) {
  const { t } = useTranslation();
  const { filters } = list;
  return (
    <Flex align="start" gap={12} wrap style={{ marginBottom: 16 }}>
      <Space wrap>
        <Segmented<StateView>
          value={filters.stateView}
          options={STATE_VIEWS.map((view) => ({ value: view, label: <span data-testid={`alarm-state-view-${view}`}>{t(`alarms.stateView.${view}`)}</span> }))}
          onChange={(view) => void list.setFilter('stateView', view)}
        />
        {!list.fixedKind && (
          <Select<AlarmKind>
            allowClear
            style={{ width: 160 }}
            placeholder={t('alarms.filters.anyKind')}
            value={filters.kind}
            options={ALARM_KINDS.map((kind) => ({ value: kind, label: t(`alarms.kind.${kind}`) }))}
            onChange={(kind) => void list.setFilter('kind', kind)}
            data-testid="alarm-filter-kind"
          />
        )}
        <Select<AlarmSeverity>
          allowClear
          style={{ width: 160 }}
          placeholder={t('alarms.filters.anySeverity')}
          value={filters.severity}
          options={ALARM_SEVERITIES.map((severity) => ({ value: severity, label: t(`alarms.severity.${severity}`) }))}
          onChange={(severity) => void list.setFilter('severity', severity)}
          data-testid="alarm-filter-severity"
        />
        <RangeFilter from={filters.from} to={filters.to} onChange={(from, to) => void list.setRange(from, to)} testId="alarm-filter-range" />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('alarms.filters.keyword')}
          defaultValue={filters.keyword}
          onSearch={(keyword) => void list.setFilter('keyword', keyword)}
          data-testid="alarm-filter-keyword"
        />
        <Button icon={<ReloadOutlined />} loading={list.loading} onClick={() => void list.load()} data-testid="alarm-refresh">
          {t('alarms.actions.refresh')}
        </Button>
      </Space>
    </Flex>
  );
});
