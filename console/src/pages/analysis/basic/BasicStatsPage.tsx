import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOptions, type ResourceOption } from '@shared/resources';
import type { EnergyType } from '@shared/resources/meters';
import { EChart } from '../../../charts/EChart';
import { useStores } from '../../../stores/StoreContext';
import { periodFromShortcut, queryRange, rangeTooLong, type AnalysisPeriod } from '../shared/analysisRange';
import { CHART_HEIGHT } from '../shared/chartTheme';
import { EnergyFigure } from '../shared/EnergyTableCell';
import { EnergyTypeSelect } from '../shared/EnergyTypeSelect';
import { PeriodToolbar } from '../shared/PeriodToolbar';
import { RangeNotice } from '../shared/RangeNotice';
import { useDepartmentTree } from '../shared/useDepartmentTree';
import { useEnergyApi } from '../shared/useEnergyApi';
import { useEnergyQuery } from '../shared/useEnergyQuery';
import styles from '../shared/analysis.module.css';
import { rollupChartOption } from './rollupChart';
import { buildRollupTable, type RollupRow } from './rollupTable';
import { defaultItems, type ItemScope } from './scopeItems';
import { ScopeItemPicker } from './ScopeItemPicker';

/** /others/basic: energy of chosen departments, sub-items or meters per hour, day or month. */
export function BasicStatsPage() {
  const root = useStores();
  const api = useEnergyApi();
  const { t } = useTranslation();
  const [scope, setScope] = useState<ItemScope>('department');
  /** undefined until the operator picks: then the screen's default selection applies. */
  const [picked, setPicked] = useState<number[] | undefined>(undefined);
  const [energyType, setEnergyType] = useState<EnergyType>('electricity');
  const [period, setPeriod] = useState<AnalysisPeriod>(() => periodFromShortcut('day', 6));

  const departments = useDepartmentTree();
  const optionPath = scope === 'subitem' ? 'subitems' : 'meters';
  const options = useEnergyQuery<ResourceOption[]>(scope === 'department' ? null : optionPath, () => fetchOptions(root.http, optionPath));
  const items = picked ?? defaultItems(scope, departments.nodes, options.data ?? []);

  const range = queryRange(period);
  const tooLong = rangeTooLong(period.grain, range);
  const query = { scope, ids: items, energyType, grain: period.grain, ...range };
  const rollups = useEnergyQuery(items.length === 0 || tooLong ? null : JSON.stringify(query), () => api.rollups(query));
  const result = rollups.data;

  const table = useMemo(() => (result ? buildRollupTable(result) : undefined), [result]);
  const chart = useMemo(() => (result ? rollupChartOption(result) : undefined), [result]);

  const columns: TableColumnsType<RollupRow> = [
    { key: 'period', title: t('analysis.table.period'), dataIndex: 'label', fixed: 'left', width: 150 },
    ...(table?.columns ?? []).map((column, index) => ({
      key: String(column.scopeId),
      title: column.name,
      align: 'right' as const,
      render: (_: unknown, row: RollupRow) => <EnergyFigure value={row.energy[index] ?? 0} />,
    })),
  ];
  const unit = result?.unit ?? '';

  return (
    <div className={styles.page} data-testid="analysis-basic">
      <Card size="small">
        <PeriodToolbar value={period} onChange={setPeriod}>
          <ScopeItemPicker
            scope={scope}
            onScope={(next) => {
              setScope(next);
              setPicked(undefined);
            }}
            items={items}
            onItems={setPicked}
            departmentOptions={departments.options}
            options={options.data ?? []}
            loading={departments.loading || options.loading}
          />
          <EnergyTypeSelect value={energyType} onChange={setEnergyType} />
        </PeriodToolbar>
      </Card>
      {tooLong && <RangeNotice grain={period.grain} />}
      <Card title={t('analysis.basic.chartTitle', { unit })} size="small">
        {items.length === 0 ? (
          <Empty description={t('analysis.basic.noItems')} />
        ) : (
          <EChart option={chart ?? {}} loading={rollups.loading} height={CHART_HEIGHT} ariaLabel={t('analysis.basic.chartTitle', { unit })} />
        )}
      </Card>
      <Card title={t('analysis.basic.tableTitle', { unit })} size="small">
        <Table<RollupRow>
          rowKey="key"
          size="small"
          data-testid="basic-table"
          loading={rollups.loading}
          columns={columns}
          dataSource={table?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 'max(240px, 50vh)' }}
          summary={() =>
            table && (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="basic-total-row">
                  <Table.Summary.Cell index={0}>
                    <strong>{t('analysis.table.total')}</strong>
                  </Table.Summary.Cell>
                  {table.totals.map((total, index) => (
                    <Table.Summary.Cell key={table.columns[index]!.scopeId} index={index + 1} align="right">
                      <strong>
                        <EnergyFigure value={total} testId={`basic-total-${table.columns[index]!.scopeId}`} />
                      </strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )
          }
        />
      </Card>
    </div>
  );
}
