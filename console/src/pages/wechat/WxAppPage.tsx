import { Alert, App, Button, Card, Form, Input, Switch, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WxAppSettings } from '@shared/prepaid';
import { useStores } from '../../stores/StoreContext';
import { appBody, createWechatApi, type WxAppInput } from './wechatApi';

type SecretField = 'appSecret' | 'apiV3Key' | 'privateKeyPem' | 'platformPublicKeyPem';
const SECRET_SET: Record<SecretField, keyof WxAppSettings> = {
  appSecret: 'appSecretSet',
  apiV3Key: 'apiV3KeySet',
  privateKeyPem: 'privateKeySet',
  platformPublicKeyPem: 'platformPublicKeySet',
};

/** /wx/wxApp: the WeChat app and merchant settings. Secrets are write-only: the form shows whether one is stored. */
export const WxAppPage = observer(function WxAppPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const root = useStores();
  const api = useMemo(() => createWechatApi(root.http), [root.http]);
  const [form] = Form.useForm<WxAppInput>();
  const [settings, setSettings] = useState<WxAppSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const isAdmin = root.session.isAdmin;

  useEffect(() => {
    void api.app().then((answer) => {
      setSettings(answer);
      form.setFieldsValue({
        appId: answer.appId,
        mchId: answer.mchId,
        merchantSerialNo: answer.merchantSerialNo,
        baseUrl: answer.baseUrl,
        notifyUrl: answer.notifyUrl,
        enabled: answer.enabled,
      });
    });
  }, [api, form]);

  const save = async (values: WxAppInput) => {
    setSaving(true);
    try {
      const answer = await api.saveApp(appBody(values));
      setSettings(answer);
      form.setFieldsValue({ appSecret: '', apiV3Key: '', privateKeyPem: '', platformPublicKeyPem: '' });
      message.success(t('wechat.app.saved'));
    } catch {
      // the http client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const secretPlaceholder = (field: SecretField) => (settings?.[SECRET_SET[field]] ? t('wechat.app.stored') : t('wechat.app.notStored'));
  return (
    <Card title={t('wechat.app.title')} data-testid="wx-app">
      <Typography.Paragraph type="secondary">{t('wechat.app.intro')}</Typography.Paragraph>
      {!isAdmin && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('wechat.app.adminOnly')} />}
      <Form form={form} layout="vertical" onFinish={save} disabled={!isAdmin} style={{ maxWidth: 720 }}>
        <Form.Item name="appId" label={t('wechat.app.appId')}>
          <Input maxLength={64} data-testid="wx-app-appId" />
        </Form.Item>
        <Form.Item name="mchId" label={t('wechat.app.mchId')}>
          <Input maxLength={64} data-testid="wx-app-mchId" />
        </Form.Item>
        <Form.Item name="merchantSerialNo" label={t('wechat.app.merchantSerialNo')}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="appSecret" label={t('wechat.app.appSecret')}>
          <Input.Password autoComplete="new-password" placeholder={secretPlaceholder('appSecret')} data-testid="wx-app-appSecret" />
        </Form.Item>
        <Form.Item name="apiV3Key" label={t('wechat.app.apiV3Key')}>
          <Input.Password autoComplete="new-password" maxLength={32} placeholder={secretPlaceholder('apiV3Key')} data-testid="wx-app-apiV3Key" />
        </Form.Item>
        <Form.Item name="privateKeyPem" label={t('wechat.app.privateKeyPem')}>
          <Input.TextArea rows={3} placeholder={secretPlaceholder('privateKeyPem')} spellCheck={false} />
        </Form.Item>
        <Form.Item name="platformPublicKeyPem" label={t('wechat.app.platformPublicKeyPem')}>
          <Input.TextArea rows={3} placeholder={secretPlaceholder('platformPublicKeyPem')} spellCheck={false} />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('wechat.app.baseUrl')}>
          <Input placeholder={t('wechat.app.baseUrlPlaceholder')} />
        </Form.Item>
        <Form.Item name="notifyUrl" label={t('wechat.app.notifyUrl')}>
          <Input placeholder={t('wechat.app.notifyUrlPlaceholder')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('wechat.app.enabled')} valuePropName="checked">
          <Switch data-testid="wx-app-enabled" />
        </Form.Item>
        {settings?.updatedAt && (
          <Typography.Paragraph type="secondary">{t('wechat.app.updatedAt', { at: new Date(settings.updatedAt).toLocaleString() })}</Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="wx-app-save">
          {t('wechat.app.save')}
        </Button>
      </Form>
    </Card>
  );
});
