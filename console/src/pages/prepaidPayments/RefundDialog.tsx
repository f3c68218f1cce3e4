import { Alert, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { PaymentRow, RefundRow } from '@shared/prepaid';
import { showServerErrors } from '../../forms/contractRules';
import { useNotify } from '../../feedback/notify';
import { minorText, parseMinor } from './money';
import type { PrepaidPaymentsApi } from './prepaidPaymentsApi';

interface RefundFields {
  amount: string;
  reason: string;
}

/** All or part of a paid top-up back to the payer: at most what is left (paid − refunded), with a reason; earlier refunds listed. */
export function RefundDialog({ payment, api, onClose }: { payment: PaymentRow; api: PrepaidPaymentsApi; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<RefundFields>();
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState<RefundRow[] | null>(null);
  const left = payment.amountMinor - payment.refundedMinor;

  useEffect(() => {
    let live = true;
    api
      .refunds(payment.id)
      .then((rows) => live && setHistory(rows))
      .catch(() => live && setHistory([]));
    return () => {
      live = false;
    };
  }, [api, payment.id]);

  const save = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    const amountMinor = parseMinor(fields.amount);
    if (amountMinor === null) return;
    setSaving(true);
    try {
      await api.refund(payment.id, { amountMinor, reason: fields.reason.trim() });
      notify.success(t('prepaidPayments.refund.done', { amount: minorText(amountMinor) }));
      onClose(true);
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
      title={t('prepaidPayments.refund.title', { receiptNo: payment.receiptNo ?? payment.outTradeNo })}
      okText={t('prepaidPayments.refund.ok')}
      cancelText={t('prepaidPayments.refund.cancel')}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okButtonProps={{ danger: true, loading: saving, disabled: saving || left <= 0, 'data-testid': 'refund-ok' }}
      data-testid="refund-dialog"
    >
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        title={t('prepaidPayments.refund.paid', {
          amount: minorText(payment.amountMinor),
          refunded: minorText(payment.refundedMinor),
          left: minorText(left),
        })}
        data-testid="refund-summary"
      />
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label={t('prepaidPayments.refund.amount')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('prepaidPayments.refund.amountRequired') },
            {
              validator: async (_, value: string) => {
                const minor = parseMinor(value ?? '');
                if (minor === null) throw new Error(t('prepaidPayments.topup.amountInvalid'));
                if (minor <= 0) throw new Error(t('prepaidPayments.topup.amountZero'));
                if (minor > left) throw new Error(t('prepaidPayments.refund.amountTooLarge', { left: minorText(left) }));
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={16} placeholder={minorText(left)} data-testid="refund-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('prepaidPayments.refund.reason')}
          rules={[{ required: true, whitespace: true, message: t('prepaidPayments.refund.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="refund-reason" />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('prepaidPayments.refund.history')}</Typography.Title>
      <List<RefundRow>
        size="small"
        loading={history === null}
        dataSource={history ?? []}
        locale={{ emptyText: t('prepaidPayments.refund.none') }}
        data-testid="refund-history"
        renderItem={(refund) => (
          <List.Item key={refund.id}>
            <span>
              {minorText(refund.amountMinor)} <Tag>{t(`prepaidPayments.refundStates.${refund.state}`)}</Tag>
              <Typography.Text type="secondary">
                {refund.reason} · {refund.operator} · {formatDateTime(refund.createdAt)}
              </Typography.Text>
            </span>
          </List.Item>
        )}
      />
    </Modal>
  );
}
