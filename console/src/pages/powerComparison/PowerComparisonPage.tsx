import { Alert, Button, Card, DatePicker, Radio, Select, Statistic, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { fetchOptions, type ResourceOption } from '@shared/resources';
import {
  COMPARISON_MAX_DAYS,
  COMPARISON_SCREEN,
  type ComparisonAnswer,
  type ComparisonGrain,
  type ComparisonObjectType,
  type ComparisonPeriod,
} from '@shared/powerComparison';
import { EChart } from '../../charts/EChart';
import { usePermission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { DepartmentPicker } from '../analysis/shared/DepartmentPicker';
import { useDepartmentTree } from '../analysis/shared/useDepartmentTree';
import { comparisonChart, FLAGGED_COLOUR } from './comparisonChart';
import { kwhText, signedText } from './comparisonFormat';
import { usePowerComparisonApi } from './powerComparisonApi';
import { ToleranceDialog } from './ToleranceDialog';
import styles from './powerComparison.module.css';

const DAY = 'YYYY-MM-DD';
const GRAINS: readonly ComparisonGrain[] = ['hour', 'day', 'month'];
const kwh = kwhText;
const signed = signedText;

/** Imported against metered per period for one meter or department, with its tolerance, flags, chart and totals. */
export function PowerComparisonPage() {
  const { t } = useTranslation();
  const root = useStores();
  const api = usePowerComparisonApi();
  const can = usePermission(COMPARISON_SCREEN);
  const departments = useDepartmentTree();
  const [meters, setMeters] = useState<ResourceOption[]>([]);
  const [objectType, setObjectType] = useState<ComparisonObjectType>('meter');
  const [objectId, setObjectId] = useState<number | undefined>(undefined);
  const [grain, setGrain] = useState<ComparisonGrain>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day').startOf('day'), dayjs().subtract(1, 'day').startOf('day')]);
  const [answer, setAnswer] = useState<ComparisonAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState(false);

  const span = grain === 'month' ? range[1].endOf('month').diff(range[0].startOf('month'), 'day') + 1 : range[1].diff(range[0], 'day') + 1;
  const tooLong = span > COMPARISON_MAX_DAYS[grain];

  const query = async (over?: { objectType: ComparisonObjectType; objectId: number; grain: ComparisonGrain; from: Dayjs; to: Dayjs }) => {
    const current = over ?? (objectId === undefined ? null : { objectType, objectId, grain, from: range[0], to: range[1] });
    if (!current || (!over && tooLong)) return;
    setLoading(true);
    try {
      const from = current.grain === 'month' ? current.from.startOf('month') : current.from;
      const to = current.grain === 'month' ? current.to.endOf('month') : current.to;
      setAnswer(
        await api.compare({ objectType: current.objectType, objectId: current.objectId, grain: current.grain, from: from.format(DAY), to: to.format(DAY) }),
      );
    } catch {
      setAnswer(null);
    } finally {
      setLoading(false);
    }
  };

  // Opens on the newest import (its object and days); with none, on the first meter and the last 30 days.
  useEffect(() => {
    let live = true;
    void Promise.all([fetchOptions(root.http, 'meters').catch(() => []), api.latest().catch(() => null)]).then(([options, latest]) => {
      if (!live) return;
      setMeters(options);
      setOpened(true);
      if (latest) {
        const from = dayjs(latest.from);
        const to = dayjs(latest.to);
        setObjectType(latest.objectType);
        setObjectId(latest.objectId);
        setGrain(latest.grain);
        setRange([from, to]);
        void query({ objectType: latest.objectType, objectId: latest.objectId, grain: latest.grain, from, to });
      } else if (options[0]) setObjectId(options[0].id);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the opening query runs by itself; later changes wait for Query
  }, []);

  const texts = {
    imported: t('powerComparison.imported'),
    metered: t('powerComparison.metered'),
    difference: t('powerComparison.difference'),
    flagged: t('powerComparison.flagged'),
    unit: 'kWh',
  };
  const option = useMemo(() => comparisonChart(answer?.periods ?? [], texts), [answer, texts.imported, texts.metered, texts.difference, texts.flagged]); // eslint-disable-line react-hooks/exhaustive-deps -- texts change with the language only
  const hasImported = answer?.periods.some((period) => period.imported !== null) ?? false;
  const objectName = answer ? (answer.object.code ? `${answer.object.code} ${answer.object.name}` : answer.object.name) : '';

  const stateOf = (period: ComparisonPeriod) => {
    if (period.imported === null) return <Typography.Text type="secondary">{t('powerComparison.noImport')}</Typography.Text>;
    if (!period.judged) return <Tag color="default">{t('powerComparison.partly', { percent: withThousands(period.coverage * 100, 0) })}</Tag>;
    return period.flagged ? (
      <Tag color="error" data-testid="comparison-flagged">
        {t('powerComparison.flagged')}
      </Tag>
    ) : (
      <Tag color="success">{t('powerComparison.withinTolerance')}</Tag>
    );
  };

  return (
    <div className={styles.page} data-testid="power-comparison">
      <div className={styles.toolbar}>
        <Radio.Group
          value={objectType}
          onChange={(event) => {
            const type = event.target.value as ComparisonObjectType;
            setObjectType(type);
            setObjectId(type === 'meter' ? meters[0]?.id : (departments.nodes.find((node) => node.parentId === null)?.id ?? departments.nodes[0]?.id));
          }}
          optionType="button"
          aria-label={t('powerComparison.objectType')}
          options={[
            { value: 'meter', label: t('powerComparison.meter') },
            { value: 'department', label: t('powerComparison.department') },
          ]}
        />
        {objectType === 'meter' ? (
          <Select<number>
            value={objectId}
            onChange={setObjectId}
            options={meters.map((meter) => ({ value: meter.id, label: meter.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('powerComparison.chooseMeter')}
            aria-label={t('powerComparison.meter')}
            style={{ width: 240 }}
            popupMatchSelectWidth={false}
            data-testid="comparison-meter"
          />
        ) : (
          <DepartmentPicker
            options={departments.options}
            value={objectId}
            onChange={setObjectId}
            loading={departments.loading}
            placeholder={t('powerComparison.chooseDepartment')}
            testId="comparison-department"
          />
        )}
        <Select<ComparisonGrain>
          value={grain}
          onChange={setGrain}
          options={GRAINS.map((value) => ({ value, label: t(`powerComparison.${value}`) }))}
          aria-label={t('powerComparison.grain')}
          style={{ width: 120 }}
          data-testid="comparison-grain"
        />
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          picker={grain === 'month' ? 'month' : 'date'}
          onChange={(dates) => dates?.[0] && dates[1] && setRange([dates[0], dates[1]])}
          aria-label={t('powerComparison.range')}
          data-testid="comparison-range"
        />
        <Button type="primary" onClick={() => void query()} disabled={objectId === undefined || tooLong} loading={loading} data-testid="comparison-query">
          {t('powerComparison.query')}
        </Button>
        {tooLong && <Typography.Text type="danger">{t('powerComparison.rangeTooLong', { days: COMPARISON_MAX_DAYS[grain] })}</Typography.Text>}
      </div>

      <Alert type="info" showIcon title={t('powerComparison.rule')} data-testid="comparison-rule" />

      {answer && (
        <div className={styles.tolerance} data-testid="comparison-tolerance">
          <Typography.Text strong>{objectName}</Typography.Text>
          <Typography.Text>
            {t('powerComparison.tolerance')}:{' '}
            {t(answer.toleranceSource === 'object' ? 'powerComparison.toleranceOwn' : 'powerComparison.toleranceDefault', { percent: answer.tolerancePercent })}
          </Typography.Text>
          {can('edit') && (
            <Button size="small" onClick={() => setEditing(true)} data-testid="comparison-tolerance-edit">
              {t('powerComparison.editTolerance')}
            </Button>
          )}
        </div>
      )}

      {answer && hasImported && (
        <div className={styles.figures} data-testid="comparison-totals">
          <Card size="small">
            <Statistic title={t('powerComparison.imported')} value={kwh(answer.totals.imported)} suffix="kWh" />
          </Card>
          <Card size="small">
            <Statistic title={t('powerComparison.metered')} value={kwh(answer.totals.metered)} suffix="kWh" />
          </Card>
          <Card size="small">
            <Statistic title={t('powerComparison.difference')} value={signed(answer.totals.difference, 2)} suffix="kWh" />
          </Card>
          <Card size="small">
            <Statistic title={t('powerComparison.percent')} value={answer.totals.percent === null ? '–' : signed(answer.totals.percent, 2)} suffix="%" />
          </Card>
          <Card size="small" className={answer.totals.flagged > 0 ? styles.figureFlagged : undefined}>
            <Statistic title={t('powerComparison.flaggedPeriods')} value={answer.totals.flagged} />
          </Card>
        </div>
      )}
      {answer && hasImported && <Typography.Text type="secondary">{t('powerComparison.totalsNote', { count: answer.totals.periodsJudged })}</Typography.Text>}

      {answer && answer.periods.length > 0 && hasImported && (
        <div>
          <EChart option={option} height={280} ariaLabel={t('powerComparison.chart')} />
          {answer.totals.flagged > 0 && <Typography.Text type="secondary">{t('powerComparison.chartNote')}</Typography.Text>}
        </div>
      )}
      {!loading && opened && !answer && <Alert type="info" title={t('powerComparison.empty')} />}
      {!loading && answer && !hasImported && <Alert type="warning" showIcon title={t('powerComparison.noData')} data-testid="comparison-no-data" />}

      {answer && (
        <Table<ComparisonPeriod>
          rowKey="period"
          size="small"
          loading={loading}
          dataSource={answer.periods}
          pagination={answer.periods.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          data-testid="comparison-table"
          onRow={(period) => ({ 'data-testid': `comparison-row-${period.period}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'period',
              title: t('powerComparison.period'),
              width: 150,
              render: (_, period) => <span style={period.flagged ? { color: FLAGGED_COLOUR, fontWeight: 600 } : undefined}>{period.label}</span>,
            },
            { key: 'imported', title: `${t('powerComparison.imported')} (kWh)`, align: 'right', render: (_, period) => kwh(period.imported) },
            { key: 'metered', title: `${t('powerComparison.metered')} (kWh)`, align: 'right', render: (_, period) => kwh(period.metered) },
            { key: 'difference', title: `${t('powerComparison.difference')} (kWh)`, align: 'right', render: (_, period) => signed(period.difference, 2) },
            {
              key: 'percent',
              title: t('powerComparison.percent'),
              align: 'right',
              render: (_, period) =>
                period.percent !== null
                  ? `${signed(period.percent, 2)} %`
                  : period.imported !== null && period.metered === 0
                    ? t('powerComparison.nothingMetered')
                    : '–',
            },
            { key: 'state', title: t('powerComparison.state'), width: 190, render: (_, period) => stateOf(period) },
          ]}
          summary={() =>
            hasImported ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('powerComparison.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{kwh(answer.totals.imported)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Typography.Text strong>{kwh(answer.totals.metered)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Typography.Text strong>{signed(answer.totals.difference, 2)}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Typography.Text strong>{answer.totals.percent === null ? '–' : `${signed(answer.totals.percent, 2)} %`}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5}>
                  <Typography.Text strong>{answer.totals.flagged > 0 ? `${t('powerComparison.flagged')}: ${answer.totals.flagged}` : ''}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
      {editing && answer && (
        <ToleranceDialog
          object={answer.object}
          current={answer.tolerancePercent}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void query({ objectType: answer.object.type, objectId: answer.object.id, grain: answer.grain, from: range[0], to: range[1] });
          }}
        />
      )}
    </div>
  );
}
