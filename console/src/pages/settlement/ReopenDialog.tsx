import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementClose } from '@shared/schemas/settlement';
import { useNotify } from '../../feedback/notify';
import type { SettlementApi } from './settlementApi';

/** Reopening a closed month needs a reason; the version is kept, marked reopened, and the month is live again. */
export function ReopenDialog({ close, api, onClose }: { close: SettlementClose; api: SettlementApi; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const { reason } = values;
    setSaving(true);
    try {
      await api.reopen(close.id, reason.trim());
      notify.success(t('settlement.close.reopenDone'));
      onClose(true);
    } catch {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      centered
      mask={{ closable: false }}
      title={t('settlement.close.reopenTitle', { month: close.month })}
      onCancel={() => onClose(false)}
      onOk={() => void confirm()}
      okText={t('settlement.close.reopen')}
      okButtonProps={{ danger: true, loading: saving, 'data-testid': 'reopen-confirm' }}
      data-testid="reopen-dialog"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('settlement.close.reason')}
          rules={[{ required: true, whitespace: true, message: t('settlement.close.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="reopen-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
