import { Form, Input, Select, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SmsSettingsInput } from '@shared/schemas/pushes';
import { useStores } from '../../stores/StoreContext';
import { ChannelSettingsCard } from './ChannelSettingsCard';
import { ChannelTestCard } from './ChannelTestCard';
import { PUSH_MENUS } from './menus';
import styles from './Pushes.module.css';
import { SecretInput } from './SecretInput';
import { useChannelSettings } from './useChannelSettings';

/** /msg/pushsms: the SMS provider's HTTP API, and a test send. */
export const SmsSettingsPage = observer(function SmsSettingsPage() {
  const root = useStores();
  const { t } = useTranslation();
  const channels = useChannelSettings();
  // Channel settings serve every user tree: only administrators change them (the server refuses others).
  const canEdit = root.session.isAdmin && root.permission.hasButton(PUSH_MENUS.sms, 'edit');
  const stored = channels.settings?.sms;
  // The API key is never read back: the field starts empty whatever is stored.
  const initialValues: SmsSettingsInput = stored
    ? { enabled: stored.enabled, adapter: stored.adapter, url: stored.url, account: stored.account, sign: stored.sign, apiKey: '' }
    : { enabled: false, adapter: 'generic-http', url: '', account: '', sign: '', apiKey: '' };

  return (
    <div className={styles.settingsGrid} data-testid="sms-settings-page">
      <ChannelSettingsCard channel="sms" controller={channels} title={t('pushes.settings.smsTitle')} canEdit={canEdit} initialValues={initialValues}>
        <Form.Item name="enabled" label={t('pushes.settings.enabled')} valuePropName="checked">
          <Switch data-testid="sms-enabled" />
        </Form.Item>
        <Form.Item name="adapter" label={t('pushes.settings.adapter')} extra={t('pushes.settings.smsAdapterHint')}>
          <Select options={[{ value: 'generic-http', label: t('pushes.settings.adapters.generic-http') }]} data-testid="sms-adapter" />
        </Form.Item>
        <Form.Item name="url" label={t('pushes.settings.url')} required>
          <Input placeholder="https://sms.example.com/api/send" maxLength={500} data-testid="sms-url" />
        </Form.Item>
        <Form.Item name="account" label={t('pushes.settings.account')}>
          <Input maxLength={100} autoComplete="off" data-testid="sms-account" />
        </Form.Item>
        <Form.Item name="apiKey" label={t('pushes.settings.apiKey')} extra={channels.hasSecret('sms') ? t('pushes.settings.secretStoredHint') : undefined}>
          <SecretInput stored={channels.hasSecret('sms')} testId="sms-api-key" />
        </Form.Item>
        <Form.Item name="sign" label={t('pushes.settings.sign')} extra={t('pushes.settings.signHint')}>
          <Input maxLength={32} placeholder="【Energy】" data-testid="sms-sign" />
        </Form.Item>
      </ChannelSettingsCard>
      <ChannelTestCard controller={channels} channels={['sms']} canSend={canEdit} />
    </div>
  );
});
