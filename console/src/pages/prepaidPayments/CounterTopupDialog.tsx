import { Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRow, Receipt } from '@shared/prepaid';
import { showServerErrors } from '../../forms/contractRules';
import { useNotify } from '../../feedback/notify';
import { minorText, parseMinor } from './money';
import type { PrepaidPaymentsApi } from './prepaidPaymentsApi';

interface TopupFields {
  accountId: number;
  amount: string;
  channel: 'cash' | 'transfer';
  note: string;
}

/**
 * A top-up taken at the counter: pick an open room account (searched on the server), the amount received as
 * typed ("100.50", sent as 10050 minor units), cash or transfer, a note. Confirm is disabled while saving, so a
 * double click records one payment; the receipt is handed back to the page, which shows and prints it.
 */
export function CounterTopupDialog({ api, onClose }: { api: PrepaidPaymentsApi; onClose(receipt: Receipt | null): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<TopupFields>();
  const [accounts, setAccounts] = useState<AccountRow[]>([]);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);
  const seq = useRef(0);

  const search = (keyword: string) => {
    const mine = ++seq.current;
    setSearching(true);
    api
      .accounts(keyword)
      .then((rows) => mine === seq.current && setAccounts(rows))
      .catch(() => undefined)
      .finally(() => mine === seq.current && setSearching(false));
  };
  // The first choices when the dialog opens; later ones follow what is typed.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on open: `search` is a new function each render
  useEffect(() => search(''), []);

  const save = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    const amountMinor = parseMinor(fields.amount);
    if (amountMinor === null) return;
    setSaving(true);
    try {
      const { receipt } = await api.counterTopup({ accountId: fields.accountId, amountMinor, channel: fields.channel, note: (fields.note ?? '').trim() });
      notify.success(t('prepaidPayments.topup.done', { receiptNo: receipt.receiptNo }));
      onClose(receipt);
    } catch (error) {
      showServerErrors(t, form, error);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      centered
      width="min(560px, 92vw)"
      mask={{ closable: false }}
      title={t('prepaidPayments.topup.title')}
      okText={t('prepaidPayments.topup.ok')}
      cancelText={t('prepaidPayments.topup.cancel')}
      onOk={() => void save()}
      onCancel={() => onClose(null)}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'topup-ok' }}
      data-testid="topup-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ channel: 'cash', note: '' }}>
        <Form.Item
          name="accountId"
          label={t('prepaidPayments.topup.account')}
          rules={[{ required: true, message: t('prepaidPayments.topup.accountRequired') }]}
        >
          <Select<number>
            showSearch={{ filterOption: false, onSearch: search }}
            loading={searching}
            placeholder={t('prepaidPayments.topup.accountPlaceholder')}
            notFoundContent={t('prepaidPayments.topup.noAccounts')}
            options={accounts.map((account) => ({
              value: account.id,
              label: `${t('prepaidPayments.topup.accountOption', {
                room: account.roomCode,
                building: account.building || '—',
                balance: minorText(account.balanceMinor, account.currency),
              })}${account.memberName ? ` · ${account.memberName}` : ''}`,
            }))}
            data-testid="topup-account"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('prepaidPayments.topup.amount')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('prepaidPayments.topup.amountRequired') },
            {
              validator: async (_, value: string) => {
                const minor = parseMinor(value ?? '');
                if (minor === null) throw new Error(t('prepaidPayments.topup.amountInvalid'));
                if (minor <= 0) throw new Error(t('prepaidPayments.topup.amountZero'));
              },
            },
          ]}
        >
          <Input inputMode="decimal" placeholder={t('prepaidPayments.topup.amountPlaceholder')} maxLength={16} data-testid="topup-amount" />
        </Form.Item>
        <Form.Item name="channel" label={t('prepaidPayments.topup.channel')}>
          <Radio.Group
            options={(['cash', 'transfer'] as const).map((channel) => ({ value: channel, label: t(`prepaidPayments.channels.${channel}`) }))}
            data-testid="topup-channel"
          />
        </Form.Item>
        <Form.Item name="note" label={t('prepaidPayments.topup.note')}>
          <Input maxLength={200} data-testid="topup-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
