import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Card, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createLoginPagesApi } from '@shared/api/loginPagesApi';
import type { LoginPageRow } from '@shared/schemas/loginPages';
import { useNotify } from '../../feedback/notify';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { useStores } from '../../stores/StoreContext';
import { LoginPageDialog } from './LoginPageDialog';
import { LoginPagesController } from './LoginPagesController';

type Editing = { row: LoginPageRow | null } | null;

/** /settings/loginPageSet: what the login page shows per host (edition as title, layout template). */
export const LoginPagesPage = observer(function LoginPagesPage() {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const [controller] = useState(() => new LoginPagesController(createLoginPagesApi(root.http)));
  const [editing, setEditing] = useState<Editing>(null);
  const { list } = controller;
  useEffect(() => void controller.load(), [controller]);

  const remove = async (row: LoginPageRow) => {
    if (await controller.remove(row._id)) notify.success(t('loginPages.deleted', { edition: row.edition }));
  };

  const columns: TableColumnsType<LoginPageRow> = [
    { key: 'edition', title: t('loginPages.edition'), render: (_: unknown, row) => <Typography.Text strong>{row.edition}</Typography.Text> },
    {
      key: 'domainName',
      title: t('loginPages.domainName'),
      render: (_: unknown, row) =>
        row.domainName ? (
          <Typography.Text code>{row.domainName}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('loginPages.anyHost')}</Typography.Text>
        ),
    },
    { key: 'templateName', title: t('loginPages.templateName'), render: (_: unknown, row) => t(`loginPages.templates.${row.templateName}`) },
    {
      key: 'state',
      title: t('loginPages.state'),
      render: (_: unknown, row) => <Tag color={row.state ? 'green' : 'default'}>{t(row.state ? 'loginPages.active' : 'loginPages.inactive')}</Tag>,
    },
    { key: 'notes', dataIndex: 'notes', title: t('loginPages.notes'), ellipsis: true, width: 220 },
    { key: 'updatedAt', title: t('loginPages.updatedAt'), render: (_: unknown, row) => <DateTimeText at={row.updatedAt} /> },
    {
      key: 'actions',
      title: t('loginPages.actions'),
      render: (_: unknown, row) => (
        <RowActions
          gate="admin"
          actions={[
            { button: 'edit', label: t('loginPages.edit'), icon: <EditOutlined />, onClick: () => setEditing({ row }), testId: `login-page-edit-${row._id}` },
            {
              button: 'delete',
              label: t('loginPages.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              confirm: t('loginPages.deleteConfirm', { edition: row.edition }),
              confirmTestId: `login-page-delete-confirm-${row._id}`,
              onClick: () => void remove(row),
              testId: `login-page-delete-${row._id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card size="small" title={t('loginPages.title')} data-testid="login-pages-page">
      <Typography.Paragraph type="secondary">{t('loginPages.intro')}</Typography.Paragraph>
      <ListToolbar list={list} gate="admin" testId="login-pages" onAdd={() => setEditing({ row: null })} addLabel={t('loginPages.add')} />
      <ListTable<LoginPageRow>
        list={list}
        rowKey="_id"
        columns={columns}
        rowAttributes={(row) => ({ 'data-testid': `login-page-row-${row._id}` })}
        totalText={(total) => t('loginPages.total', { total })}
        emptyText={t('loginPages.empty')}
        testId="login-pages-table"
      />
      {editing && <LoginPageDialog controller={controller} row={editing.row} onClose={() => setEditing(null)} />}
    </Card>
  );
});
