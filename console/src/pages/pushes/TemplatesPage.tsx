import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import { PUSH_CHANNELS, type PushChannel, type PushTemplate } from '@shared/schemas/pushes';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { ChannelTag } from './ChannelTag';
import { PUSH_MENUS, type PushButton } from './menus';
import styles from './Pushes.module.css';
import { TemplateEditorController } from './TemplateEditorController';
import { TemplateEditorDialog } from './TemplateEditorDialog';
import { TemplatesController } from './TemplatesController';
import { usePushesApi } from './usePushesApi';

/** /msg/template: the texts pushes are written from, per channel, with placeholders for the alarm. */
export const TemplatesPage = observer(function TemplatesPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = usePushesApi();
  const [list] = useState(() => new TemplatesController(api));
  const [editor, setEditor] = useState<TemplateEditorController | null>(null);
  const can = (button: PushButton) => root.permission.hasButton(PUSH_MENUS.templates, button);
  useEffect(() => void list.load(), [list]);

  const open = (record?: PushTemplate) => setEditor(new TemplateEditorController(api, t, record, list.channel ?? 'email'));
  const saved = (template: PushTemplate) => {
    notify.success(t(editor?.record ? 'pushes.templates.updated' : 'pushes.templates.created', { name: template.name }));
    setEditor(null);
    void list.load();
  };
  const remove = async (ids: number[]) => {
    if (await list.remove(ids)) notify.success(t('pushes.actions.deleted', { count: ids.length }));
  };

  const columns: TableColumnsType<PushTemplate> = [
    { key: 'name', dataIndex: 'name', title: t('pushes.templates.name'), width: 200 },
    { key: 'channel', dataIndex: 'channel', title: t('pushes.templates.channel'), width: 110, render: (channel: PushChannel) => <ChannelTag channel={channel} /> },
    { key: 'subject', dataIndex: 'subject', title: t('pushes.templates.subject'), width: 220, render: (subject: string) => subject || <Typography.Text type="secondary">—</Typography.Text> },
    // The body as plain text on one line; the editor shows it whole.
    { key: 'body', dataIndex: 'body', title: t('pushes.templates.body'), render: (body: string) => <span className={styles.clip} title={body}>{body}</span> },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('pushes.columns.updatedAt'), width: 170, render: (at: number) => formatDateTime(at) },
  ];
  if (can('edit') || can('delete')) {
    columns.push({
      key: 'actions',
      title: t('pushes.columns.actions'),
      width: 160,
      render: (_: unknown, row) => (
        <Space size={0}>
          {can('edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(row)} data-testid={`template-edit-${row.id}`}>
              {t('pushes.actions.edit')}
            </Button>
          )}
          {can('delete') && (
            <Popconfirm title={t('pushes.templates.confirmDelete', { name: row.name })} onConfirm={() => remove([row.id])} okText={t('pushes.actions.delete')} cancelText={t('pushes.actions.cancel')} okButtonProps={{ danger: true, 'data-testid': 'template-delete-confirm' }}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`template-delete-${row.id}`}>
                {t('pushes.actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card size="small" title={t('pushes.templates.title')} data-testid="push-templates-page">
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <Select<PushChannel>
            allowClear
            style={{ width: 180 }}
            placeholder={t('pushes.filters.anyChannel')}
            value={list.channel}
            options={PUSH_CHANNELS.map((channel) => ({ value: channel, label: t(`pushes.channels.${channel}`) }))}
            onChange={(channel) => void list.setChannel(channel)}
            data-testid="templates-filter-channel"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void list.load()}>
            {t('pushes.actions.refresh')}
          </Button>
        </div>
        <Space>
          {can('delete') && (
            <Popconfirm title={t('pushes.actions.confirmBatchDelete', { count: list.selectedIds.length })} onConfirm={() => remove(list.selectedIds)} disabled={!list.selectedIds.length} okText={t('pushes.actions.delete')} cancelText={t('pushes.actions.cancel')} okButtonProps={{ danger: true, 'data-testid': 'templates-batch-delete-confirm' }}>
              <Button danger icon={<DeleteOutlined />} disabled={!list.selectedIds.length} loading={list.busy} data-testid="templates-batch-delete">
                {t('pushes.actions.deleteSelected')}
              </Button>
            </Popconfirm>
          )}
          {can('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid="template-add">
              {t('pushes.templates.add')}
            </Button>
          )}
        </Space>
      </div>
      <Table<PushTemplate>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.templates}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('pushes.templates.empty') }}
        rowSelection={can('delete') ? { selectedRowKeys: list.selectedIds, onChange: (keys) => list.setSelected(keys as number[]) } : undefined}
        onRow={(row) => ({ 'data-testid': `template-row-${row.id}` }) as object}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('pushes.total', { total }) }}
        data-testid="templates-table"
      />
      {editor && <TemplateEditorDialog editor={editor} onSaved={saved} onClose={() => setEditor(null)} />}
    </Card>
  );
});
