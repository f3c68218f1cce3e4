import { Alert, Form, Input, Modal, Radio, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPLY_ACTIONS, type SupplyAction } from '@shared/prepaid/schemas';
import type { AccountRow, SupplyActionResult } from '@shared/prepaid/types';
import { FormDialog } from '../../forms/FormDialog';
import { moneyRule } from './AccountFormDialog';
import { moneyWithCurrency, parseMoneyInput } from './moneyInput';
import type { PrepaidApi } from './prepaidApi';

const reasonRules = (message: string) => [{ required: true, whitespace: true, message }, { max: 200 }];

/** A signed correction (POST /api/prepaid/accounts/:id/adjustments): a new ledger entry with a reason, never an edit. */
export function AdjustmentDialog({ api, account, onClose, onDone }: { api: PrepaidApi; account: AccountRow; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ amount, reason }: { amount: string; reason: string }) => {
    const parsed = parseMoneyInput(amount, { signed: true });
    if (!parsed.ok || parsed.minor === 0) {
      form.setFields([{ name: 'amount', errors: [t(parsed.ok ? 'prepaid.adjust.zero' : `prepaid.money.${parsed.error}`)] }]);
      throw new Error('invalid');
    }
    setSaving(true);
    try {
      const entry = await api.adjust(account.id, { amountMinor: parsed.minor, reason: reason.trim() });
      onDone();
      return t('prepaid.adjust.posted', { balance: moneyWithCurrency(entry.balanceAfterMinor, account.currency) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      form={form}
      title={t('prepaid.adjust.title', { room: account.roomCode })}
      okText={t('prepaid.adjust.submit')}
      cancelText={t('prepaid.account.cancel')}
      maxWidth={480}
      testId="prepaid-adjust-dialog"
      saving={saving}
      submit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="amount" label={t('prepaid.adjust.amount')} rules={[moneyRule(t, { signed: true })]} validateTrigger="onBlur">
          <Input data-testid="prepaid-adjust-amount" inputMode="decimal" placeholder="-12.50" />
        </Form.Item>
        <Form.Item name="reason" label={t('prepaid.adjust.reason')} rules={reasonRules(t('prepaid.adjust.reasonRequired'))}>
          <Input data-testid="prepaid-adjust-reason" maxLength={200} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Close an account with a reason (POST /api/prepaid/accounts/:id/close); the ledger stays. */
export function CloseAccountDialog({ api, account, onClose, onDone }: { api: PrepaidApi; account: AccountRow; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setSaving(true);
    try {
      await api.close(account.id, reason.trim());
      onDone();
      return t('prepaid.account.closed');
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      form={form}
      title={t('prepaid.account.closeConfirm', { room: account.roomCode })}
      okText={t('prepaid.rooms.actions.close')}
      cancelText={t('prepaid.account.cancel')}
      maxWidth={480}
      testId="prepaid-close-dialog"
      saving={saving}
      submit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('prepaid.account.closeReason')} rules={reasonRules(t('prepaid.adjust.reasonRequired'))}>
          <Input data-testid="prepaid-close-reason" maxLength={200} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/**
 * Cut, restore or keep supply for the ticked accounts, with a reason (POST /api/prepaid/supply). The answer is one
 * result per account (done, or why not: keep-supply, no meter with a gateway…), shown before the dialog closes.
 */
export function SupplyDialog({ api, accounts, onClose, onDone }: { api: PrepaidApi; accounts: AccountRow[]; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ action: SupplyAction; reason: string }>();
  const [saving, setSaving] = useState(false);
  const [results, setResults] = useState<SupplyActionResult[] | null>(null);
  const rooms = new Map(accounts.map((account) => [account.id, account.roomCode]));
  const send = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setSaving(true);
    try {
      setResults(await api.supply({ accountIds: accounts.map((account) => account.id), action: fields.action, reason: fields.reason.trim() }));
      onDone();
    } catch {
      // The api hook showed why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      centered
      width="min(620px, 92vw)"
      title={t('prepaid.supply.title', { count: accounts.length })}
      okText={results ? t('prepaid.account.cancel') : t('prepaid.supply.submit')}
      cancelButtonProps={{ style: results ? { display: 'none' } : undefined }}
      cancelText={t('prepaid.account.cancel')}
      onOk={() => (results ? onClose() : void send())}
      onCancel={onClose}
      okButtonProps={{ loading: saving, 'data-testid': 'prepaid-supply-dialog-ok' }}
      data-testid="prepaid-supply-dialog"
    >
      {results ? (
        <Table
          size="small"
          rowKey="accountId"
          pagination={false}
          data-testid="prepaid-supply-results"
          dataSource={results}
          columns={[
            { key: 'room', title: t('prepaid.rooms.columns.room'), render: (_, result) => rooms.get(result.accountId) ?? result.accountId },
            {
              key: 'ok',
              title: t('prepaid.supply.results'),
              render: (_, result) => (
                <Alert
                  type={result.ok ? 'success' : 'warning'}
                  showIcon
                  message={result.ok ? t('prepaid.supply.ok') : `${t('prepaid.supply.refused')}: ${result.message}`}
                />
              ),
            },
          ]}
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ action: 'cut' }}>
          <Form.Item name="action" label={t('prepaid.supply.action')}>
            <Radio.Group
              data-testid="prepaid-supply-action"
              options={SUPPLY_ACTIONS.map((value) => ({ value, label: t(`prepaid.supply.actions.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('prepaid.supply.reason')} rules={reasonRules(t('prepaid.adjust.reasonRequired'))}>
            <Input data-testid="prepaid-supply-reason" maxLength={200} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
