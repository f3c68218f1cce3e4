import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  monthRegisterEditSchema,
  NEGATIVE_REGISTER_MESSAGE,
  REASON_MESSAGE,
  REGISTER_ORDER_MESSAGE,
  type MonthRegisterEdit,
  type MonthRegisterRow,
} from '@shared/schemas/monthRegisters';
import { useNotify } from '../../feedback/notify';
import { formFields, keyText, schemaFieldErrors, serverFieldErrors } from '../../forms/fieldErrors';

/** The contract's messages in the reader's language; any other is shown as sent. */
const RULE_KEYS: Readonly<Record<string, string>> = {
  [REASON_MESSAGE]: 'monthRegisters.rules.reason',
  [REGISTER_ORDER_MESSAGE]: 'monthRegisters.rules.order',
  [NEGATIVE_REGISTER_MESSAGE]: 'monthRegisters.rules.number',
};

interface Values {
  startRegister?: number | null;
  endRegister?: number | null;
  reason?: string;
}

interface MonthRegisterDialogProps {
  row: MonthRegisterRow;
  month: string;
  saving: boolean;
  onSave(body: MonthRegisterEdit): Promise<MonthRegisterRow>;
  onClose(): void;
}

/** Typed registers of a manually read meter for a month: both registers as the meter shows them, and why. */
export function MonthRegisterDialog({ row, month, saving, onSave, onClose }: MonthRegisterDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm();
  const initial: Values = {
    startRegister: row.typed?.startRegister ?? row.startRegister,
    endRegister: row.typed?.endRegister ?? row.endRegister,
    reason: '',
  };
  const body = (values: Values): MonthRegisterEdit => ({
    meterId: row.meterId,
    month,
    band: 'total',
    startRegister: values.startRegister ?? null,
    endRegister: values.endRegister ?? null,
    reason: values.reason ?? '',
  });

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    const found = schemaFieldErrors(monthRegisterEditSchema, body(values), { text: (issue) => keyText(t, RULE_KEYS[issue.message] ?? issue.message) });
    form.setFields(formFields({ startRegister: '', endRegister: '', reason: '', ...found }));
    if (Object.values(found).some(Boolean)) return;
    try {
      await onSave(body(values));
      notify.success(t('monthRegisters.saved', { code: row.code }));
      onClose();
    } catch (error) {
      form.setFields(formFields(serverFieldErrors(error, { text: (issue) => keyText(t, RULE_KEYS[issue.message] ?? issue.message) })));
    }
  };

  return (
    <Modal
      open
      title={t('monthRegisters.editTitle', { code: row.code, month })}
      okText={t('monthRegisters.save')}
      cancelText={t('monthRegisters.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'month-register-save' }}
      data-testid="month-register-dialog"
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('monthRegisters.editExplain')} />
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="startRegister" label={`${t('monthRegisters.startRegister')} (× ${row.multiplier})`}>
          <InputNumber min={0} style={{ width: '100%' }} data-testid="month-register-start" />
        </Form.Item>
        <Form.Item name="endRegister" label={`${t('monthRegisters.endRegister')} (× ${row.multiplier})`}>
          <InputNumber min={0} style={{ width: '100%' }} data-testid="month-register-end" />
        </Form.Item>
        <Form.Item name="reason" label={t('monthRegisters.reason')} required>
          <Input maxLength={200} placeholder={t('monthRegisters.reasonPlaceholder')} data-testid="month-register-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
