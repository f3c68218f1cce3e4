import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_SHORTCUTS } from '@shared/format';
import { METRICS } from '@shared/metering/metrics';
import { ROLLUP_GRAINS, type RollupGrain } from '@shared/schemas/energy';
import { CHART_TYPES, MAX_IDS, QUERY_SOURCES, type ChartType, type QuerySource } from './queryModel';
import type { QueryChartController } from './QueryChartController';
import { shortcutDays } from './queryPeriod';
import styles from './queryChart.module.css';

/** Source, items, metric, grain, range with the spec §9 shortcuts, chart type, and the Query button. */
export const QueryToolbar = observer(function QueryToolbar({ chart, actions }: { chart: QueryChartController; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { query } = chart;
  const meters = query.source === 'meters';
  const presets = RANGE_SHORTCUTS.map(({ key }) => {
    const { start, end } = shortcutDays(key);
    return { label: t(`queryChart.shortcut.${key}`), value: [dayjs(start), dayjs(end)] as [Dayjs, Dayjs], key };
  });
  const pickRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [];
    if (!start || !end) return;
    // antd's presets hand back only dates: a pick equal to a shortcut's start and today is that shortcut.
    const shortcut = presets.find((preset) => preset.value[0].isSame(start, 'day') && end.isSame(dayjs(), 'day'))?.key ?? null;
    chart.setDays(start.valueOf(), end.valueOf(), shortcut);
  };
  const metricOptions = METRICS.map((metric) => {
    const label = t(`meterData.metrics.${metric.code}`, { defaultValue: metric.label });
    return { value: metric.code, label: metric.unit ? `${label} (${metric.unit})` : label };
  });

  return (
    <div className={styles.toolbar} data-testid="query-toolbar">
      <Segmented<QuerySource>
        value={query.source}
        onChange={chart.setSource}
        options={QUERY_SOURCES.map((source) => ({ value: source, label: t(`queryChart.source.${source}`) }))}
        data-testid="query-source"
      />
      <Select<number[]>
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        allowClear
        maxCount={MAX_IDS[query.source]}
        maxTagCount="responsive"
        style={{ width: 340 }}
        loading={chart.optionsLoading}
        placeholder={t(meters ? 'queryChart.chooseMeters' : 'queryChart.chooseDepartments', { max: MAX_IDS[query.source] })}
        options={chart.choices.map((item) => ({ value: item.id, label: item.name }))}
        value={query.ids}
        onChange={chart.setIds}
        aria-label={t(meters ? 'queryChart.meters' : 'queryChart.departments')}
        data-testid="query-ids"
      />
      {meters ? (
        <Select<string>
          style={{ width: 220 }}
          popupMatchSelectWidth={false}
          options={metricOptions}
          value={query.metric}
          onChange={chart.setMetric}
          aria-label={t('queryChart.metric')}
          data-testid="query-metric"
        />
      ) : (
        <>
          <Select<string>
            style={{ width: 140 }}
            disabled
            options={[{ value: query.metric, label: t('queryChart.energy') }]}
            value={query.metric}
            aria-label={t('queryChart.metric')}
            data-testid="query-metric"
          />
          <Segmented<RollupGrain>
            value={query.grain}
            onChange={chart.setGrain}
            options={ROLLUP_GRAINS.map((grain) => ({ value: grain, label: t(`queryChart.grain.${grain}`) }))}
            data-testid="query-grain"
          />
        </>
      )}
      <DatePicker.RangePicker
        value={[dayjs(query.start), dayjs(query.end)]}
        onChange={pickRange}
        presets={presets}
        allowClear={false}
        picker={!meters && query.grain === 'month' ? 'month' : 'date'}
        data-testid="query-range"
      />
      <Segmented<ChartType>
        value={query.chartType}
        onChange={chart.setChartType}
        options={CHART_TYPES.map((type) => ({ value: type, label: t(`queryChart.chartType.${type}`) }))}
        data-testid="query-chart-type"
      />
      <Button type="primary" icon={<SearchOutlined />} loading={chart.loading} onClick={() => void chart.run()} data-testid="query-run">
        {t('queryChart.run')}
      </Button>
      {actions && <div className={styles.toolbarEnd}>{actions}</div>}
    </div>
  );
});
