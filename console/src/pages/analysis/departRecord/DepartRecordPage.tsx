import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyType } from '@shared/resources/meters';
import type { RollupGrain } from '@shared/schemas/energy';
import { currentPeriod, queryRange, rangeTooLong, type AnalysisPeriod } from '../shared/analysisRange';
import { EnergyFigure } from '../shared/EnergyTableCell';
import { EnergyTypeSelect } from '../shared/EnergyTypeSelect';
import { PeriodToolbar } from '../shared/PeriodToolbar';
import { RangeNotice } from '../shared/RangeNotice';
import { useDepartmentTree } from '../shared/useDepartmentTree';
import { useEnergyApi } from '../shared/useEnergyApi';
import { useEnergyQuery } from '../shared/useEnergyQuery';
import styles from '../shared/analysis.module.css';
import { buildDepartmentRecord, chunkIds, mergeRollups, type RecordRow } from './departmentRecord';
import { downloadText, recordCsv } from './recordCsv';

/** A record has day or month columns. */
const GRAINS: readonly RollupGrain[] = ['day', 'month'];
const INDENT_PX = 18;

/** /devices/departRecord: every department's energy per day or month over a range, exportable as CSV. */
export function DepartRecordPage() {
  const api = useEnergyApi();
  const { t } = useTranslation();
  const departments = useDepartmentTree();
  const [energyType, setEnergyType] = useState<EnergyType>('electricity');
  const [period, setPeriod] = useState<AnalysisPeriod>(() => currentPeriod('day'));

  const range = queryRange(period);
  const tooLong = rangeTooLong(period.grain, range);
  const ids = departments.nodes.map((node) => node.id);
  const query = { scope: 'department' as const, energyType, grain: period.grain, ...range };
  const rollups = useEnergyQuery(tooLong || ids.length === 0 ? null : JSON.stringify({ ...query, ids }), async () =>
    mergeRollups(await Promise.all(chunkIds(ids).map((chunk) => api.rollups({ ...query, ids: chunk })))),
  );
  const record = useMemo(() => (rollups.data ? buildDepartmentRecord(departments.nodes, rollups.data) : undefined), [rollups.data, departments.nodes]);
  const unit = record?.unit ?? '';

  const exportCsv = () => {
    if (!record) return;
    const csv = recordCsv(record, {
      department: t('analysis.record.department'),
      code: t('analysis.record.code'),
      level: t('analysis.record.level'),
      total: t('analysis.table.total'),
      site: t('analysis.record.site'),
    });
    const day = (ms: number) => dayjs(ms).format(period.grain === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD');
    downloadText(csv, `department-energy_${energyType}_${day(range.from)}_${day(range.to)}.csv`);
  };

  const columns: TableColumnsType<RecordRow> = [
    {
      key: 'name',
      title: t('analysis.record.department'),
      fixed: 'left',
      width: 220,
      render: (_, row) => (
        <span style={{ paddingLeft: row.depth * INDENT_PX, fontWeight: row.depth === 0 ? 600 : undefined }} data-testid={`record-name-${row.code}`}>
          {row.name}
        </span>
      ),
    },
    ...(record?.labels ?? []).map((label, index) => ({
      key: record!.periods[index]!,
      title: label,
      align: 'right' as const,
      width: period.grain === 'month' ? 110 : 116,
      render: (_: unknown, row: RecordRow) => <EnergyFigure value={row.energy[index] ?? 0} />,
    })),
    {
      key: 'total',
      title: t('analysis.table.total'),
      fixed: 'right',
      align: 'right',
      width: 140,
      render: (_, row) => (
        <strong>
          <EnergyFigure value={row.total} testId={`record-total-${row.code}`} />
        </strong>
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="analysis-record">
      <Card size="small">
        <PeriodToolbar
          value={period}
          onChange={setPeriod}
          grains={GRAINS}
          actions={
            <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!record || record.rows.length === 0} data-testid="record-export">
              {t('analysis.record.export')}
            </Button>
          }
        >
          <EnergyTypeSelect value={energyType} onChange={setEnergyType} />
        </PeriodToolbar>
      </Card>
      {tooLong && <RangeNotice grain={period.grain} />}
      <Card size="small" title={t('analysis.record.title', { unit })}>
        <Table<RecordRow>
          rowKey="id"
          size="small"
          bordered
          data-testid="record-table"
          loading={rollups.loading || departments.loading}
          columns={columns}
          dataSource={record?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 'max(280px, calc(100vh - 330px))' }}
          locale={{ emptyText: t('analysis.record.empty') }}
          summary={() =>
            record && (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="record-site-row">
                  <Table.Summary.Cell index={0}>
                    <strong>{t('analysis.record.site')}</strong>
                  </Table.Summary.Cell>
                  {record.site.energy.map((energy, index) => (
                    <Table.Summary.Cell key={record.periods[index]} index={index + 1} align="right">
                      <EnergyFigure value={energy} />
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={record.periods.length + 1} align="right">
                    <strong>
                      <EnergyFigure value={record.site.total} testId="record-site-total" />
                    </strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )
          }
        />
      </Card>
    </div>
  );
}
