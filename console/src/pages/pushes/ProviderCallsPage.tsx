import { Card, InputNumber, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { withThousands } from '@shared/format';
import { PUSH_CHANNELS, type ProviderCall, type PushChannel } from '@shared/schemas/pushes';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { ChannelTag } from './ChannelTag';
import { usePushesApi } from './usePushesApi';

interface CallFilters {
  channel?: PushChannel | undefined;
  ok?: 'true' | 'false' | undefined;
  recordId?: number | undefined;
}

/** `?recordId=12` (the link from a push record) as a filter value. */
const recordIdOf = (params: URLSearchParams): number | undefined => {
  const id = Number(params.get('recordId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** /msg/webServiceRecord: every call to an SMTP server or an SMS / WeChat endpoint, with what it answered. */
export const ProviderCallsPage = observer(function ProviderCallsPage() {
  const { t } = useTranslation();
  const api = usePushesApi();
  const [params, setParams] = useSearchParams();
  const recordId = recordIdOf(params);
  const [list] = useState(() => new PagedQuery<CallFilters, ProviderCall>((query) => api.providerCalls(query), { recordId }));
  // The screen stays mounted in its tag: a later link with another record id changes the filter.
  useEffect(() => void list.setFilter('recordId', recordId), [list, recordId]);

  const setRecordId = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('recordId', String(id));
    else next.delete('recordId');
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<ProviderCall> = [
    { key: 'at', dataIndex: 'at', title: t('pushes.calls.at'), render: (at: number) => <DateTimeText at={at} /> },
    { key: 'channel', dataIndex: 'channel', title: t('pushes.calls.channel'), render: (channel: PushChannel) => <ChannelTag channel={channel} /> },
    { key: 'endpoint', dataIndex: 'endpoint', title: t('pushes.calls.endpoint'), render: (endpoint: string) => <CutText text={endpoint} maxWidth={220} /> },
    {
      key: 'ok',
      dataIndex: 'ok',
      title: t('pushes.calls.result'),
      render: (ok: boolean) => <Tag color={ok ? 'success' : 'error'}>{t(ok ? 'pushes.calls.ok' : 'pushes.calls.failed')}</Tag>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('pushes.calls.status'),
      align: 'right',
      render: (status: number | null) => status ?? <Typography.Text type="secondary">{t('pushes.calls.noAnswer')}</Typography.Text>,
    },
    {
      key: 'duration',
      dataIndex: 'durationMs',
      title: t('pushes.calls.duration'),
      align: 'right',
      render: (ms: number) => t('pushes.calls.durationMs', { ms: withThousands(ms, 0) }),
    },
    {
      key: 'record',
      dataIndex: 'recordId',
      title: t('pushes.calls.record'),
      render: (id: number | null) => (id === null ? <Typography.Text type="secondary">{t('pushes.calls.test')}</Typography.Text> : `#${id}`),
    },
    { key: 'detail', dataIndex: 'detail', title: t('pushes.calls.detail'), render: (detail: string) => <CutText text={detail} maxWidth={260} /> },
  ];

  return (
    <Card size="small" title={t('pushes.calls.title')} data-testid="provider-calls-page">
      <ListToolbar
        list={list}
        testId="calls"
        filters={
          <>
            <Select<PushChannel>
              allowClear
              style={{ width: 140 }}
              placeholder={t('pushes.filters.anyChannel')}
              value={list.filters.channel}
              options={PUSH_CHANNELS.map((value) => ({ value, label: t(`pushes.channels.${value}`) }))}
              onChange={(value) => void list.setFilter('channel', value)}
              data-testid="calls-filter-channel"
            />
            <Select<'true' | 'false'>
              allowClear
              style={{ width: 140 }}
              placeholder={t('pushes.filters.anyResult')}
              value={list.filters.ok}
              options={[
                { value: 'true', label: t('pushes.calls.ok') },
                { value: 'false', label: t('pushes.calls.failed') },
              ]}
              onChange={(value) => void list.setFilter('ok', value)}
              data-testid="calls-filter-ok"
            />
            <InputNumber<number>
              min={1}
              precision={0}
              style={{ width: 160 }}
              placeholder={t('pushes.filters.recordId')}
              value={recordId ?? null}
              onChange={setRecordId}
              data-testid="calls-filter-record"
            />
          </>
        }
      />
      <ListTable<ProviderCall>
        list={list}
        rowKey="id"
        columns={columns}
        emptyText={t('pushes.calls.empty')}
        rowAttributes={(call) => ({ 'data-testid': `call-row-${call.id}` })}
        totalText={(total) => t('pushes.total', { total })}
        testId="provider-calls-table"
      />
    </Card>
  );
});
