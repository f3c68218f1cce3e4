import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './KioskScreen.module.css';

interface KioskScreenProps {
  title: string;
  note: string;
}

/** A full-screen dark frame with a title: what every kiosk page shows until the board runtime lands. */
export function KioskScreen({ title, note }: KioskScreenProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} - ${t('app.kioskTitle')}`;
  }, [title, t]);

  return (
    <main className={styles.screen} data-testid="kiosk-root">
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.note}>{note}</p>
    </main>
  );
}
