import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOptions } from '@shared/resources';
import type { AlarmKind, AlarmSeverity } from '@shared/schemas/alarms';
import type { PushChannel, PushTask } from '@shared/schemas/pushes';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { ChannelSetupHint, useChannelReadiness } from './ChannelSetupHint';
import { ChannelTag } from './ChannelTag';
import { CONTACT_READERS, PUSH_MENUS, type PushButton } from './menus';
import { PushTaskDialog } from './PushTaskDialog';
import { PushTasksController } from './PushTasksController';
import { usePushesApi } from './usePushesApi';

const SEVERITY_COLORS: Record<AlarmSeverity, string> = { low: 'default', medium: 'gold', high: 'orange', critical: 'red' };

/** /msg/task: which alarms are pushed, on which channel, to whom. */
export const PushTasksPage = observer(function PushTasksPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = usePushesApi();
  const [tasks] = useState(
    () =>
      new PushTasksController(
        api,
        () => fetchOptions(root.http, 'departments'),
        t,
        CONTACT_READERS.some((path) => root.permission.hasRoute(path)),
      ),
  );
  const [editing, setEditing] = useState<{ task?: PushTask } | null>(null);
  const channelSettings = useChannelReadiness();
  const can = (button: PushButton) => root.permission.hasButton(PUSH_MENUS.tasks, button);
  useEffect(() => void tasks.load(), [tasks]);

  const saved = (task: PushTask) => {
    notify.success(t(editing?.task ? 'pushes.tasks.updated' : 'pushes.tasks.created', { name: task.name }));
    setEditing(null);
  };
  const remove = async (task: PushTask) => {
    if (await tasks.remove([task.id])) notify.success(t('pushes.actions.deleted', { count: 1 }));
  };

  const columns: TableColumnsType<PushTask> = [
    { key: 'name', dataIndex: 'name', title: t('pushes.tasks.name') },
    { key: 'channel', dataIndex: 'channel', title: t('pushes.tasks.channel'), render: (channel: PushChannel) => <ChannelTag channel={channel} /> },
    {
      key: 'kinds',
      dataIndex: 'kinds',
      title: t('pushes.tasks.kinds'),
      render: (kinds: AlarmKind[]) => (
        <Flex wrap gap={4} style={{ maxWidth: 210 }}>
          {kinds.map((kind) => (
            <Tag key={kind} style={{ marginInlineEnd: 0 }}>
              {t(`pushes.kinds.${kind}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'minSeverity',
      dataIndex: 'minSeverity',
      title: t('pushes.tasks.minSeverity'),
      render: (severity: AlarmSeverity) => (
        <Tag color={SEVERITY_COLORS[severity]}>{t('pushes.tasks.atLeast', { severity: t(`pushes.severities.${severity}`) })}</Tag>
      ),
    },
    {
      key: 'department',
      dataIndex: 'departmentName',
      title: t('pushes.tasks.department'),
      render: (name: string | null) => name ?? <Typography.Text type="secondary">{t('pushes.tasks.anyDepartment')}</Typography.Text>,
    },
    {
      key: 'template',
      dataIndex: 'templateName',
      title: t('pushes.tasks.template'),
      render: (name: string | null) => name ?? <Typography.Text type="secondary">{t('pushes.tasks.defaultTemplate')}</Typography.Text>,
    },
    {
      key: 'recipients',
      dataIndex: 'recipientNames',
      title: t('pushes.tasks.recipients'),
      render: (names: string[]) => <CutText text={names.join(', ')} maxWidth={160} />,
    },
    {
      key: 'enabled',
      title: t('pushes.tasks.enabled'),
      render: (_: unknown, task) => (
        <Switch
          size="small"
          checked={task.enabled}
          disabled={!can('edit')}
          loading={tasks.switching.has(task.id)}
          onChange={(enabled) => void tasks.setEnabled(task, enabled)}
          aria-label={t('pushes.tasks.enabled')}
          data-testid={`task-enabled-${task.id}`}
        />
      ),
    },
  ];
  if (can('edit') || can('delete')) {
    columns.push({
      key: 'actions',
      title: t('pushes.columns.actions'),
      render: (_: unknown, task) => (
        <RowActions
          gate={{ menu: PUSH_MENUS.tasks }}
          actions={[
            { button: 'edit', label: t('pushes.actions.edit'), icon: <EditOutlined />, onClick: () => setEditing({ task }), testId: `task-edit-${task.id}` },
            {
              button: 'delete',
              label: t('pushes.actions.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('pushes.tasks.confirmDelete', { name: task.name }),
              confirmTestId: 'task-delete-confirm',
              onClick: () => void remove(task),
              testId: `task-delete-${task.id}`,
            },
          ]}
        />
      ),
    });
  }

  return (
    <Card size="small" title={t('pushes.tasks.title')} data-testid="push-tasks-page">
      <ListToolbar
        list={tasks}
        testId="tasks"
        actions={
          <Permission menu={PUSH_MENUS.tasks} button="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="task-add">
              {t('pushes.tasks.add')}
            </Button>
          </Permission>
        }
      />
      <ChannelSetupHint channels={tasks.tasks.map((task) => task.channel)} settings={channelSettings} />
      <ListTable<PushTask>
        rows={tasks.tasks}
        loading={tasks.loading}
        clientPageSize={20}
        rowKey="id"
        columns={columns}
        emptyText={t('pushes.tasks.empty')}
        totalText={(total) => t('pushes.total', { total })}
        rowAttributes={(task) => ({ 'data-testid': `task-row-${task.id}` })}
        testId="tasks-table"
      />
      {editing && (
        <PushTaskDialog
          tasks={tasks}
          {...(editing.task ? { task: editing.task } : {})}
          channelSettings={channelSettings}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
});
