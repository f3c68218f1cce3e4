import { Select, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyApi } from '@shared/api/energyApi';
import type { RejectedReadingRow } from '@shared/schemas/energy';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
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
      <ListToolbar
        list={list}
        testId="rejections"
        filters={
          <Select<Source>
            allowClear
            style={{ width: 180 }}
            placeholder={t('dataQuality.rejections.anySource')}
            value={list.filters.source}
            options={SOURCES.map((source) => ({ value: source, label: t(`dataQuality.sources.${source}`) }))}
            onChange={(source) => void list.setFilter('source', source)}
            data-testid="rejections-filter-source"
          />
        }
      />
      <ListTable<RejectedReadingRow>
        list={list}
        rowKey="_id"
        testId="rejections-table"
        emptyText={t('dataQuality.rejections.none')}
        totalText={(total) => t('dataQuality.total', { total })}
        columns={[
          { key: 'at', title: t('dataQuality.columns.at'), render: (_, row) => <DateTimeText at={row.at} /> },
          {
            key: 'source',
            title: t('dataQuality.columns.source'),
            render: (_, row) => <Tag color={row.source === 'mqtt' ? 'purple' : 'blue'}>{t(`dataQuality.sources.${row.source}`)}</Tag>,
          },
          { key: 'gateway', title: t('dataQuality.columns.gateway'), render: (_, row) => row.gatewaySn ?? none },
          { key: 'meter', title: t('dataQuality.columns.meterCode'), render: (_, row) => row.meterCode ?? none },
          // The server's own words: they name the offending value, so they are shown as sent.
          { key: 'reason', title: t('dataQuality.columns.reason'), render: (_, row) => <Typography.Text>{row.reason}</Typography.Text> },
        ]}
      />
    </>
  );
});
