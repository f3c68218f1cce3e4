import { SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './AlarmBell.module.css';

/**
 * Shown while the browser holds the alarm tone back until a user gesture; the click is that gesture.
 * Below 1600 px only the icon shows (its words in the tooltip and for screen readers), so the breadcrumb keeps its room.
 */
export function SoundHint({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation();
  const words = t('annunciation.enableSound');
  return (
    <Tooltip title={words}>
      <Button
        type="link"
        size="small"
        className={styles.soundHint}
        data-testid="alarm-sound-hint"
        icon={<SoundOutlined />}
        aria-label={words}
        onClick={onEnable}
      >
        <span className={styles.soundHintText}>{words}</span>
      </Button>
    </Tooltip>
  );
}
