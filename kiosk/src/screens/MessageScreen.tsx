import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../KioskScreen.module.css';

interface MessageScreenProps {
  title: string;
  note?: string;
  testId?: string;
  children?: ReactNode;
}

/** A full-screen dark message: sign-in needed, revoked, nothing here, a board that cannot be shown. */
export function MessageScreen({ title, note, testId = 'kiosk-message', children }: MessageScreenProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} - ${t('app.kioskTitle')}`;
  }, [title, t]);
  return (
    <main className={styles.screen} data-testid="kiosk-root">
      <div data-testid={testId} className={styles.message}>
        <h1 className={styles.title}>{title}</h1>
        {note ? <p className={styles.note}>{note}</p> : null}
        {children}
      </div>
    </main>
  );
}
