import { useTranslation } from 'react-i18next';
import styles from '../KioskScreen.module.css';
import { MessageScreen } from './MessageScreen';

/** No usable sign-in: a link to the console's login that comes back here afterwards. */
export function SignInScreen({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <MessageScreen title={t('kioskRuntime.signIn.title')} note={t('kioskRuntime.signIn.note')} testId="sign-in-needed">
      <a className={styles.link} href={`/login?redirect=${encodeURIComponent(path)}`} data-testid="sign-in-link">
        {t('kioskRuntime.signIn.link')}
      </a>
    </MessageScreen>
  );
}
