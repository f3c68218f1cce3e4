import { Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { energyText, percentText, secText } from './productionFormat';
import type { SecRow, SecView } from './secRows';
import styles from './production.module.css';

interface SecTableProps {
  view: SecView;
  rows: SecRow[];
  loading: boolean;
  /** The energy unit of the lines shown (kWh; m³ for water and gas lines). */
  unit: string;
}

/** SEC per line (its range, then each period), product or shift; a row over target is tinted and tagged. */
export function SecTable({ view, rows, loading, unit }: SecTableProps) {
  const { t } = useTranslation();
  const labelTitle = t(`production.table.${view === 'line' ? 'period' : view}`);
  const perUnit = (row: SecRow) => (row.unit ? ` / ${row.unit}` : '');
  return (
    <Table<SecRow>
      rowKey="key"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 40 ? { pageSize: 40, showSizeChanger: false } : false}
      tableLayout="auto"
      rowClassName={(row) => [row.over ? styles.overRow : '', row.kind === 'total' ? styles.totalRow : ''].join(' ')}
      onRow={(row) => ({ 'data-testid': `sec-row-${row.key}`, 'data-over': row.over ? 'true' : 'false' }) as HTMLAttributes<HTMLElement>}
      data-testid="sec-table"
      columns={[
        { key: 'line', title: t('production.table.line'), render: (_, row) => row.lineName },
        {
          key: 'label',
          title: labelTitle,
          render: (_, row) => (row.kind === 'total' ? <Typography.Text strong>{t('production.table.total')}</Typography.Text> : row.label),
        },
        {
          key: 'energy',
          title: `${t('production.table.energy')} (${unit})`,
          align: 'right',
          className: styles.numeric,
          render: (_, row) => energyText(row.energy),
        },
        {
          key: 'output',
          title: t(view === 'product' ? 'production.table.quantity' : 'production.table.output'),
          align: 'right',
          className: styles.numeric,
          render: (_, row) =>
            'quantity' in row && typeof row.quantity === 'number' ? `${energyText(row.quantity)} ${row.unit}` : energyText(row.standardOutput),
        },
        {
          key: 'secKwh',
          title: `${t('production.table.sec')} (${unit}${t('production.table.perUnit')})`,
          align: 'right',
          className: styles.numeric,
          render: (_, row) => (
            <span data-testid="sec-kwh">
              {secText(row.secKwh)}
              {row.secKwh !== null ? perUnit(row) : ''}
            </span>
          ),
        },
        {
          key: 'secKgce',
          title: `${t('production.table.sec')} (kgce${t('production.table.perUnit')})`,
          align: 'right',
          className: styles.numeric,
          render: (_, row) => <span data-testid="sec-kgce">{secText(row.secKgce)}</span>,
        },
        { key: 'target', title: t('production.table.target'), align: 'right', className: styles.numeric, render: (_, row) => secText(row.targetSecKwh) },
        {
          key: 'vsTarget',
          title: t('production.table.vsTarget'),
          align: 'right',
          className: styles.numeric,
          render: (_, row) => (
            <>
              {percentText(row.vsTargetPercent)}
              {row.over && (
                <Tag color="red" className={styles.overTag} data-testid="sec-over">
                  {t('production.table.over')}
                </Tag>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
