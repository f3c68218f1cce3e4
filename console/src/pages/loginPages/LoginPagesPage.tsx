import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createLoginPagesApi } from '@shared/api/loginPagesApi';
import { formatDateTime } from '@shared/format';
import type { LoginPageRow } from '@shared/schemas/loginPages';
import { useNotify } from '../../feedback/notify';
import { AdminOnly } from '../../permissions/AdminOnly';
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
      render: (_: unknown, row) => (row.domainName ? <Typography.Text code>{row.domainName}</Typography.Text> : <Typography.Text type="secondary">{t('loginPages.anyHost')}</Typography.Text>),
    },
    { key: 'templateName', title: t('loginPages.templateName'), render: (_: unknown, row) => t(`loginPages.templates.${row.templateName}`) },
    {
      key: 'state',
      title: t('loginPages.state'),
      width: 110,
      render: (_: unknown, row) => <Tag color={row.state ? 'green' : 'default'}>{t(row.state ? 'loginPages.active' : 'loginPages.inactive')}</Tag>,
    },
    { key: 'notes', dataIndex: 'notes', title: t('loginPages.notes'), ellipsis: true },
    { key: 'updatedAt', title: t('loginPages.updatedAt'), width: 180, render: (_: unknown, row) => formatDateTime(row.updatedAt) },
    {
      key: 'actions',
      title: t('loginPages.actions'),
      width: 180,
      render: (_: unknown, row) => (
        <Flex gap={4}>
          <AdminOnly>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ row })} data-testid={`login-page-edit-${row._id}`}>
              {t('loginPages.edit')}
            </Button>
          </AdminOnly>
          <AdminOnly>
            <Popconfirm
              title={t('loginPages.deleteConfirm', { edition: row.edition })}
              okText={t('loginPages.delete')}
              cancelText={t('loginPages.cancel')}
              okButtonProps={{ danger: true, 'data-testid': `login-page-delete-confirm-${row._id}` }}
              onConfirm={() => remove(row)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`login-page-delete-${row._id}`}>
                {t('loginPages.delete')}
              </Button>
            </Popconfirm>
          </AdminOnly>
        </Flex>
      ),
    },
  ];

  return (
    <Card size="small" title={t('loginPages.title')} data-testid="login-pages-page">
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('loginPages.intro')}</Typography.Text>
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <Button icon={<ReloadOutlined />} onClick={() => void controller.load()}>
            {t('loginPages.refresh')}
          </Button>
          <AdminOnly>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })} data-testid="login-pages-add">
              {t('loginPages.add')}
            </Button>
          </AdminOnly>
        </Flex>
      </Flex>
      <Table<LoginPageRow>
        rowKey="_id"
        size="middle"
        loading={list.loading || controller.busy}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': `login-page-row-${row._id}` }) as object}
        pagination={{
          current: list.page,
          pageSize: list.size,
          total: list.total,
          hideOnSinglePage: true,
          showTotal: (total) => t('loginPages.total', { total }),
          onChange: (page, size) => void list.setPage(page, size),
        }}
        locale={{ emptyText: t('loginPages.empty') }}
        data-testid="login-pages-table"
      />
      {editing && <LoginPageDialog controller={controller} row={editing.row} onClose={() => setEditing(null)} />}
    </Card>
  );
});
