import { Card, Empty, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import type { ExportFormat, MeterHistoryPage } from '@shared/schemas/energy';
import { ExportButtons } from './ExportButtons';
import type { MeterExportJob } from './MeterExportJob';
import type { MeterHistoryController } from './MeterHistoryController';
import { metricLabel } from './meterMetrics';
import styles from './MeterDataPage.module.css';

type HistoryRow = MeterHistoryPage['rows'][number];

/** Up to six decimals, trailing zeros dropped: the stored reading, not a rounded one. */
const exactValue = (value: number): string => withThousands(value, 6);

interface HistoryTableCardProps {
  history: MeterHistoryController;
  exportJob: MeterExportJob;
  onExport: (format: ExportFormat) => void;
}

/** The raw readings of the last query, newest first, paged on the server; their exports in the header. */
export const HistoryTableCard = observer(function HistoryTableCard({ history, exportJob, onExport }: HistoryTableCardProps) {
  const { t } = useTranslation();
  const unit = history.series?.metric.unit ?? '';
  const columns: TableColumnsType<HistoryRow> = [
    { key: 'ts', dataIndex: 'ts', title: t('meterData.table.time'), width: 200, render: (ts: number) => formatDateTime(ts) },
    {
      key: 'value',
      dataIndex: 'value',
      align: 'right',
      title: unit ? t('meterData.table.valueWithUnit', { unit }) : t('meterData.table.value'),
      render: (value: number, row) => (
        <span className={styles.numeric}>
          {row.estimated && (
            <Tooltip title={t('completion.estimatedHint')}>
              <Tag color="purple" data-testid={`meter-data-estimated-${row.ts}`}>
                {t('completion.estimated')}
              </Tag>
            </Tooltip>
          )}
          {exactValue(value)}
        </span>
      ),
    },
  ];
  const title = history.series ? `${t('meterData.table.title')} · ${metricLabel(t, history.series.metric.code)}` : t('meterData.table.title');

  return (
    <Card
      size="small"
      title={title}
      extra={<ExportButtons enabled={history.canExport} exportJob={exportJob} onExport={onExport} />}
      data-testid="meter-data-table-card"
    >
      <Table<HistoryRow>
        rowKey="ts"
        size="small"
        data-testid="meter-data-table"
        loading={history.tableLoading}
        columns={columns}
        dataSource={history.rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`meterData.empty.${history.emptyReason ?? 'noHistory'}`)} /> }}
        pagination={{
          current: history.page,
          pageSize: history.size,
          total: history.total,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (total) => t('meterData.table.total', { total, count: total }),
          onChange: (page, size) => void history.setPage(page, size),
          hideOnSinglePage: false,
        }}
      />
    </Card>
  );
});
