import { EditOutlined } from '@ant-design/icons';
import { Card, Flex, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushContacts } from '@shared/schemas/pushes';
import { useNotify } from '../../feedback/notify';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { useStores } from '../../stores/StoreContext';
import { PUSH_MENUS } from './menus';
import { PushContactsController } from './PushContactsController';
import { PushContactsDialog } from './PushContactsDialog';
import { SmsUsage } from './SmsUsage';
import { usePushesApi } from './usePushesApi';

const addresses = (list: string[]) =>
  list.length ? (
    <Flex wrap gap={4}>
      {list.map((item) => (
        <Tag key={item}>{item}</Tag>
      ))}
    </Flex>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/** /message/personInfo: where each user's pushes go (e-mails, phones) and how many SMS a month they may get. */
export const PushContactsPage = observer(function PushContactsPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const api = usePushesApi();
  const [people] = useState(() => new PushContactsController(api, t));
  const [editing, setEditing] = useState<PushContacts | null>(null);
  const canEdit = root.permission.hasButton(PUSH_MENUS.contacts, 'edit');
  useEffect(() => void people.load(), [people]);

  const columns: TableColumnsType<PushContacts> = [
    { key: 'trueName', dataIndex: 'trueName', title: t('pushes.contacts.trueName') },
    { key: 'username', dataIndex: 'username', title: t('pushes.contacts.username') },
    { key: 'pushEmails', dataIndex: 'pushEmails', title: t('pushes.contacts.emails'), render: addresses },
    { key: 'pushPhones', dataIndex: 'pushPhones', title: t('pushes.contacts.phones'), render: addresses },
    { key: 'smsCount', dataIndex: 'smsCount', title: t('pushes.contacts.smsCount'), align: 'right' },
    { key: 'used', title: t('pushes.contacts.usedThisMonth'), render: (_: unknown, row) => <SmsUsage used={row.smsUsedThisMonth} allowed={row.smsCount} /> },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('pushes.columns.actions'),
      render: (_: unknown, row) => (
        <RowActions
          actions={[{ label: t('pushes.actions.edit'), icon: <EditOutlined />, onClick: () => setEditing(row), testId: `contacts-edit-${row.userId}` }]}
        />
      ),
    });
  }

  return (
    <Card size="small" title={t('pushes.contacts.title')} data-testid="push-contacts-page">
      <ListToolbar
        list={people}
        testId="contacts"
        filters={
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={t('pushes.contacts.search')}
            onChange={(event) => people.setKeyword(event.target.value)}
            data-testid="contacts-search"
          />
        }
      />
      <ListTable<PushContacts>
        rows={people.visible}
        loading={people.loading}
        clientPageSize={20}
        rowKey="userId"
        columns={columns}
        emptyText={t('pushes.contacts.empty')}
        totalText={(total) => t('pushes.total', { total })}
        rowAttributes={(row) => ({ 'data-testid': `contacts-row-${row.userId}` })}
        testId="contacts-table"
      />
      {editing && (
        <PushContactsDialog
          controller={people}
          contacts={editing}
          onSaved={(saved) => {
            notify.success(t('pushes.contacts.saved', { name: saved.trueName || saved.username }));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
});
