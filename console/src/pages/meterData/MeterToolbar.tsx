import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, RANGE_SHORTCUTS, shortcutRange } from '@shared/format';
import { matchShortcut } from './historyRange';
import type { MeterHistoryController } from './MeterHistoryController';
import { metricLabel, metricUnit } from './meterMetrics';
import { ToolbarField } from './ToolbarField';

interface MeterToolbarProps {
  history: MeterHistoryController;
  onMeter: (meterId: number) => void;
  onQuery: () => void;
}

/** Meter, metric and range pickers and the Query button. */
export const MeterToolbar = observer(function MeterToolbar({ history, onMeter, onQuery }: MeterToolbarProps) {
  const { t } = useTranslation();
  const meterUnit = history.latest?.meter.unit ?? '';
  const metricOptions = history.metricChoices.map((code) => {
    const unit = metricUnit(code, meterUnit);
    return { value: code, label: unit ? `${metricLabel(t, code)} (${unit})` : metricLabel(t, code) };
  });
  const presets = RANGE_SHORTCUTS.map((shortcut) => ({
    label: t(`meterData.range.${shortcut.key}`),
    value: (): [Dayjs, Dayjs] => {
      const [from, to] = shortcutRange(shortcut.daysBack);
      return [dayjs(from), dayjs(to)];
    },
  }));
  const pickRange = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [];
    if (!start || !end) return;
    history.setRange({ from: start.valueOf(), to: end.valueOf(), shortcut: matchShortcut(start.valueOf(), end.valueOf()) });
  };

  return (
    <Card size="small" data-testid="meter-data-toolbar">
      <Flex wrap gap={16} align="end">
        <ToolbarField label={t('meterData.toolbar.meter')}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 250 }}
            aria-label={t('meterData.toolbar.meter')}
            placeholder={t('meterData.toolbar.meterPlaceholder')}
            loading={history.metersLoading}
            options={history.meters.map((meter) => ({ value: meter.id, label: meter.name }))}
            value={history.meterId}
            onChange={onMeter}
            data-testid="meter-data-meter"
          />
        </ToolbarField>
        <ToolbarField label={t('meterData.toolbar.metric')}>
          <Select<string>
            style={{ width: 240 }}
            popupMatchSelectWidth={320}
            aria-label={t('meterData.toolbar.metric')}
            options={metricOptions}
            value={history.metric}
            disabled={history.latestLoading}
            onChange={(metric) => void history.setMetric(metric)}
            data-testid="meter-data-metric"
          />
        </ToolbarField>
        <ToolbarField label={t('meterData.toolbar.range')}>
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            format={DATE_TIME_FORMAT}
            presets={presets}
            value={[dayjs(history.range.from), dayjs(history.range.to)]}
            placeholder={[t('meterData.toolbar.start'), t('meterData.toolbar.end')]}
            onChange={pickRange}
            data-testid="meter-data-range"
          />
        </ToolbarField>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={history.meterId === undefined}
          loading={history.seriesLoading}
          onClick={onQuery}
          data-testid="meter-data-query"
        >
          {t('meterData.toolbar.query')}
        </Button>
      </Flex>
    </Card>
  );
});
