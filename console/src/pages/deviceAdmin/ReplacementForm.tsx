import { SwapOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@shared/format';
import { meterReplacementSchema, type MeterReplacementInput } from '@shared/schemas/energy';
import { schemaRule } from '../dataCheck/fieldIssue';

const RULES = 'deviceAdmin.rules';

interface ReplacementValues {
  replacedAt?: Dayjs | null;
  oldSerial?: string;
  newSerial?: string;
  oldFinalReading?: number | null;
  newInitialReading?: number | null;
  note?: string;
}

/** What the widgets hold → the contract's body (an emptied box means "not given", the schema's default). */
function toBody(values: ReplacementValues): MeterReplacementInput {
  return {
    replacedAt: values.replacedAt ? values.replacedAt.valueOf() : (undefined as unknown as number),
    oldSerial: values.oldSerial ?? '',
    newSerial: values.newSerial ?? '',
    oldFinalReading: values.oldFinalReading ?? null,
    ...(values.newInitialReading === null || values.newInitialReading === undefined ? {} : { newInitialReading: values.newInitialReading }),
    note: values.note ?? '',
  };
}

interface ReplacementFormProps {
  unit: string;
  saving: boolean;
  /** Resolves true when the server stored it (the form then empties). */
  onRecord(body: MeterReplacementInput): Promise<boolean>;
}

/** Records a meter swap; every field is checked on blur with the rule the server applies. */
export function ReplacementForm({ unit, saving, onRecord }: ReplacementFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReplacementValues>();
  // The whole body is checked (the "not in the future" rule is object-level); only the field's own issue counts.
  const rule = (field: keyof ReplacementValues) =>
    schemaRule(t, RULES, meterReplacementSchema, field, (value) => toBody({ replacedAt: null, ...form.getFieldsValue(true), [field]: value }));
  const label = (field: string) => t(`deviceAdmin.replacements.fields.${field}`, { unit });

  const submit = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    if (await onRecord(toBody(form.getFieldsValue(true)))) form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="replacement-form">
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="replacedAt" label={label('replacedAt')} required rules={[rule('replacedAt')]}>
            <DatePicker
              showTime
              format={DATE_TIME_FORMAT}
              style={{ width: '100%' }}
              placeholder={t('deviceAdmin.replacements.pickTime')}
              data-testid="replacement-replacedAt"
            />
          </Form.Item>
        </Col>
        <Col span={12} />
        <Col span={12}>
          <Form.Item name="oldSerial" label={label('oldSerial')} rules={[rule('oldSerial')]}>
            <Input maxLength={100} data-testid="replacement-oldSerial" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="newSerial" label={label('newSerial')} rules={[rule('newSerial')]}>
            <Input maxLength={100} data-testid="replacement-newSerial" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="oldFinalReading" label={label('oldFinalReading')} rules={[rule('oldFinalReading')]}>
            <InputNumber min={0} style={{ width: '100%' }} data-testid="replacement-oldFinalReading" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="newInitialReading" label={label('newInitialReading')} rules={[rule('newInitialReading')]}>
            <InputNumber min={0} style={{ width: '100%' }} placeholder="0" data-testid="replacement-newInitialReading" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="note" label={label('note')} rules={[rule('note')]}>
            <Input.TextArea rows={2} maxLength={500} data-testid="replacement-note" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" icon={<SwapOutlined />} loading={saving} disabled={saving} onClick={() => void submit()} data-testid="replacement-save">
        {t('deviceAdmin.replacements.record')}
      </Button>
    </Form>
  );
}
