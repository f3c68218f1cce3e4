import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { VISIT_SOURCE } from '@shared/stores/sessionStore';
import { showErrorToast } from '../../feedback/errorToast';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { redirectTarget } from '../../routes/redirectTarget';
import { useDocumentTitle } from '../../routes/useDocumentTitle';
import { useStores } from '../../stores/StoreContext';
import styles from './LoginPage.module.css';
import { useCurrentLoginPage } from './useCurrentLoginPage';
import { LoginAnnouncements, LoginContactFooter, usePublicInquiry } from '../inquiry/LoginNotices';
import { SiteLogo } from '../../layout/navbar/SiteBrand';
import { siteName, useSite } from '../../session/siteStore';

/** The layout variant per login-page template (shared/schemas/loginPages.ts). */
const TEMPLATE_CLASS = { classic: styles.classic, 'control-room': styles.controlRoom, minimal: styles.minimal } as const;

interface LoginFields {
  username: string;
  password: string;
}

/**
 * Sign-in (spec §2, §5). Once the session holds a token the page navigates away by itself: to the
 * redirect query after a login, to / for a user who was already signed in.
 */
export const LoginPage = observer(function LoginPage() {
  const { session } = useStores();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const { search } = useLocation();
  const [submitting, setSubmitting] = useState(false);
  const [loginError, setLoginError] = useState<string | null>(null);
  const current = useCurrentLoginPage();
  const site = useSite();
  const inquiry = usePublicInquiry();
  const template = current?.templateName ?? 'classic';
  useDocumentTitle('route.login');

  if (session.token) return <Navigate to={redirectTarget(search)} replace />;

  const logIn = async ({ username, password }: LoginFields) => {
    setSubmitting(true);
    setLoginError(null);
    try {
      await session.login({ username, password, visitSource: VISIT_SOURCE });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setLoginError(text);
      showErrorToast(message, text);
      setSubmitting(false);
    }
  };

  return (
    <main className={`${styles.page} ${TEMPLATE_CLASS[template]}`} data-template={template}>
      <div className={styles.stage}>
        <Card className={styles.card}>
          <SiteLogo />
          <Typography.Title level={3} className={styles.title} data-testid="login-title">
            {current?.edition ?? siteName(t, site, 'login.title')}
          </Typography.Title>
          <Form<LoginFields> layout="vertical" requiredMark={false} onFinish={logIn} disabled={submitting}>
            <Form.Item
              name="username"
              label={t('login.username')}
              validateTrigger="onBlur"
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input prefix={<UserOutlined />} placeholder={t('login.usernamePlaceholder')} autoComplete="username" data-testid="login-username" />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} validateTrigger="onBlur" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Form.Item label={t('login.language')} htmlFor="login-language">
              <LanguageSelect id="login-language" className={styles.language} data-testid="login-language" />
            </Form.Item>
            {loginError && <Alert type="error" showIcon title={loginError} data-testid="login-error" />}
            <Form.Item style={{ marginTop: 16 }}>
              <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
                {t('login.logIn')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
        <LoginAnnouncements announcements={inquiry.announcements} className={styles.notices} />
      </div>
      <LoginContactFooter contact={inquiry.contact} className={styles.contact} />
    </main>
  );
});
