import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Flex, Form, Input, InputNumber, Modal, Row, Select, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editableEndpointFields, FORWARD_METHODS, forwardEndpointSchema, type ForwardEndpoint, type ForwardEndpointInput } from '@shared/schemas/forwarding';
import { useNotify } from '../../feedback/notify';
import { departmentChoices, selectChoices } from '../boards/editor/binding/resourceChoices';
import { useResourceChoices } from '../boards/editor/binding/useResourceChoices';
import { schemaFieldErrors, serverFieldErrors } from './fieldText';
import type { WebServiceApi } from './webServiceApi';

type Fields = Required<Omit<ForwardEndpointInput, 'secret' | 'clearSecret'>> & { secret: string; clearSecret: boolean };

const DEFAULTS: Fields = {
  name: '',
  url: 'https://',
  method: 'POST',
  headers: [],
  secret: '',
  clearSecret: false,
  sendReadings: true,
  sendEnergy: false,
  sendAlarms: false,
  meterIds: [],
  departmentIds: [],
  batchSize: 100,
  intervalSeconds: 60,
  maxAttempts: 5,
  backoffSeconds: 10,
};

interface EndpointDialogProps {
  api: WebServiceApi;
  /** null: a new endpoint. */
  endpoint: ForwardEndpoint | null;
  onClose(saved: boolean): void;
}

/**
 * Create or edit an endpoint. The contract is checked before saving (every field's issue under it, in the
 * reader's language); the server's refusals land under their fields the same way. The secret is never
 * shown: the field says whether one is set, and typing replaces it.
 */
export function EndpointDialog({ api, endpoint, onClose }: EndpointDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const { lists, loading } = useResourceChoices(['meters', 'departments']);
  const meters = useMemo(() => selectChoices(lists.meters), [lists.meters]);
  const departments = useMemo(() => departmentChoices(lists.departments), [lists.departments]);
  const initial = useMemo(() => (endpoint ? editableEndpointFields(endpoint) : DEFAULTS), [endpoint]);

  const save = async () => {
    const fields = { ...initial, ...(form.getFieldsValue(true) as Partial<Fields>) };
    const body: ForwardEndpointInput = { ...fields, headers: fields.headers.filter((h) => h && (h.name || h.value)) };
    const problems = schemaFieldErrors(t, forwardEndpointSchema, body);
    form.setFields(problems as Parameters<typeof form.setFields>[0]);
    if (problems.length > 0) return;
    setSaving(true);
    try {
      if (endpoint) await api.update(endpoint.id, body);
      else await api.create(body);
      notify.success(t(endpoint ? 'webService.saved' : 'webService.created'));
      onClose(true);
    } catch (error) {
      form.setFields(serverFieldErrors(t, error) as Parameters<typeof form.setFields>[0]);
    } finally {
      setSaving(false);
    }
  };

  const wide = { width: '100%' } as const;
  return (
    <Modal
      open
      centered
      width="min(760px, 94vw)"
      mask={{ closable: false }}
      title={endpoint ? t('webService.editTitle', { name: endpoint.name }) : t('webService.add')}
      okText={endpoint ? t('webService.form.save') : t('webService.add')}
      cancelText={t('lists.cancel')}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'endpoint-dialog-ok' }}
      data-testid="endpoint-dialog"
    >
      <Form<Fields> form={form} layout="vertical" initialValues={initial} data-testid="endpoint-form">
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Form.Item name="name" label={t('webService.form.name')} required>
              <Input maxLength={80} data-testid="endpoint-name" />
            </Form.Item>
          </Col>
          <Col xs={6} md={4}>
            <Form.Item name="method" label={t('webService.form.method')}>
              <Select options={FORWARD_METHODS.map((value) => ({ value, label: value }))} data-testid="endpoint-method" />
            </Form.Item>
          </Col>
          <Col xs={18} md={10}>
            <Form.Item name="url" label={t('webService.form.url')} required>
              <Input maxLength={500} data-testid="endpoint-url" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('webService.form.headers')}>
          <Form.List name="headers">
            {(rows, { add, remove }) => (
              <Flex vertical gap={4}>
                {rows.map((row) => (
                  <Flex key={row.key} gap={8} align="start">
                    <Form.Item name={[row.name, 'name']} noStyle={false} style={{ flex: 2, marginBottom: 0 }}>
                      <Input placeholder={t('webService.form.headerName')} data-testid={`endpoint-header-name-${row.name}`} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'value']} style={{ flex: 3, marginBottom: 0 }}>
                      <Input placeholder={t('webService.form.headerValue')} data-testid={`endpoint-header-value-${row.name}`} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} aria-label={t('webService.delete')} onClick={() => remove(row.name)} />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', value: '' })}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="endpoint-add-header"
                >
                  {t('webService.form.addHeader')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('webService.form.secret')}
          extra={
            <Flex vertical gap={2}>
              <span>{endpoint?.hasSecret ? t('webService.form.secretSet') : t('webService.form.secretNone')}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('webService.form.signatureHelp')}
              </Typography.Text>
            </Flex>
          }
        >
          <Input.Password autoComplete="new-password" placeholder={t('webService.form.secretPlaceholder')} data-testid="endpoint-secret" />
        </Form.Item>
        {endpoint?.hasSecret && (
          <Form.Item name="clearSecret" valuePropName="checked" style={{ marginTop: -8 }}>
            <Checkbox data-testid="endpoint-clear-secret">{t('webService.form.clearSecret')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item label={t('webService.form.sends')} required style={{ marginBottom: 0 }}>
          <Flex gap={16} wrap>
            {(['sendReadings', 'sendEnergy', 'sendAlarms'] as const).map((name, index) => (
              <Form.Item key={name} name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox data-testid={`endpoint-${name}`}>{t(`webService.kinds.${(['readings', 'energy', 'alarms'] as const)[index]}`)}</Checkbox>
              </Form.Item>
            ))}
          </Flex>
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="meterIds" label={t('webService.form.meters')}>
              <Select<number[]>
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={loading}
                style={wide}
                maxTagCount="responsive"
                placeholder={t('webService.form.chooseMeters')}
                options={meters}
                data-testid="endpoint-meters"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="departmentIds" label={t('webService.form.departments')}>
              <TreeSelect<number[]>
                multiple
                allowClear
                treeDefaultExpandAll
                loading={loading}
                style={wide}
                maxTagCount="responsive"
                placeholder={t('webService.form.chooseDepartments')}
                treeData={departments}
                data-testid="endpoint-departments"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 12 }}>
          {t('webService.form.metersHint')}
        </Typography.Paragraph>
        <Row gutter={12}>
          {(
            [
              ['batchSize', 'batchSize', 1, 1000],
              ['intervalSeconds', 'interval', 1, 3600],
              ['maxAttempts', 'maxAttempts', 1, 10],
              ['backoffSeconds', 'backoff', 1, 3600],
            ] as const
          ).map(([name, label, min, max]) => (
            <Col key={name} xs={12} md={6}>
              <Form.Item name={name} label={t(`webService.form.${label}`)}>
                <InputNumber<number> min={min} max={max} precision={0} style={wide} data-testid={`endpoint-${name}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
