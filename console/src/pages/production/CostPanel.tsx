import { Card, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BandCost, LineCostReport, RangeQuery } from '@shared/production/api';
import { useProductionApi } from './productionApi';
import { energyText, moneyText, unitMoneyText } from './productionFormat';
import styles from './production.module.css';

/** Cost per standard unit by time-of-use band: band energy × its price ÷ the range's standard output. */
export function CostPanel({ lineId, range, unit }: { lineId: number; range: RangeQuery; unit: string }) {
  const { t } = useTranslation();
  const api = useProductionApi();
  const [report, setReport] = useState<LineCostReport | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let current = true;
    setLoading(true);
    api
      .cost(lineId, range)
      .then((answer) => current && setReport(answer))
      .catch(() => current && setReport(null))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [api, lineId, range]);

  const currency = report?.currency ? ` (${report.currency})` : '';
  return (
    <Card title={t('production.cost.title')} size="small" data-testid="cost-panel">
      <Table<BandCost>
        rowKey="band"
        size="small"
        loading={loading}
        dataSource={report?.bands ?? []}
        pagination={false}
        data-testid="cost-table"
        columns={[
          { key: 'band', title: t('production.cost.band'), render: (_, row) => t(`tariffs.band.${row.band}`, { defaultValue: row.band }) },
          {
            key: 'energy',
            title: `${t('production.table.energy')} (${unit})`,
            align: 'right',
            className: styles.numeric,
            render: (_, row) => energyText(row.energy),
          },
          {
            key: 'cost',
            title: `${t('production.cost.cost')}${currency}`,
            align: 'right',
            className: styles.numeric,
            render: (_, row) => moneyText(row.costMinor),
          },
          {
            key: 'perUnit',
            title: `${t('production.cost.perUnit')}${currency}`,
            align: 'right',
            className: styles.numeric,
            render: (_, row) => unitMoneyText(row.costPerUnitMinor),
          },
        ]}
        summary={() =>
          report && report.bands.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('production.table.total')}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>{energyText(report.total.energy)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <Typography.Text strong>{moneyText(report.total.costMinor)}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Typography.Text strong data-testid="cost-per-unit-total">
                  {unitMoneyText(report.total.costPerUnitMinor)}
                </Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {report && (
        <Typography.Paragraph type="secondary" className={styles.note} style={{ margin: '8px 0 0' }}>
          {t('production.cost.output', { output: energyText(report.standardOutput) })}
          {report.unpricedEnergy > 0 && ` ${t('production.cost.unpriced', { energy: energyText(report.unpricedEnergy), unit })}`}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
