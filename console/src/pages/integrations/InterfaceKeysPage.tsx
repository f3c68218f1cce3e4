import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Table, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createInterfacesApi } from '@shared/api/interfacesApi';
import { formatDateTime } from '@shared/format';
import type { InterfaceKey } from '@shared/schemas/interfaces';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { ActivateKeyForm } from './ActivateKeyForm';
import { CreateKeyDialog } from './CreateKeyDialog';
import { InterfaceKeysController } from './InterfaceKeysController';
import { IssuedKeyDialog } from './IssuedKeyDialog';
import { KeyStateTag } from './KeyStateTag';
import { KEYS_MENU } from './menus';
import { SendReadingsGuide } from './SendReadingsGuide';
import styles from './IntegrationsPage.module.css';

/** /thirdinterfaces/generic-interfaces: keys for third-party systems (create, activate, revoke) and how to use them. */
export const InterfaceKeysPage = observer(function InterfaceKeysPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const [keys] = useState(() => new InterfaceKeysController(createInterfacesApi(root.http)));
  const [creating, setCreating] = useState(false);
  const can = (button: 'add' | 'delete') => root.permission.hasButton(KEYS_MENU, button);
  useEffect(() => void keys.load(), [keys]);

  const create = async (name: string) => {
    if (!(await keys.create(name))) return;
    setCreating(false);
    notify.success(t('integrations.createDialog.created'));
  };
  const activate = async (key: string) => {
    const activated = await keys.activate(key);
    if (activated) notify.success(t('integrations.activate.activated', { name: activated.name }));
    return activated !== null;
  };
  const revoke = async (id: number) => {
    if (await keys.revoke(id)) notify.success(t('integrations.keys.revoked'));
  };

  const date = (value: number | null) => formatDateTime(value);
  const columns: TableColumnsType<InterfaceKey> = [
    { key: 'name', dataIndex: 'name', title: t('integrations.keys.name') },
    { key: 'keyHint', dataIndex: 'keyHint', title: t('integrations.keys.key'), render: (hint: string) => <span className={styles.hint}>{hint}</span> },
    { key: 'state', dataIndex: 'state', title: t('integrations.keys.state'), render: (state: InterfaceKey['state']) => <KeyStateTag state={state} /> },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('integrations.keys.createdAt'), render: date },
    { key: 'activatedAt', dataIndex: 'activatedAt', title: t('integrations.keys.activatedAt'), render: date },
    { key: 'lastUsedAt', dataIndex: 'lastUsedAt', title: t('integrations.keys.lastUsedAt'), render: date },
  ];
  if (can('delete')) {
    columns.push({
      key: 'actions',
      title: t('integrations.keys.actions'),
      render: (_: unknown, row) =>
        row.state !== 'revoked' && (
          <Popconfirm
            title={t('integrations.keys.confirmRevoke', { name: row.name })}
            onConfirm={() => revoke(row._id)}
            okText={t('integrations.keys.revoke')}
            cancelText={t('integrations.keys.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'revoke-key-confirm' }}
          >
            <Button type="link" size="small" danger icon={<StopOutlined />} data-testid={`revoke-key-${row._id}`}>
              {t('integrations.keys.revoke')}
            </Button>
          </Popconfirm>
        ),
    });
  }

  return (
    <div className={styles.page} data-testid="interface-keys-page">
      <Card size="small" title={t('integrations.keys.title')}>
        <div className={styles.toolbar}>
          <ActivateKeyForm busy={keys.busy} onActivate={activate} />
          {can('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-key">
              {t('integrations.keys.create')}
            </Button>
          )}
        </div>
        <Table<InterfaceKey>
          rowKey="_id"
          size="middle"
          loading={keys.loading}
          columns={columns}
          dataSource={keys.keys}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('integrations.keys.empty') }}
          onRow={(row) => ({ 'data-testid': `key-row-${row._id}` }) as object}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('integrations.keys.total', { total }) }}
          data-testid="interface-keys-table"
        />
      </Card>
      <SendReadingsGuide />
      {creating && <CreateKeyDialog saving={keys.busy} onCreate={create} onClose={() => setCreating(false)} />}
      {keys.issued && <IssuedKeyDialog issued={keys.issued} onClose={keys.dismissIssued} />}
    </div>
  );
});
