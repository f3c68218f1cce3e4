import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createInterfacesApi, type InterfaceCall } from '@shared/api/interfacesApi';
import { formatDateTime, withThousands } from '@shared/format';
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
    { key: 'at', dataIndex: 'at', title: t('integrations.calls.at'), render: (at: number) => formatDateTime(at) },
    { key: 'ip', dataIndex: 'ip', title: t('integrations.calls.ip') },
    { key: 'accepted', dataIndex: 'accepted', title: t('integrations.calls.accepted'), align: 'right', render: (n: number) => withThousands(n, 0) },
    { key: 'rejected', dataIndex: 'rejected', title: t('integrations.calls.rejected'), align: 'right', render: (n: number) => withThousands(n, 0) },
    { key: 'code', title: t('integrations.calls.result'), render: (_: unknown, call) => <CallResultTag call={call} /> },
    { key: 'duration', dataIndex: 'durationMs', title: t('integrations.calls.duration'), align: 'right', render: (ms: number) => t('integrations.calls.durationMs', { ms: withThousands(ms, 1) }) },
  ];

  return (
    <Card
      size="small"
      title={t('integrations.calls.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void calls.load()} data-testid="calls-refresh">
          {t('integrations.calls.refresh')}
        </Button>
      }
      data-testid="call-records-page"
    >
      <Table<InterfaceCall>
        rowKey="_id"
        size="middle"
        loading={calls.loading}
        columns={columns}
        dataSource={calls.rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('integrations.calls.empty') }}
        onRow={(call) => ({ 'data-testid': `call-row-${call._id}` }) as object}
        pagination={{ current: calls.page, pageSize: calls.size, total: calls.total, showSizeChanger: true, showTotal: (total) => t('integrations.calls.total', { total }), onChange: (page, size) => void calls.setPage(page, size) }}
        data-testid="call-records-table"
      />
    </Card>
  );
});
