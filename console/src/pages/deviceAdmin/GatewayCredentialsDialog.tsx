import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyApi } from '@shared/api/energyApi';
import { gatewayCredentialsSchema, type GatewayCredentials } from '@shared/schemas/energy';
import type { ResourceRow } from '@shared/resources';
import { useNotify } from '../../feedback/notify';
import { schemaRule } from '../dataCheck/fieldIssue';

const RULES = 'deviceAdmin.rules';

interface GatewayCredentialsDialogProps {
  api: Pick<EnergyApi, 'setGatewayCredentials'>;
  gateway: ResourceRow;
  onClose(): void;
}

/** Sets the login a gateway uses on the MQTT broker; the password is never shown again. */
export function GatewayCredentialsDialog({ api, gateway, onClose }: GatewayCredentialsDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<GatewayCredentials>();
  const [saving, setSaving] = useState(false);
  const sn = String(gateway.sn ?? '');
  // A gateway that has a login keeps its name; a new one starts from the serial number, which fits the rule.
  const initialUsername = typeof gateway.mqttUsername === 'string' && gateway.mqttUsername ? gateway.mqttUsername : sn;
  const rule = (field: keyof GatewayCredentials) =>
    schemaRule(t, RULES, gatewayCredentialsSchema, field, (value) => ({ mqttUsername: '', mqttPassword: '', ...form.getFieldsValue(true), [field]: value }));

  const confirm = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid || saving) return;
    setSaving(true);
    try {
      const { mqttUsername } = await api.setGatewayCredentials(gateway.id, gatewayCredentialsSchema.parse(form.getFieldsValue(true)));
      notify.success(t('deviceAdmin.credentials.saved', { sn, username: mqttUsername }));
      onClose();
    } catch {
      // The api hook showed the server's message; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      centered
      mask={{ closable: false }}
      title={t('deviceAdmin.credentials.title', { sn })}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('deviceAdmin.actions.save')}
      cancelText={t('deviceAdmin.actions.cancel')}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'credentials-ok' }}
    >
      <Typography.Paragraph type="secondary">{t('deviceAdmin.credentials.explain', { sn })}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ mqttUsername: initialUsername, mqttPassword: '' }}
        data-testid="credentials-form"
      >
        <Form.Item name="mqttUsername" label={t('deviceAdmin.credentials.username')} required rules={[rule('mqttUsername')]}>
          <Input autoComplete="off" data-testid="credentials-username" />
        </Form.Item>
        <Form.Item name="mqttPassword" label={t('deviceAdmin.credentials.password')} required rules={[rule('mqttPassword')]}>
          <Input.Password autoComplete="new-password" data-testid="credentials-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
