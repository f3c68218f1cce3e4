import { Button, Card, Form, Select, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountItemCreateSchema, accountItemSchema } from '@shared/prepaid/schemas';
import type { AccountItem, AccountRow } from '@shared/prepaid/types';
import { FormDialog } from '../../forms/FormDialog';
import { formFields, keyText, schemaFieldErrors } from '../../forms/fieldErrors';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { ItemFieldsRow, itemBody, useTariffs, type ItemFields } from './AccountFormDialog';
import { moneyInputText, moneyWithCurrency, percentText } from './moneyInput';
import type { PrepaidApi } from './prepaidApi';
import { usePrepaidApi } from './usePrepaidApi';

const MENU = '/pay/user-item';
const gate = { menu: MENU };
/** Enough accounts for the room filter of a park; a larger site types the room in the filter's search. */
const ACCOUNT_OPTIONS = 500;

type ItemForm = ItemFields & { accountId?: number };

function ItemDialog({
  api,
  accounts,
  item,
  accountId,
  onClose,
  onSaved,
}: {
  api: PrepaidApi;
  accounts: AccountRow[];
  item: AccountItem | null;
  accountId?: number;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ItemForm>();
  const [saving, setSaving] = useState(false);
  const tariffs = useTariffs();
  const initial: ItemForm = item
    ? {
        accountId: item.accountId,
        kind: item.kind,
        name: item.name,
        energyType: item.energyType,
        tariffId: item.tariffId,
        amountMinor: moneyInputText(item.amountMinor),
        ratioBp: String(item.ratioBp / 100),
      }
    : { accountId, kind: 'energy', name: t('prepaid.item.defaultNames.energy'), energyType: 'electricity' };
  const submit = async (fields: ItemForm) => {
    const body = itemBody(fields);
    const full = item ? body : { accountId: fields.accountId, ...body };
    const errors = schemaFieldErrors(item ? accountItemSchema : accountItemCreateSchema, full, { text: (issue) => keyText(t, issue.message) });
    if (Object.keys(errors).length > 0) {
      form.setFields(formFields(errors) as never);
      throw new Error('invalid');
    }
    setSaving(true);
    try {
      if (item) await api.updateItem(item.id, accountItemSchema.parse(body));
      else await api.createItem(accountItemCreateSchema.parse(full));
      onSaved();
      return t('prepaid.items.saved');
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      form={form}
      title={item ? t('prepaid.items.editTitle') : t('prepaid.items.addTitle')}
      okText={t('prepaid.account.save')}
      cancelText={t('prepaid.account.cancel')}
      maxWidth={820}
      testId="prepaid-item-dialog"
      saving={saving}
      submit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="accountId" label={t('prepaid.items.account')} rules={[{ required: true, message: t('prepaid.account.pickRoom') }]}>
          <Select
            disabled={item !== null}
            showSearch
            optionFilterProp="label"
            data-testid="prepaid-item-account"
            options={accounts.map((account) => ({ value: account.id, label: account.roomCode }))}
          />
        </Form.Item>
        <ItemFieldsRow form={form} prefix={[]} tariffs={tariffs} testId="prepaid-item" />
      </Form>
    </FormDialog>
  );
}

/** /pay/user-item: the charging items of every account (filter by room); add, edit, deactivate (the history stays). */
export function UserItemsPage() {
  const { t } = useTranslation();
  const api = usePrepaidApi();
  const [accounts, setAccounts] = useState<AccountRow[]>([]);
  const [accountId, setAccountId] = useState<number | undefined>();
  const [items, setItems] = useState<AccountItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<AccountItem | 'new' | null>(null);
  const accountById = useMemo(() => new Map(accounts.map((account) => [account.id, account])), [accounts]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await api.items(accountId));
    } catch {
      // The api hook showed why.
    } finally {
      setLoading(false);
    }
  }, [api, accountId]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    api
      .accounts({ page: 1, size: ACCOUNT_OPTIONS })
      .then((page) => setAccounts(page.rows))
      .catch(() => undefined);
  }, [api]);

  const value = (item: AccountItem) => {
    const currency = accountById.get(item.accountId)?.currency ?? 'CNY';
    if (item.kind === 'energy') return item.tariffName ?? '–';
    if (item.kind === 'service_ratio') return percentText(item.ratioBp);
    return moneyWithCurrency(item.amountMinor, currency);
  };
  const columns: TableColumnsType<AccountItem> = [
    { key: 'room', title: t('prepaid.rooms.columns.room'), render: (_, item) => accountById.get(item.accountId)?.roomCode ?? `#${item.accountId}` },
    {
      key: 'name',
      title: t('prepaid.item.name'),
      render: (_, item) => (
        <>
          {item.name}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {t(`prepaid.itemKinds.${item.kind}`)}
            {item.energyType && ` · ${t(`prepaid.energyTypes.${item.energyType}`, { defaultValue: item.energyType })}`}
          </Typography.Text>
        </>
      ),
    },
    { key: 'value', title: t('prepaid.items.value'), render: (_, item) => value(item) },
    {
      key: 'state',
      title: t('prepaid.items.state'),
      render: (_, item) => (
        <Typography.Text type={item.active ? undefined : 'secondary'}>{item.active ? t('prepaid.item.active') : t('prepaid.item.inactive')}</Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, item) =>
        item.active && (
          <RowActions
            gate={gate}
            actions={[
              { button: 'edit', label: t('prepaid.items.edit'), onClick: () => setEditing(item), testId: `prepaid-item-edit-${item.id}` },
              {
                button: 'delete',
                label: t('prepaid.items.deactivate'),
                danger: true,
                confirm: t('prepaid.items.deactivateConfirm'),
                onClick: () => void api.deactivateItem(item.id).then(load, () => undefined),
                testId: `prepaid-item-deactivate-${item.id}`,
              },
            ]}
          />
        ),
    },
  ];

  return (
    <Card title={t('prepaid.items.title')} data-testid="prepaid-items-page">
      <ListToolbar
        list={{ loading, load }}
        testId="prepaid-items"
        filters={
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            placeholder={t('prepaid.items.filterRoom')}
            data-testid="prepaid-items-room"
            value={accountId}
            onChange={setAccountId}
            options={accounts.map((account) => ({ value: account.id, label: account.roomCode }))}
          />
        }
        actions={
          <Permission menu={MENU} button="add">
            <Button type="primary" onClick={() => setEditing('new')} data-testid="prepaid-items-add">
              {t('prepaid.items.add')}
            </Button>
          </Permission>
        }
      />
      <ListTable
        rows={items}
        loading={loading}
        clientPageSize={20}
        rowKey="id"
        columns={columns}
        testId="prepaid-items-table"
        rowAttributes={(item) => ({ 'data-testid': `prepaid-item-row-${item.id}` })}
      />
      {editing && (
        <ItemDialog
          api={api}
          accounts={accounts}
          item={editing === 'new' ? null : editing}
          accountId={accountId}
          onClose={() => setEditing(null)}
          onSaved={() => void load()}
        />
      )}
    </Card>
  );
}
