import {
  CopyOutlined,
  DeleteOutlined,
  DesktopOutlined,
  DownloadOutlined,
  EditOutlined,
  EllipsisOutlined,
  ExportOutlined,
  LinkOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardSummary } from '@shared/schemas/boards';
import { boardWallPath, openOnWall } from './wallLinks';

export type BoardRowCommand = 'duplicate' | 'export' | 'viewers' | 'copyLink' | 'newDisplay';

interface BoardRowActionsProps {
  board: BoardSummary;
  onEdit(): void;
  onDelete(): void;
  onCommand(command: BoardRowCommand): void;
}

/** Edit as a word; open on a wall, delete and a menu of the rarer commands as icons: the row fits at 1366 px. */
export function BoardRowActions({ board, onEdit, onDelete, onCommand }: BoardRowActionsProps) {
  const { t } = useTranslation();
  const item = (key: BoardRowCommand, label: string, icon: ReactNode) => ({
    key,
    icon,
    label: <span data-testid={`board-${kebab(key)}-${board.id}`}>{label}</span>,
  });
  const menu: MenuProps = {
    items: [
      item('duplicate', t('displays.boards.duplicate'), <CopyOutlined />),
      item('export', t('displays.boards.exportJson'), <DownloadOutlined />),
      item('viewers', t('displays.boards.viewers'), <TeamOutlined />),
      item('copyLink', t('displays.boards.copyLink'), <LinkOutlined />),
      item('newDisplay', t('displays.boards.newDisplay'), <DesktopOutlined />),
    ],
    onClick: ({ key }) => onCommand(key as BoardRowCommand),
  };
  return (
    <Space size={0}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid={`board-edit-${board.id}`}>
        {t('displays.boards.edit')}
      </Button>
      <Tooltip title={t('displays.actions.openOnWall')}>
        <Button
          type="text"
          size="small"
          icon={<ExportOutlined />}
          aria-label={t('displays.actions.openOnWall')}
          onClick={() => openOnWall(boardWallPath(board.id))}
          data-testid={`board-open-${board.id}`}
        />
      </Tooltip>
      <Popconfirm
        title={t('displays.boards.confirmDelete', { name: board.name })}
        onConfirm={onDelete}
        okText={t('displays.actions.delete')}
        cancelText={t('displays.actions.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'board-delete-confirm' }}
      >
        <Tooltip title={t('displays.actions.delete')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('displays.actions.delete')}
            data-testid={`board-delete-${board.id}`}
          />
        </Tooltip>
      </Popconfirm>
      <Dropdown menu={menu} trigger={['click']}>
        <Tooltip title={t('displays.boards.more')}>
          <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('displays.boards.more')} data-testid={`board-more-${board.id}`} />
        </Tooltip>
      </Dropdown>
    </Space>
  );
}

/** copyLink → copy-link, newDisplay → new-display: the menu items' test ids. */
const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
