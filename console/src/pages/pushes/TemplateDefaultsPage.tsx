import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, type AlarmKind } from '@shared/schemas/alarms';
import { PUSH_CHANNELS } from '@shared/schemas/pushes';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { ChannelTag } from './ChannelTag';
import { PUSH_MENUS } from './menus';
import { TemplateDefaultsController } from './TemplateDefaultsController';
import { usePushesApi } from './usePushesApi';

/** /message/template-settings: which template each alarm kind uses per channel when a task names none. */
export const TemplateDefaultsPage = observer(function TemplateDefaultsPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = usePushesApi();
  const [grid] = useState(() => new TemplateDefaultsController(api));
  // Channel settings serve every user tree: only administrators change them (the server refuses others).
  const canEdit = root.session.isAdmin && root.permission.hasButton(PUSH_MENUS.templateDefaults, 'edit');
  useEffect(() => void grid.load(), [grid]);

  const save = async () => {
    if (await grid.save()) notify.success(t('pushes.defaults.saved'));
  };

  const columns: TableColumnsType<{ kind: AlarmKind }> = [
    {
      key: 'kind',
      title: t('pushes.defaults.kind'),
      width: 180,
      render: (_, row) => <Typography.Text strong>{t(`pushes.kinds.${row.kind}`)}</Typography.Text>,
    },
    ...PUSH_CHANNELS.map((channel) => ({
      key: channel,
      title: <ChannelTag channel={channel} />,
      render: (_: unknown, row: { kind: AlarmKind }) => (
        <Select<number>
          style={{ width: '100%', minWidth: 200 }}
          disabled={!canEdit}
          // antd options take no null value: 0 stands for "no default".
          value={grid.templateOf(row.kind, channel) ?? 0}
          options={[
            { value: 0, label: t('pushes.defaults.none') },
            ...grid.templatesOf(channel).map((template) => ({ value: template.id, label: template.name })),
          ]}
          onChange={(id) => grid.set(row.kind, channel, id || null)}
          aria-label={`${t(`pushes.kinds.${row.kind}`)} · ${t(`pushes.channels.${channel}`)}`}
          data-testid={`default-${row.kind}-${channel}`}
        />
      ),
    })),
  ];

  return (
    <Card
      size="small"
      title={t('pushes.defaults.title')}
      data-testid="template-defaults-page"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void grid.load()}>
            {t('pushes.actions.refresh')}
          </Button>
          {canEdit && (
            <Button type="primary" icon={<SaveOutlined />} loading={grid.saving} disabled={!grid.dirty} onClick={() => void save()} data-testid="defaults-save">
              {t('pushes.actions.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('pushes.defaults.intro')}</Typography.Paragraph>
      <Table<{ kind: AlarmKind }>
        rowKey="kind"
        size="middle"
        bordered
        loading={grid.loading}
        pagination={false}
        columns={columns}
        dataSource={ALARM_KINDS.map((kind) => ({ kind }))}
        scroll={{ x: 'max-content' }}
        data-testid="template-defaults-grid"
      />
    </Card>
  );
});
