import { Card, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createInterfacesApi, type InterfaceCall } from '@shared/api/interfacesApi';
import { withThousands } from '@shared/format';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { useStores } from '../../stores/StoreContext';
import { CallRecordsController } from './CallRecordsController';
import { CallResultTag } from './CallResultTag';
import { KEYS_MENU } from './menus';

/** /thirdinterfaces/call-record: every call of the ingest endpoint, newest first. */
export const CallRecordsPage = observer(function CallRecordsPage() {
  const root = useStores();
  const { t } = useTranslation();
  // Without the keys screen the key list is forbidden: show key ids instead of a 403 toast.
  const [calls] = useState(() => new CallRecordsController(createInterfacesApi(root.http), root.permission.hasRoute(KEYS_MENU)));
  useEffect(() => void calls.load(), [calls]);

  const columns: TableColumnsType<InterfaceCall> = [
    {
      key: 'key',
      title: t('integrations.calls.key'),
      render: (_: unknown, call) => {
        const name = calls.keyName(call.keyId);
        if (name !== null) return name;
        return <Typography.Text type="secondary">{call.keyId === null ? t('integrations.calls.unknownKey') : `#${call.keyId}`}</Typography.Text>;
      },
    },
    { key: 'at', dataIndex: 'at', title: t('integrations.calls.at'), render: (at: number) => <DateTimeText at={at} /> },
    { key: 'ip', dataIndex: 'ip', title: t('integrations.calls.ip') },
    { key: 'accepted', dataIndex: 'accepted', title: t('integrations.calls.accepted'), align: 'right', render: (n: number) => withThousands(n, 0) },
    { key: 'rejected', dataIndex: 'rejected', title: t('integrations.calls.rejected'), align: 'right', render: (n: number) => withThousands(n, 0) },
    { key: 'code', title: t('integrations.calls.result'), render: (_: unknown, call) => <CallResultTag call={call} /> },
    {
      key: 'duration',
      dataIndex: 'durationMs',
      title: t('integrations.calls.duration'),
      align: 'right',
      render: (ms: number) => t('integrations.calls.durationMs', { ms: withThousands(ms, 1) }),
    },
  ];

  return (
    <Card size="small" title={t('integrations.calls.title')} data-testid="call-records-page">
      <ListToolbar list={calls.list} testId="calls" />
      <ListTable<InterfaceCall>
        list={calls.list}
        rowKey="_id"
        columns={columns}
        emptyText={t('integrations.calls.empty')}
        totalText={(total) => t('integrations.calls.total', { total })}
        rowAttributes={(call) => ({ 'data-testid': `call-row-${call._id}` })}
        testId="call-records-table"
      />
    </Card>
  );
});
