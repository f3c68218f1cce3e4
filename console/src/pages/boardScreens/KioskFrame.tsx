import { ExportOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import screenfull from 'screenfull';
import type { BoardSummary } from '@shared/schemas/boards';
import { boardWallPath, openOnWall } from '../boards/wallLinks';
import styles from './BoardScreens.module.css';
import { useAvailableHeight } from '../../layout/useAvailableHeight';

/** Below the frame: the card's padding and border, then the view's padding (layout .view). */
const BELOW_FRAME = 8 + 1 + 16;

/**
 * A board as the kiosk runtime draws it (/dash/<id>, signed in with the console's Admin-Token cookie),
 * embedded in the view under a title bar; full screen takes just the frame.
 */
export function KioskFrame({ board }: { board: Pick<BoardSummary, 'id' | 'name' | 'code'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const frame = useRef<HTMLIFrameElement>(null);
  const height = useAvailableHeight(frame, { bottomGap: BELOW_FRAME, minHeight: 320 });

  const fullscreen = () => {
    const unsupported = () => void message.warning(t('navbar.fullscreenUnsupported'));
    if (!screenfull.isEnabled || !frame.current) return unsupported();
    screenfull.request(frame.current).catch(unsupported);
  };

  return (
    <Card size="small" styles={{ body: { padding: 8 } }} data-testid="data-board-viewer" data-board-id={board.id}>
      <div className={styles.frameBar}>
        <Space size={8} className={styles.frameTitle}>
          <Typography.Text strong data-testid="data-board-name">
            {board.name}
          </Typography.Text>
          {board.code && <Tag className={styles.mono}>{board.code}</Tag>}
        </Space>
        <Space size={4}>
          <Button icon={<FullscreenOutlined />} onClick={fullscreen} data-testid="data-board-fullscreen">
            {t('boardScreens.actions.fullscreen')}
          </Button>
          <Button icon={<ExportOutlined />} onClick={() => openOnWall(boardWallPath(board.id))} data-testid="data-board-wall">
            {t('boardScreens.actions.openOnWall')}
          </Button>
        </Space>
      </div>
      <iframe
        ref={frame}
        className={styles.frame}
        style={{ height }}
        src={boardWallPath(board.id)}
        title={board.name}
        allow="fullscreen"
        allowFullScreen
        data-testid="data-board-frame"
      />
    </Card>
  );
}
