import { CopyOutlined, EditOutlined, ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BoardSummary } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import { boardWallPath, openOnWall } from '../boards/wallLinks';
import { copyKioskLink, kioskLink } from '../boards/boardLinks';
import { boardEditorPath } from './boardLinks';

/** Open on a wall (new tab), copy the kiosk link, and Edit for those who may edit boards. */
export function WallActions({ board, canEdit }: { board: BoardSummary; canEdit: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const copy = async () => {
    if (await copyKioskLink(board.id)) notify.success(t('boardScreens.actions.linkCopied'));
    else notify.error(t('boardScreens.actions.copyFailed'), kioskLink(board.id));
  };
  return (
    <>
      <Button type="link" size="small" icon={<ExportOutlined />} onClick={() => openOnWall(boardWallPath(board.id))} data-testid={`board-wall-${board.id}`}>
        {t('boardScreens.actions.openOnWall')}
      </Button>
      <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`board-copy-${board.id}`}>
        {t('boardScreens.actions.copyLink')}
      </Button>
      {canEdit && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(boardEditorPath(board.id))} data-testid={`board-edit-${board.id}`}>
          {t('boardScreens.actions.edit')}
        </Button>
      )}
    </>
  );
}
