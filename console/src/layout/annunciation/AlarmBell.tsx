import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext';
import { hasAnyAlertScreen } from './alertScreens';
import styles from './AlarmBell.module.css';
import { SoundHint } from './SoundHint';
import { useAnnunciation } from './useAnnunciation';

// The list loads on the first open: every console page carries the bell, few open it.
const AnnunciationPanel = lazy(() => import('./AnnunciationPanel').then((m) => ({ default: m.AnnunciationPanel })));

/**
 * The navbar's annunciator: the count of unacknowledged alarms on a bell that flashes while any
 * waits, a tone when one arrives (see README.md), and the list to acknowledge them. Hidden for users
 * with none of the alerts screens: the server would refuse them anyway.
 */
export const AlarmBell = observer(function AlarmBell() {
  const { alarms, permission } = useStores();
  const { t } = useTranslation();
  const allowed = hasAnyAlertScreen((fullpath) => permission.hasRoute(fullpath));
  const { sounder, acknowledger } = useAnnunciation(allowed);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;

  const waiting = alarms.unacknowledged;
  const flashing = waiting.length > 0;
  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) void acknowledger.loadWaiting();
    else acknowledger.clearResult();
  };

  return (
    <span className={styles.bellArea}>
      {sounder.soundBlocked && !sounder.muted && <SoundHint onEnable={() => void sounder.enableSound()} />}
      <Popover
        open={open}
        onOpenChange={openChange}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        destroyOnHidden
        content={
          <Suspense fallback={<Spin size="small" />}>
            <AnnunciationPanel sounder={sounder} acknowledger={acknowledger} onNavigate={() => openChange(false)} />
          </Suspense>
        }
      >
        <Badge count={waiting.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            data-testid="alarm-bell"
            data-flashing={String(flashing)}
            aria-label={`${t('annunciation.bell')}: ${waiting.length}`}
            aria-haspopup="dialog"
            aria-expanded={open}
            className={flashing ? `${styles.bell} ${styles.flashing}` : styles.bell}
            icon={<BellOutlined />}
          />
        </Badge>
      </Popover>
    </span>
  );
});
