import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createInterfacesApi } from '@shared/api/interfacesApi';
import type { InterfaceKey } from '@shared/schemas/interfaces';
import { useNotify } from '../../feedback/notify';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
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

  const date = (value: number | null) => <DateTimeText at={value} />;
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
          <RowActions
            gate={{ menu: KEYS_MENU }}
            actions={[
              {
                button: 'delete',
                label: t('integrations.keys.revoke'),
                icon: <StopOutlined />,
                danger: true,
                confirm: t('integrations.keys.confirmRevoke', { name: row.name }),
                confirmTestId: 'revoke-key-confirm',
                onClick: () => void revoke(row._id),
                testId: `revoke-key-${row._id}`,
              },
            ]}
          />
        ),
    });
  }

  return (
    <div className={styles.page} data-testid="interface-keys-page">
      <Card size="small" title={t('integrations.keys.title')}>
        <ListToolbar
          list={keys}
          testId="keys"
          filters={<ActivateKeyForm busy={keys.busy} onActivate={activate} />}
          actions={
            <Permission menu={KEYS_MENU} button="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-key">
                {t('integrations.keys.create')}
              </Button>
            </Permission>
          }
        />
        <ListTable<InterfaceKey>
          rows={keys.keys}
          loading={keys.loading || keys.busy}
          clientPageSize={20}
          totalText={(total) => t('integrations.keys.total', { total })}
          rowKey="_id"
          columns={columns}
          emptyText={t('integrations.keys.empty')}
          rowAttributes={(row) => ({ 'data-testid': `key-row-${row._id}` })}
          testId="interface-keys-table"
        />
      </Card>
      <SendReadingsGuide />
      {creating && <CreateKeyDialog saving={keys.busy} onCreate={create} onClose={() => setCreating(false)} />}
      {keys.issued && <IssuedKeyDialog issued={keys.issued} onClose={keys.dismissIssued} />}
    </div>
  );
});
