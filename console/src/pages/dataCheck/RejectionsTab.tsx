import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyApi } from '@shared/api/energyApi';
import { formatDateTime } from '@shared/format';
import type { RejectedReadingRow } from '@shared/schemas/energy';
import { PagedQuery } from '../../lists/PagedQuery';

type Source = RejectedReadingRow['source'];
const SOURCES: readonly Source[] = ['mqtt', 'http'];
const none = <Typography.Text type="secondary">—</Typography.Text>;

/** Readings the ingest refused, with the reason it gave (unknown meter, bad value, wrong gateway…). */
export const RejectionsTab = observer(function RejectionsTab({ api }: { api: EnergyApi }) {
  const { t } = useTranslation();
  const [list] = useState(() => new PagedQuery<{ source?: Source | undefined }, RejectedReadingRow>((query) => api.rejections(query), {}));
  useEffect(() => void list.load(), [list]);

  return (
    <>
      <Typography.Paragraph type="secondary">{t('dataQuality.rejections.intro')}</Typography.Paragraph>
      <Flex justify="space-between" align="start" gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<Source>
          allowClear
          style={{ width: 180 }}
          placeholder={t('dataQuality.rejections.anySource')}
          value={list.filters.source}
          options={SOURCES.map((source) => ({ value: source, label: t(`dataQuality.sources.${source}`) }))}
          onChange={(source) => void list.setFilter('source', source)}
          data-testid="rejections-filter-source"
        />
        <Button icon={<ReloadOutlined />} onClick={() => void list.load()} data-testid="rejections-refresh">{t('dataQuality.actions.refresh')}</Button>
      </Flex>
      <Table<RejectedReadingRow>
        rowKey="_id"
        size="middle"
        data-testid="rejections-table"
        loading={list.loading}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('dataQuality.rejections.none') }}
        columns={[
          { key: 'at', title: t('dataQuality.columns.at'), width: 180, render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</span> },
          { key: 'source', title: t('dataQuality.columns.source'), width: 100, render: (_, row) => <Tag color={row.source === 'mqtt' ? 'purple' : 'blue'}>{t(`dataQuality.sources.${row.source}`)}</Tag> },
          { key: 'gateway', title: t('dataQuality.columns.gateway'), width: 160, render: (_, row) => row.gatewaySn ?? none },
          { key: 'meter', title: t('dataQuality.columns.meterCode'), width: 140, render: (_, row) => row.meterCode ?? none },
          // The server's own words: they name the offending value, so they are shown as sent.
          { key: 'reason', title: t('dataQuality.columns.reason'), render: (_, row) => <Typography.Text>{row.reason}</Typography.Text> },
        ]}
        pagination={{ current: list.page, pageSize: list.size, total: list.total, showSizeChanger: true, showTotal: (total) => t('dataQuality.total', { total }), onChange: (page, size) => void list.setPage(page, size) }}
      />
    </>
  );
});
