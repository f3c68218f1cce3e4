import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screenfull from 'screenfull';

/** Full-screen toggle; browsers without the API get the spec §8 warning. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isFullscreen, setFullscreen] = useState(() => screenfull.isEnabled && screenfull.isFullscreen);

  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const follow = () => setFullscreen(screenfull.isFullscreen);
    screenfull.on('change', follow);
    return () => screenfull.off('change', follow);
  }, []);

  const toggle = () => {
    const unsupported = () => void message.warning(t('navbar.fullscreenUnsupported'));
    if (!screenfull.isEnabled) return unsupported();
    screenfull.toggle().catch(unsupported);
  };

  const label = t(isFullscreen ? 'navbar.exitFullscreen' : 'navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        data-testid="fullscreen"
        aria-label={label}
        icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
