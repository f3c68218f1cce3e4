import { App, Card, Form, Modal, Select, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WxUserRow } from '@shared/prepaid';
import { fetchOptions, type ResourceOption } from '@shared/resources';
import { useStores } from '../../stores/StoreContext';
import { PagedQuery } from '../../lists/PagedQuery';
import { ListToolbar } from '../../lists/ListToolbar';
import { ListTable } from '../../lists/ListTable';
import { RowActions } from '../../lists/RowActions';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { createWechatApi, type WxUserQuery } from './wechatApi';

const gate = { menu: '/wx/wxUser' };
type Filters = Omit<WxUserQuery, 'page' | 'size'>;

/** /wx/wxUser: WeChat users of the caller's tree, the member each is bound to, bind and unbind. */
export const WxUserPage = observer(function WxUserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const root = useStores();
  const api = useMemo(() => createWechatApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery<Filters, WxUserRow>((query) => api.users(query), {}));
  const [binding, setBinding] = useState<WxUserRow | null>(null);
  const [members, setMembers] = useState<ResourceOption[]>([]);
  const [form] = Form.useForm<{ memberId: number }>();

  useEffect(() => void list.load(), [list]);
  useEffect(() => {
    fetchOptions(root.http, 'members').then(setMembers, () => setMembers([]));
  }, [root.http]);

  const bind = async () => {
    if (!binding) return;
    const { memberId } = await form.validateFields();
    await list.change(() => api.bind(binding.id, memberId));
    message.success(t('wechat.users.boundDone'));
    setBinding(null);
  };

  const columns: TableColumnsType<WxUserRow> = [
    { key: 'openid', title: t('wechat.users.openid'), render: (_, row) => <CutText text={row.openid} maxWidth={220} /> },
    { key: 'nickname', dataIndex: 'nickname', title: t('wechat.users.nickname'), ellipsis: true, width: 160 },
    { key: 'member', title: t('wechat.users.member'), render: (_, row) => row.memberName ?? '—' },
    { key: 'boundAt', title: t('wechat.users.boundAt'), render: (_, row) => (row.boundAt ? <DateTimeText at={row.boundAt} /> : '—') },
    { key: 'createdAt', title: t('wechat.users.createdAt'), render: (_, row) => <DateTimeText at={row.createdAt} /> },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, row) => (
        <RowActions
          gate={gate}
          actions={[
            {
              button: 'edit',
              label: t('wechat.users.bind'),
              onClick: () => {
                form.setFieldsValue({ memberId: row.memberId ?? undefined });
                setBinding(row);
              },
              testId: `wx-user-bind-${row.id}`,
            },
            row.memberId !== null && {
              button: 'edit',
              label: t('wechat.users.unbind'),
              danger: true,
              confirm: t('wechat.users.unbindConfirm', { openid: row.openid, member: row.memberName ?? '' }),
              onClick: () => void list.change(() => api.unbind(row.id)),
              testId: `wx-user-unbind-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card title={t('wechat.users.title')}>
      <ListToolbar
        list={list}
        gate={gate}
        testId="wx-users"
        searchPlaceholder={t('wechat.users.keyword')}
        filters={
          <Select
            style={{ width: 140 }}
            value={list.filters.bound ?? ''}
            onChange={(value: string) => void list.setFilter('bound', value === '' ? undefined : (value as 'true' | 'false'))}
            options={[
              { value: '', label: t('wechat.users.all') },
              { value: 'true', label: t('wechat.users.onlyBound') },
              { value: 'false', label: t('wechat.users.onlyUnbound') },
            ]}
            aria-label={t('wechat.users.bound')}
          />
        }
      />
      <ListTable list={list} rowKey="id" columns={columns} testId="wx-users-table" emptyText={t('wechat.users.empty')} />
      <Modal
        open={binding !== null}
        title={binding ? t('wechat.users.bindTitle', { openid: binding.openid }) : ''}
        onCancel={() => setBinding(null)}
        onOk={() => void bind()}
        okButtonProps={{ 'data-testid': 'wx-user-bind-ok' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="memberId" label={t('wechat.users.chooseMember')} rules={[{ required: true, message: t('wechat.users.chooseMemberRequired') }]}>
            <Select showSearch optionFilterProp="label" options={members.map((m) => ({ value: m.id, label: m.name }))} data-testid="wx-user-member" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
});
