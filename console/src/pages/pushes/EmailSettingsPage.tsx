import { Form, Input, InputNumber, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PUSH_CHANNELS, type EmailSettingsInput } from '@shared/schemas/pushes';
import { useStores } from '../../stores/StoreContext';
import { ChannelSettingsCard } from './ChannelSettingsCard';
import { ChannelTestCard } from './ChannelTestCard';
import { PUSH_MENUS } from './menus';
import styles from './Pushes.module.css';
import { SecretInput } from './SecretInput';
import { useChannelSettings } from './useChannelSettings';

/** /msg/verify: the SMTP server e-mails go out through, and a test send on every channel. */
export const EmailSettingsPage = observer(function EmailSettingsPage() {
  const root = useStores();
  const { t } = useTranslation();
  const channels = useChannelSettings();
  // Channel settings serve every user tree: only administrators change them (the server refuses others).
  const canEdit = root.session.isAdmin && root.permission.hasButton(PUSH_MENUS.email, 'edit');
  const stored = channels.settings?.email;
  // The password is never read back: the field starts empty whatever is stored.
  const initialValues: EmailSettingsInput = stored
    ? { enabled: stored.enabled, host: stored.host, port: stored.port, secure: stored.secure, username: stored.username, from: stored.from, password: '' }
    : { enabled: false, host: '', port: 587, secure: false, username: '', from: '', password: '' };

  return (
    <div className={styles.settingsGrid} data-testid="email-settings-page">
      <ChannelSettingsCard channel="email" controller={channels} title={t('pushes.settings.emailTitle')} canEdit={canEdit} initialValues={initialValues}>
        <Form.Item name="enabled" label={t('pushes.settings.enabled')} valuePropName="checked">
          <Switch data-testid="email-enabled" />
        </Form.Item>
        <Form.Item name="host" label={t('pushes.settings.host')} required>
          <Input placeholder="smtp.example.com" maxLength={200} data-testid="email-host" />
        </Form.Item>
        <Form.Item name="port" label={t('pushes.settings.port')} required extra={t('pushes.settings.portHint')}>
          <InputNumber<number> min={1} max={65535} precision={0} style={{ width: 160 }} data-testid="email-port" />
        </Form.Item>
        <Form.Item name="secure" label={t('pushes.settings.secure')} valuePropName="checked" extra={t('pushes.settings.secureHint')}>
          <Switch data-testid="email-secure" />
        </Form.Item>
        <Form.Item name="username" label={t('pushes.settings.username')}>
          <Input maxLength={200} autoComplete="off" data-testid="email-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('pushes.settings.password')}
          extra={channels.hasSecret('email') ? t('pushes.settings.secretStoredHint') : undefined}
        >
          <SecretInput stored={channels.hasSecret('email')} testId="email-password" />
        </Form.Item>
        <Form.Item name="from" label={t('pushes.settings.from')} required>
          <Input placeholder="energy@example.com" maxLength={200} data-testid="email-from" />
        </Form.Item>
      </ChannelSettingsCard>
      <ChannelTestCard controller={channels} channels={PUSH_CHANNELS} canSend={canEdit} />
    </div>
  );
});
