import { Card, Flex, InputNumber, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import type { ForwardCall } from '@shared/schemas/forwarding';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RECORDS_MENU } from './menus';
import { useWebServiceApi } from './webServiceApi';

interface CallFilters {
  endpointId?: number | undefined;
  result?: 'ok' | 'failed' | undefined;
  /** An HTTP status; 0: no answer. */
  status?: number | undefined;
}

/** Every call to a forwarding endpoint, newest first, filtered by endpoint and result. */
export const ForwardCallsList = observer(function ForwardCallsList() {
  const { t } = useTranslation();
  const api = useWebServiceApi();
  const [list] = useState(() => new PagedQuery<CallFilters, ForwardCall>((query) => api.calls(query), {}));
  const [endpoints, setEndpoints] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    void list.load();
    api.endpointOptions().then(
      (options) => setEndpoints(options ?? []),
      () => undefined,
    );
  }, [list, api]);

  const columns: TableColumnsType<ForwardCall> = [
    {
      key: 'at',
      title: t('webService.records.at'),
      width: 170,
      render: (_: unknown, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.at)}</span>,
    },
    {
      key: 'endpoint',
      title: t('webService.records.endpoint'),
      render: (_: unknown, c) => (
        <Flex gap={4} align="center" wrap>
          <CutText text={c.endpointName} maxWidth={220} />
          {c.test && <Tag>{t('webService.records.test')}</Tag>}
        </Flex>
      ),
    },
    { key: 'items', dataIndex: 'items', title: t('webService.records.items'), width: 90, align: 'right' },
    {
      key: 'result',
      title: t('webService.records.result'),
      width: 200,
      render: (_: unknown, c) => (
        <Flex gap={4} align="center" style={{ whiteSpace: 'nowrap' }} data-testid={`call-result-${c.id}`}>
          <Tag color={c.ok ? 'success' : 'error'}>{t(c.ok ? 'webService.records.ok' : 'webService.records.failed')}</Tag>
          {c.status ?? <Typography.Text type="secondary">{t('webService.records.noAnswer')}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'latency',
      title: t('webService.records.latency'),
      width: 110,
      align: 'right',
      render: (_: unknown, c) => t('webService.records.latencyMs', { ms: withThousands(c.durationMs, 0) }),
    },
    { key: 'attempt', dataIndex: 'attempt', title: t('webService.records.attempt'), width: 90, align: 'right' },
    {
      key: 'error',
      title: t('webService.records.error'),
      render: (_: unknown, c) => (c.error ? <CutText text={c.error} maxWidth={260} /> : <Typography.Text type="secondary">—</Typography.Text>),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="forward-calls">
      <ListToolbar
        list={list}
        gate={{ menu: RECORDS_MENU }}
        testId="forward-calls"
        filters={
          <>
            <Select<number>
              allowClear
              style={{ width: 220 }}
              placeholder={t('webService.records.anyEndpoint')}
              value={list.filters.endpointId}
              options={endpoints.map((e) => ({ value: e.id, label: e.name }))}
              onChange={(value) => void list.setFilter('endpointId', value)}
              data-testid="forward-calls-endpoint"
            />
            <Select<'ok' | 'failed'>
              allowClear
              style={{ width: 200 }}
              placeholder={t('webService.records.anyResult')}
              value={list.filters.result}
              options={[
                { value: 'ok', label: t('webService.records.ok') },
                { value: 'failed', label: t('webService.records.failed') },
              ]}
              onChange={(value) => void list.setFilter('result', value)}
              data-testid="forward-calls-result"
            />
            <InputNumber<number>
              min={0}
              max={599}
              precision={0}
              style={{ width: 250 }}
              placeholder={t('webService.records.statusFilter')}
              value={list.filters.status ?? null}
              onChange={(value) => void list.setFilter('status', value === null || (value > 0 && value < 100) ? undefined : value)}
              data-testid="forward-calls-status"
            />
          </>
        }
      />
      <ListTable
        list={list}
        rowKey="id"
        columns={columns}
        testId="forward-calls-table"
        emptyText={t('webService.records.empty')}
        totalText={(total, count) => t('webService.records.total', { total, count })}
        rowAttributes={(c) => ({ 'data-testid': `forward-call-${c.id}` })}
      />
    </Card>
  );
});
