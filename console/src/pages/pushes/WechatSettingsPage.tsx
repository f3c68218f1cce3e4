import { Form, Input, Select, Switch } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WechatSettingsInput } from '@shared/schemas/pushes';
import { useStores } from '../../stores/StoreContext';
import { ChannelSettingsCard } from './ChannelSettingsCard';
import { ChannelTestCard } from './ChannelTestCard';
import { PUSH_MENUS } from './menus';
import styles from './Pushes.module.css';
import { useChannelSettings } from './useChannelSettings';

/** /msg/pushwx: the WeChat Work group robot pushes are posted to, and a test send. */
export const WechatSettingsPage = observer(function WechatSettingsPage() {
  const root = useStores();
  const { t } = useTranslation();
  const channels = useChannelSettings();
  // Channel settings serve every user tree: only administrators change them (the server refuses others).
  const canEdit = root.session.isAdmin && root.permission.hasButton(PUSH_MENUS.wechat, 'edit');
  const stored = channels.settings?.wechat;
  const initialValues: WechatSettingsInput = stored
    ? { enabled: stored.enabled, adapter: stored.adapter, webhookUrl: stored.webhookUrl }
    : { enabled: false, adapter: 'wecom-robot', webhookUrl: '' };

  return (
    <div className={styles.settingsGrid} data-testid="wechat-settings-page">
      <ChannelSettingsCard channel="wechat" controller={channels} title={t('pushes.settings.wechatTitle')} canEdit={canEdit} initialValues={initialValues}>
        <Form.Item name="enabled" label={t('pushes.settings.enabled')} valuePropName="checked">
          <Switch data-testid="wechat-enabled" />
        </Form.Item>
        <Form.Item name="adapter" label={t('pushes.settings.adapter')}>
          <Select options={[{ value: 'wecom-robot', label: t('pushes.settings.adapters.wecom-robot') }]} data-testid="wechat-adapter" />
        </Form.Item>
        <Form.Item name="webhookUrl" label={t('pushes.settings.webhookUrl')} required extra={t('pushes.settings.webhookHint')}>
          <Input placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…" maxLength={500} data-testid="wechat-webhook" />
        </Form.Item>
      </ChannelSettingsCard>
      <ChannelTestCard controller={channels} channels={['wechat']} canSend={canEdit} />
    </div>
  );
});
