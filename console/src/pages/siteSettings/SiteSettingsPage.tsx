import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, ColorPicker, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSiteSettingsApi } from '@shared/api/siteSettingsApi';
import { formatDateTime } from '@shared/format';
import { LANGUAGE_NAMES } from '@shared/i18n/language';
import {
  publicSiteOf,
  RETENTION_DAYS,
  SESSION_MINUTES,
  SITE_LANGUAGES,
  SITE_NAME_MAX,
  siteSettingsInputSchema,
  type SiteSettingsValues,
} from '@shared/schemas/siteSettings';
import { THEME_PRESETS } from '@shared/stores/settingsStore';
import { contractRule, showServerErrors } from '../../forms/contractRules';
import { useNotify } from '../../feedback/notify';
import { AdminOnly } from '../../permissions/AdminOnly';
import { useSiteStore } from '../../session/siteStore';
import { useStores } from '../../stores/StoreContext';
import { MenuGroupsField } from './MenuGroupsField';
import { PictureField } from './PictureField';
import { SiteSettingsController } from './SiteSettingsController';
import styles from './SiteSettingsPage.module.css';

/** The Select's stand-in for "no default language" (null in the contract). */
const BROWSER = 'browser';
type Fields = Omit<SiteSettingsValues, 'defaultLanguage'> & { defaultLanguage: SiteSettingsValues['defaultLanguage'] | typeof BROWSER };

const s = siteSettingsInputSchema.shape;
const toFields = (values: SiteSettingsValues): Fields => ({ ...values, defaultLanguage: values.defaultLanguage ?? BROWSER });
const toInput = (fields: Fields): SiteSettingsValues => ({
  ...fields,
  name: fields.name ?? '',
  defaultLanguage: fields.defaultLanguage === BROWSER ? null : fields.defaultLanguage,
  readingRetentionDays: fields.readingRetentionDays ?? null,
  sessionMinutes: fields.sessionMinutes ?? null,
  hiddenGroups: fields.hiddenGroups ?? [],
});

/** The colour picker as a form field: a #RRGGBB string, or null for the product's colour. */
function ThemeColourField({ value, onChange, disabled }: { value?: string | null; onChange?(colour: string | null): void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center">
      <ColorPicker
        value={value ?? null}
        disabled={disabled}
        disabledAlpha
        allowClear
        showText={(colour) => (value ? colour.toHexString().toUpperCase() : t('siteSettings.productColour'))}
        presets={[{ label: t('siteSettings.themeColor'), colors: [...THEME_PRESETS] }]}
        onChangeComplete={(colour) => onChange?.(colour.toHexString().toUpperCase())}
        onClear={() => onChange?.(null)}
        data-testid="site-theme-colour"
      />
    </Flex>
  );
}

/**
 * /settings/superConfig: the site's name and pictures, default language and colour, raw-reading retention,
 * session length and the menu groups it uses. Holders of the screen see them; only administrators change
 * them (the server refuses anyone else).
 */
export const SiteSettingsPage = observer(function SiteSettingsPage() {
  const root = useStores();
  const site = useSiteStore();
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<Fields>();
  const [controller] = useState(() => new SiteSettingsController(createSiteSettingsApi(root.http)));
  const { settings, saving } = controller;
  const readOnly = !root.session.isAdmin;
  const languageOptions = useMemo(
    () => [
      { value: BROWSER, label: t('siteSettings.browserLanguage') },
      ...SITE_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
    ],
    [t],
  );

  useEffect(() => void controller.load(), [controller]);
  useEffect(() => {
    if (settings) form.setFieldsValue(toFields(settings));
  }, [form, settings]);

  const save = async (fields: Fields) => {
    try {
      const saved = await controller.save(toInput(fields));
      // Applies at once here: name, pictures, colour; the menu follows the groups now in use.
      site.apply(publicSiteOf(saved));
      await root.permission.load();
      notify.success(t('siteSettings.saved'));
    } catch (error) {
      showServerErrors(t, form, error);
    }
  };

  return (
    <Card size="small" title={t('siteSettings.title')} data-testid="site-settings-page" loading={!settings && controller.loading}>
      <Typography.Paragraph type="secondary">{t('siteSettings.intro')}</Typography.Paragraph>
      {readOnly && <Alert type="info" showIcon title={t('siteSettings.readOnly')} style={{ marginBottom: 16 }} data-testid="site-settings-readonly" />}
      <Form<Fields>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={readOnly}
        onFinish={save}
        initialValues={settings ? toFields(settings) : undefined}
      >
        <Row gutter={24}>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>{t('siteSettings.sections.identity')}</Typography.Title>
            <Form.Item name="name" label={t('siteSettings.name')} extra={t('siteSettings.nameHint')} rules={[contractRule(t, s.name)]}>
              <Input maxLength={SITE_NAME_MAX} placeholder={t('siteSettings.namePlaceholder')} data-testid="site-name" />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="logoUrl" label={t('siteSettings.logo')} extra={t('siteSettings.pictureHint')}>
                  <PictureField disabled={readOnly} testId="site-logo" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="faviconUrl" label={t('siteSettings.favicon')} extra={t('siteSettings.pictureHint')}>
                  <PictureField disabled={readOnly} testId="site-favicon" />
                </Form.Item>
              </Col>
            </Row>
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Title level={5}>{t('siteSettings.sections.appearance')}</Typography.Title>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="defaultLanguage" label={t('siteSettings.defaultLanguage')} extra={t('siteSettings.defaultLanguageHint')}>
                  <Select options={languageOptions} data-testid="site-default-language" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="themeColor"
                  label={t('siteSettings.themeColor')}
                  extra={t('siteSettings.themeColorHint')}
                  rules={[contractRule(t, s.themeColor)]}
                >
                  <ThemeColourField disabled={readOnly} />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Title level={5}>{t('siteSettings.sections.data')}</Typography.Title>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="readingRetentionDays"
                  label={t('siteSettings.retention')}
                  extra={t('siteSettings.retentionHint')}
                  rules={[contractRule(t, s.readingRetentionDays, (v) => v ?? null)]}
                >
                  <InputNumber
                    className={styles.number}
                    min={RETENTION_DAYS.min}
                    max={RETENTION_DAYS.max}
                    precision={0}
                    placeholder={t('siteSettings.keepForever')}
                    suffix={t('siteSettings.retentionDays')}
                    data-testid="site-retention"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="sessionMinutes"
                  label={t('siteSettings.sessionLength')}
                  extra={t('siteSettings.sessionHint')}
                  rules={[contractRule(t, s.sessionMinutes, (v) => v ?? null)]}
                >
                  <InputNumber
                    className={styles.number}
                    min={SESSION_MINUTES.min}
                    max={SESSION_MINUTES.max}
                    precision={0}
                    placeholder={t('siteSettings.serverDefault', { minutes: settings?.serverSessionMinutes ?? '' })}
                    suffix={t('siteSettings.sessionMinutes')}
                    data-testid="site-session"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('siteSettings.sections.groups')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('siteSettings.groupsHint')}</Typography.Paragraph>
        <Form.Item name="hiddenGroups">
          <MenuGroupsField disabled={readOnly} />
        </Form.Item>
        <AdminOnly>
          <Flex gap={8} align="center" wrap>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="site-settings-save">
              {t('siteSettings.save')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => settings && form.setFieldsValue(toFields(settings))} data-testid="site-settings-reset">
              {t('siteSettings.reset')}
            </Button>
            {settings?.updatedBy && settings.updatedAt !== null && (
              <Typography.Text type="secondary" data-testid="site-settings-updated">
                {t('siteSettings.updatedBy', { user: settings.updatedBy, at: formatDateTime(settings.updatedAt) })}
              </Typography.Text>
            )}
          </Flex>
        </AdminOnly>
      </Form>
    </Card>
  );
});
