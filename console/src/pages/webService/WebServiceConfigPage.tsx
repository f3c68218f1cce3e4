import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, withThousands } from '@shared/format';
import type { ForwardEndpoint } from '@shared/schemas/forwarding';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { EndpointDialog } from './EndpointDialog';
import { CONFIG_MENU } from './menus';
import { useWebServiceApi } from './webServiceApi';

type Editing = { endpoint: ForwardEndpoint | null } | null;

/** /settings/webServiceConfig: forwarding endpoints with their state, queue and drops; add, edit, pause, test, delete. */
export const WebServiceConfigPage = observer(function WebServiceConfigPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const api = useWebServiceApi();
  const [list] = useState(() => new PagedQuery<object, ForwardEndpoint>(() => api.endpoints(), {}));
  const [editing, setEditing] = useState<Editing>(null);
  useEffect(() => void list.load(), [list]);
  const gate = { menu: CONFIG_MENU };

  const test = async (endpoint: ForwardEndpoint) => {
    const result = await api.test(endpoint.id).catch(() => null);
    if (!result) return;
    if (result.ok) notify.success(t('webService.testOk', { status: result.status, ms: result.durationMs }));
    else notify.error(t('webService.testFailed', { error: result.error ?? `HTTP ${result.status}` }));
    void list.load();
  };

  const kinds = (e: ForwardEndpoint) =>
    (
      [
        ['readings', e.sendReadings],
        ['energy', e.sendEnergy],
        ['alarms', e.sendAlarms],
      ] as const
    )
      .filter(([, on]) => on)
      .map(([kind]) => (
        <Tag key={kind} color="blue">
          {t(`webService.kinds.${kind}`)}
        </Tag>
      ));

  const columns: TableColumnsType<ForwardEndpoint> = [
    {
      key: 'endpoint',
      title: t('webService.col.endpoint'),
      render: (_: unknown, e) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{e.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.method} <CutText text={e.url} maxWidth={300} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'sends',
      title: t('webService.col.sends'),
      render: (_: unknown, e) => (
        <Flex vertical gap={4}>
          <Flex gap={2} wrap>
            {kinds(e)}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.meterIds.length || e.departmentIds.length
              ? t('webService.selectionSome', { meters: e.meterIds.length, departments: e.departmentIds.length })
              : t('webService.selectionAll')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'batching',
      title: t('webService.col.batching'),
      width: 150,
      render: (_: unknown, e) => t('webService.batchText', { size: e.batchSize, seconds: e.intervalSeconds }),
    },
    {
      key: 'state',
      title: t('webService.col.state'),
      render: (_: unknown, e) => (
        <Flex vertical gap={2} data-testid={`endpoint-state-${e.id}`}>
          <span>
            <Tag color={e.paused ? 'default' : 'green'}>{t(e.paused ? 'webService.paused' : 'webService.active')}</Tag>
            {e.lastCallAt !== null && <Tag color={e.lastError ? 'error' : 'success'}>{e.lastStatus ?? t('webService.records.noAnswer')}</Tag>}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.lastCallAt === null ? t('webService.never') : t('webService.lastCall', { when: formatDateTime(e.lastCallAt) })}
          </Typography.Text>
          {e.lastError && <CutText text={e.lastError} maxWidth={220} />}
        </Flex>
      ),
    },
    {
      key: 'queue',
      title: t('webService.col.queue'),
      width: 130,
      render: (_: unknown, e) => (
        <Flex vertical gap={2}>
          <span data-testid={`endpoint-queued-${e.id}`}>{t('webService.queued', { n: withThousands(e.queued, 0) })}</span>
          <Typography.Text type={e.dropped > 0 ? 'danger' : 'secondary'} data-testid={`endpoint-dropped-${e.id}`}>
            {t('webService.dropped', { n: withThousands(e.dropped, 0), count: e.dropped })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_: unknown, e) => (
        <RowActions
          gate={gate}
          actions={[
            {
              button: 'edit',
              label: t('webService.edit'),
              icon: <EditOutlined />,
              onClick: () => setEditing({ endpoint: e }),
              testId: `endpoint-edit-${e.id}`,
            },
            {
              button: 'edit',
              label: t(e.paused ? 'webService.resume' : 'webService.pause'),
              icon: e.paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />,
              onClick: () => void list.change(() => api.setPaused(e.id, !e.paused)),
              testId: `endpoint-${e.paused ? 'resume' : 'pause'}-${e.id}`,
            },
            { button: 'edit', label: t('webService.test'), icon: <SendOutlined />, onClick: () => void test(e), testId: `endpoint-test-${e.id}` },
            {
              button: 'delete',
              label: t('webService.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('webService.deleteConfirm'),
              onClick: () => void list.change(() => api.remove(e.id)),
              testId: `endpoint-delete-${e.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card size="small" title={t('webService.title')} data-testid="web-service-config-page">
      <Typography.Paragraph type="secondary">{t('webService.intro')}</Typography.Paragraph>
      <ListToolbar list={list} gate={gate} testId="endpoints" onAdd={() => setEditing({ endpoint: null })} addLabel={t('webService.add')} />
      <ListTable
        list={list}
        rowKey="id"
        columns={columns}
        testId="endpoints-table"
        emptyText={t('webService.empty')}
        totalText={(total, count) => t('webService.total', { total, count })}
        rowAttributes={(e) => ({ 'data-testid': `endpoint-row-${e.id}` })}
      />
      {editing && (
        <EndpointDialog
          api={api}
          endpoint={editing.endpoint}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void list.load();
          }}
        />
      )}
    </Card>
  );
});
