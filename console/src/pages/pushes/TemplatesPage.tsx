import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_CHANNELS, type PushChannel, type PushTemplate } from '@shared/schemas/pushes';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { ChannelTag } from './ChannelTag';
import { PUSH_MENUS, type PushButton } from './menus';
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
    { key: 'name', dataIndex: 'name', title: t('pushes.templates.name') },
    { key: 'channel', dataIndex: 'channel', title: t('pushes.templates.channel'), render: (channel: PushChannel) => <ChannelTag channel={channel} /> },
    { key: 'subject', dataIndex: 'subject', title: t('pushes.templates.subject'), render: (subject: string) => <CutText text={subject} maxWidth={220} /> },
    // The body as plain text on one line; the editor shows it whole.
    { key: 'body', dataIndex: 'body', title: t('pushes.templates.body'), render: (body: string) => <CutText text={body} maxWidth={320} /> },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('pushes.columns.updatedAt'), render: (at: number) => <DateTimeText at={at} /> },
  ];
  if (can('edit') || can('delete')) {
    columns.push({
      key: 'actions',
      title: t('pushes.columns.actions'),
      render: (_: unknown, row) => (
        <RowActions
          gate={{ menu: PUSH_MENUS.templates }}
          actions={[
            { button: 'edit', label: t('pushes.actions.edit'), icon: <EditOutlined />, onClick: () => open(row), testId: `template-edit-${row.id}` },
            {
              button: 'delete',
              label: t('pushes.actions.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('pushes.templates.confirmDelete', { name: row.name }),
              confirmTestId: 'template-delete-confirm',
              onClick: () => void remove([row.id]),
              testId: `template-delete-${row.id}`,
            },
          ]}
        />
      ),
    });
  }

  return (
    <Card size="small" title={t('pushes.templates.title')} data-testid="push-templates-page">
      <ListToolbar
        list={{ loading: list.loading, busy: list.busy, selected: list.selectedIds, load: list.load }}
        gate={{ menu: PUSH_MENUS.templates }}
        testId="templates"
        filters={
          <Select<PushChannel>
            allowClear
            style={{ width: 180 }}
            placeholder={t('pushes.filters.anyChannel')}
            value={list.channel}
            options={PUSH_CHANNELS.map((channel) => ({ value: channel, label: t(`pushes.channels.${channel}`) }))}
            onChange={(channel) => void list.setChannel(channel)}
            data-testid="templates-filter-channel"
          />
        }
        onBatchDelete={() => remove(list.selectedIds)}
        batchDeleteConfirm={(count) => t('pushes.actions.confirmBatchDelete', { count })}
        actions={
          <Permission menu={PUSH_MENUS.templates} button="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid="template-add">
              {t('pushes.templates.add')}
            </Button>
          </Permission>
        }
      />
      <ListTable<PushTemplate>
        rows={list.templates}
        loading={list.loading}
        clientPageSize={20}
        selectable={can('delete')}
        selection={{ selected: list.selectedIds, select: list.setSelected }}
        rowKey="id"
        columns={columns}
        emptyText={t('pushes.templates.empty')}
        totalText={(total) => t('pushes.total', { total })}
        rowAttributes={(row) => ({ 'data-testid': `template-row-${row.id}` })}
        testId="templates-table"
      />
      {editor && <TemplateEditorDialog editor={editor} onSaved={saved} onClose={() => setEditor(null)} />}
    </Card>
  );
});
