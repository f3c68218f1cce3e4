import { BulbOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity, withThousands } from '@shared/format';
import { ALARM_SEVERITIES, THRESHOLD_SCOPES, thresholdRuleSchema, type ThresholdRule, type ThresholdScope } from '@shared/schemas/alarms';
import { useNotify } from '../../../feedback/notify';
import type { ResourceOptions } from '../../../resources/ResourceOptions';
import { schemaRule } from '../../dataCheck/fieldIssue';
import { probeBody, ruleBody, ruleFormValues, type RuleFormValues } from './ruleForm';
import { metricOptionLabel, ruleMetricUnit, ruleMetrics } from './ruleMetrics';
import { SUGGEST_DAYS, type ThresholdRulesController } from './ThresholdRulesController';
import { useMeterMetrics } from './useMeterMetrics';

const RULES = 'alarms.rules.validation';
export const SCOPE_OPTIONS: Record<ThresholdScope, string> = { meter: 'meters', department: 'departments', subitem: 'subitems' };

interface ThresholdRuleDialogProps {
  rules: ThresholdRulesController;
  options: ResourceOptions;
  /** The rule to edit; undefined adds one. */
  rule?: ThresholdRule | undefined;
  onClose(): void;
}

/** Add or edit a threshold rule, checked on blur with the contract's schema; the server's refusals land at their field. */
export const ThresholdRuleDialog = observer(function ThresholdRuleDialog({ rules, options, rule, onClose }: ThresholdRuleDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<RuleFormValues>();
  const [initialValues] = useState(() => ruleFormValues(rule, rules.focus));
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const scope = Form.useWatch('scope', form) ?? initialValues.scope;
  const scopeId = Form.useWatch('scopeId', form);
  const metric = Form.useWatch('metric', form);
  const meterMetrics = useMeterMetrics(scope === 'meter' ? scopeId : undefined);
  const metrics = ruleMetrics(scope, meterMetrics);
  const unit = ruleMetricUnit(metric);
  const focused = rules.focus !== undefined;

  const check = (field: keyof RuleFormValues) =>
    schemaRule(t, RULES, thresholdRuleSchema, field, (value) => probeBody({ ...(form.getFieldsValue(true) as RuleFormValues), [field]: value }, field));

  const changeScope = (next: ThresholdScope) => {
    form.setFieldsValue({ scopeId: undefined, metric: next === 'meter' ? undefined : 'kw' });
    setSuggestion(null);
  };

  const suggest = async () => {
    if (scopeId === undefined || !metric) return;
    setSuggesting(true);
    const result = await rules.suggest(scopeId, metric);
    setSuggesting(false);
    if (!result) return;
    if (result.over === null) {
      setSuggestion(t('alarms.rules.suggestNone', { n: withThousands(result.sampleSize, 0), count: result.sampleSize, days: SUGGEST_DAYS }));
      return;
    }
    form.setFieldValue('over', result.over);
    void form.validateFields(['over', 'under']).catch(() => undefined);
    setSuggestion(
      t('alarms.rules.suggested', {
        value: formatQuantity(result.over, result.unit),
        n: withThousands(result.sampleSize, 0),
        count: result.sampleSize,
        days: SUGGEST_DAYS,
      }),
    );
  };

  const confirm = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const result = await rules.save(rule?.id, ruleBody(form.getFieldsValue(true) as RuleFormValues));
    if (result.ok) {
      notify.success(t(rule ? 'alarms.rules.updated' : 'alarms.rules.created', { name: result.rule.name }));
      onClose();
      return;
    }
    form.setFields(Object.entries(result.fieldErrors).map(([name, message]) => ({ name: name as keyof RuleFormValues, errors: [message] })));
  };

  const scopeOptions = options.of(SCOPE_OPTIONS[scope]).map((option) => ({ value: option.id, label: option.name }));
  return (
    <Modal
      open
      centered
      width={720}
      mask={{ closable: false }}
      title={t(rule ? 'alarms.rules.editTitle' : 'alarms.rules.addTitle')}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('alarms.actions.save')}
      cancelText={t('alarms.actions.cancel')}
      okButtonProps={{ loading: rules.saving, disabled: rules.saving, 'data-testid': 'rule-form-ok' }}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} validateTrigger="onBlur" data-testid="rule-form">
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="name" label={t('alarms.rules.fields.name')} required rules={[check('name')]}>
              <Input maxLength={64} data-testid="rule-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="scope" label={t('alarms.rules.fields.scope')} required>
              <Select<ThresholdScope>
                disabled={focused}
                onChange={changeScope}
                options={THRESHOLD_SCOPES.map((value) => ({ value, label: t(`alarms.rules.scope.${value}`) }))}
                data-testid="rule-scope"
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="scopeId" label={t(`alarms.rules.scopePicker.${scope}`)} required rules={[check('scopeId')]}>
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                loading={options.loading}
                placeholder={t('alarms.rules.choose')}
                options={scopeOptions}
                onChange={() => setSuggestion(null)}
                data-testid="rule-scope-id"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="metric" label={t('alarms.rules.fields.metric')} required rules={[check('metric')]}>
              <Select<string>
                disabled={focused}
                placeholder={t('alarms.rules.choose')}
                options={metrics.map((value) => ({ value, label: metricOptionLabel(t, value) }))}
                onChange={() => setSuggestion(null)}
                data-testid="rule-metric"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="severity" label={t('alarms.rules.fields.severity')} required>
              <Select options={ALARM_SEVERITIES.map((value) => ({ value, label: t(`alarms.severity.${value}`) }))} data-testid="rule-severity" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={t('alarms.rules.fields.over')}
              required={false}
              extra={suggestion ? <span data-testid="rule-suggestion">{suggestion}</span> : undefined}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="over" noStyle rules={[check('over')]} dependencies={['under']}>
                  <InputNumber style={{ width: '100%' }} suffix={unit} placeholder={t('alarms.rules.noLimit')} data-testid="rule-over" />
                </Form.Item>
                {scope === 'meter' && (
                  <Button
                    icon={<BulbOutlined />}
                    loading={suggesting}
                    disabled={scopeId === undefined || !metric}
                    onClick={() => void suggest()}
                    data-testid="rule-suggest"
                  >
                    {t('alarms.rules.suggest')}
                  </Button>
                )}
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="under" label={t('alarms.rules.fields.under')} rules={[check('under')]} dependencies={['over']}>
              <InputNumber style={{ width: '100%' }} suffix={unit} placeholder={t('alarms.rules.noLimit')} data-testid="rule-under" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="durationS" label={t('alarms.rules.fields.duration')} tooltip={t('alarms.rules.durationHelp')} rules={[check('durationS')]}>
              <InputNumber style={{ width: '100%' }} min={0} precision={0} data-testid="rule-duration" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="hysteresis" label={t('alarms.rules.fields.hysteresis')} tooltip={t('alarms.rules.hysteresisHelp')} rules={[check('hysteresis')]}>
              <InputNumber style={{ width: '100%' }} min={0} suffix={unit} data-testid="rule-hysteresis" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('alarms.rules.fields.enabled')} valuePropName="checked">
              <Switch data-testid="rule-enabled" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
});
