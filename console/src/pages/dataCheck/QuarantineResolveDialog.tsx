import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import { quarantineResolveSchema, type QuarantineItem, type QuarantineResolve } from '@shared/schemas/energy';
import { schemaRule } from './fieldIssue';
import { claimedEnergy, limitEnergy } from './quarantineFigures';

const RULES = 'dataQuality.rules';

interface QuarantineResolveDialogProps {
  item: QuarantineItem;
  action: 'correct' | 'discard';
  onClose(): void;
  /** Sends the decision; resolves true when the server took it. */
  onResolve(body: QuarantineResolve): Promise<boolean>;
}

/** Correct (the energy that really flowed, with a note) or discard (a note; the step then counts nothing). */
export function QuarantineResolveDialog({ item, action, onClose, onResolve }: QuarantineResolveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ energy?: number | null; note?: string }>();
  const [saving, setSaving] = useState(false);
  const body = (values: { energy?: number | null; note?: string }): QuarantineResolve => ({
    action,
    ...(action === 'correct' && values.energy !== null && values.energy !== undefined ? { energy: values.energy } : {}),
    note: values.note ?? '',
  });

  const confirm = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid || saving) return;
    setSaving(true);
    const done = await onResolve(body(form.getFieldsValue(true)));
    setSaving(false);
    if (done) onClose();
  };

  const period = { from: formatDateTime(item.fromTs), to: formatDateTime(item.toTs) };
  return (
    <Modal
      open
      centered
      mask={{ closable: false }}
      title={t(`dataQuality.resolve.${action}Title`, { code: item.meter.code })}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t(`dataQuality.actions.${action}`)}
      cancelText={t('dataQuality.actions.cancel')}
      okButtonProps={{ danger: action === 'discard', loading: saving, disabled: saving, 'data-testid': 'resolve-ok' }}
    >
      <Alert
        type={action === 'discard' ? 'warning' : 'info'}
        style={{ marginBottom: 16 }}
        title={t('dataQuality.resolve.claim', { energy: claimedEnergy(item), limit: limitEnergy(item), ...period })}
        description={action === 'discard' ? t('dataQuality.resolve.discardNote') : t('dataQuality.resolve.correctNote')}
      />
      <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="resolve-form">
        {action === 'correct' && (
          <Form.Item
            name="energy"
            required
            label={t('dataQuality.resolve.energy', { unit: item.meter.unit })}
            rules={[schemaRule(t, RULES, quarantineResolveSchema, 'energy', (energy) => body({ energy: energy as number | null }))]}
          >
            <InputNumber style={{ width: '100%' }} min={0} data-testid="resolve-energy" />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t('dataQuality.resolve.note')}
          rules={[schemaRule(t, RULES, quarantineResolveSchema, 'note', (note) => ({ action: 'discard', note }))]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('dataQuality.resolve.notePlaceholder')} data-testid="resolve-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
