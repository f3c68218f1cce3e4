import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MQTT_ROLES } from '@shared/schemas/userAdmin';
import { TagsInput } from './TagsInput';
import { mqttPasswordRules, pushEmailsRules, pushPhonesRules, shapeIssue, smsCountRules } from './userRules';

/** Push addresses, the MQTT account and the SMS allowance (spec §2 dialog, §5 push validators). */
export function UserPushFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  const label = (name: string) => t(`users.fields.${name}`);
  return (
    <>
      <Form.Item name="pushEmails" label={label('pushEmails')} extra={t('users.hints.pushEmails')} rules={pushEmailsRules(t)}>
        <TagsInput isValid={(entry) => !shapeIssue('pushEmails', [entry])} data-testid="user-field-pushEmails" />
      </Form.Item>
      <Form.Item name="pushPhones" label={label('pushPhones')} extra={t('users.hints.pushPhones')} rules={pushPhonesRules(t)}>
        <TagsInput isValid={(entry) => !shapeIssue('pushPhones', [entry])} data-testid="user-field-pushPhones" />
      </Form.Item>
      <Form.Item name="mqttRole" label={label('mqttRole')}>
        <Select options={MQTT_ROLES.map((role) => ({ value: role, label: t(`users.mqttRoles.${role}`) }))} data-testid="user-field-mqttRole" />
      </Form.Item>
      <Form.Item name="mqttUsername" label={label('mqttUsername')} extra={t('users.hints.mqttUsername')}>
        <Input autoComplete="off" data-testid="user-field-mqttUsername" />
      </Form.Item>
      <Form.Item
        name="mqttPassword"
        label={label('mqttPassword')}
        rules={mqttPasswordRules(t)}
        {...(creating ? {} : { extra: t('users.hints.mqttPasswordKeep') })}
      >
        <Input.Password autoComplete="new-password" data-testid="user-field-mqttPassword" />
      </Form.Item>
      <Form.Item name="smsCount" label={label('smsCount')} rules={smsCountRules(t)}>
        <InputNumber<number> min={0} precision={0} style={{ width: 200 }} data-testid="user-field-smsCount" />
      </Form.Item>
    </>
  );
}
