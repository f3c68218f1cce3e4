import { SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './AlarmBell.module.css';

/** Shown while the browser holds the alarm tone back until a user gesture; the click is that gesture. */
export function SoundHint({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" className={styles.soundHint} data-testid="alarm-sound-hint" icon={<SoundOutlined />} onClick={onEnable}>
      <span className={styles.soundHintText}>{t('annunciation.enableSound')}</span>
    </Button>
  );
}
