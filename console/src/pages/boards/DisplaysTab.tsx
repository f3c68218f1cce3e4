import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Tooltip, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { DisplayRecord } from '@shared/schemas/boards';
import { agoText } from '../../i18n/agoText';
import { CutText } from '../../lists/CutText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import styles from './BoardConfig.module.css';
import type { BoardsController } from './BoardsController';
import { DisplayCreateDialog } from './DisplayCreateDialog';
import { DisplayIssuedDialog } from './DisplayIssuedDialog';
import { DisplayRowActions } from './DisplayRowActions';
import type { DisplaysController } from './DisplaysController';
import type { PlaylistsController } from './PlaylistsController';
import { SwitchBoardDialog } from './SwitchBoardDialog';

interface DisplaysTabProps {
  displays: DisplaysController;
  boards: BoardsController;
  playlists: PlaylistsController;
  /** A board the boards tab asked a new display for: the create dialog opens with it chosen. */
  createForBoard?: number | null;
  onCreateForBoardOpened?(): void;
}

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** Display tokens and each wall's last heartbeat; the page keeps the list fresh while this tab is on screen. */
export const DisplaysTab = observer(function DisplaysTab({ displays, boards, playlists, createForBoard = null, onCreateForBoardOpened }: DisplaysTabProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState<false | { boardIds: number[] }>(false);
  useEffect(() => {
    if (createForBoard === null) return;
    setCreating({ boardIds: [createForBoard] });
    onCreateForBoardOpened?.();
  }, [createForBoard, onCreateForBoardOpened]);
  const [switching, setSwitching] = useState<DisplayRecord | null>(null);
  const boardName = (id: number) => boards.nameOf(id) ?? t('displays.displays.unknownBoard', { id });

  const scopeText = (display: DisplayRecord) =>
    display.scope.kind === 'boards'
      ? t('displays.displays.scopeBoardsSummary', { names: display.scope.boardIds.map(boardName).join(', ') })
      : t('displays.displays.scopePlaylistSummary', {
          name: playlists.byId(display.scope.playlistId)?.name ?? t('displays.displays.unknownPlaylist', { id: display.scope.playlistId }),
        });

  const stateOf = (display: DisplayRecord) => {
    if (display.revokedAt !== null) return <Badge status="default" text={t('displays.displays.revokedAt', { at: formatDateTime(display.revokedAt) })} />;
    return display.online ? <Badge status="success" text={t('displays.displays.online')} /> : <Badge status="error" text={t('displays.displays.offline')} />;
  };

  const columns: TableColumnsType<DisplayRecord> = [
    { key: 'name', dataIndex: 'name', title: t('displays.displays.name'), render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      key: 'scope',
      title: t('displays.displays.scope'),
      render: (_: unknown, display) => {
        const text = scopeText(display);
        return <CutText text={text} maxWidth={220} />;
      },
    },
    { key: 'boardShown', dataIndex: 'boardName', title: t('displays.displays.boardShown'), render: (name: string | null) => name ?? none },
    { key: 'state', title: t('displays.displays.state'), render: (_: unknown, display) => stateOf(display) },
    {
      key: 'lastSeen',
      dataIndex: 'lastSeenAt',
      title: t('displays.displays.lastSeen'),
      render: (at: number | null) =>
        at === null ? (
          <Typography.Text type="secondary">{t('displays.displays.never')}</Typography.Text>
        ) : (
          <Tooltip title={formatDateTime(at)}>
            <span>{agoText(t, at, Math.max(displays.fetchedAt, at))}</span>
          </Tooltip>
        ),
    },
    { key: 'resolution', dataIndex: 'resolution', title: t('displays.displays.resolution'), render: (value: string | null) => value ?? none },
    { key: 'version', dataIndex: 'version', title: t('displays.displays.version'), render: (value: string | null) => value ?? none },
    {
      key: 'pinned',
      dataIndex: 'pinnedBoardId',
      title: t('displays.displays.pinned'),
      render: (id: number | null) => (id === null ? <Typography.Text type="secondary">{t('displays.displays.ownRotation')}</Typography.Text> : boardName(id)),
    },
    {
      key: 'actions',
      title: t('displays.actions.actions'),
      render: (_: unknown, display) => <DisplayRowActions display={display} displays={displays} onSwitch={() => setSwitching(display)} />,
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="displays-tab">
      <Typography.Text type="secondary">{t('displays.displays.refreshNote')}</Typography.Text>
      <ListToolbar
        list={displays}
        testId="displays"
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating({ boardIds: [] })} data-testid="display-create">
            {t('displays.displays.create')}
          </Button>
        }
      />
      <ListTable<DisplayRecord>
        rows={displays.displays}
        loading={displays.loading}
        clientPageSize={20}
        rowKey="id"
        columns={columns}
        emptyText={t('displays.displays.empty')}
        rowClassName={(display) => (display.revokedAt !== null ? (styles.revoked ?? '') : '')}
        rowAttributes={(display) => ({ 'data-testid': `display-row-${display.id}`, 'data-revoked': String(display.revokedAt !== null) })}
        testId="displays-table"
      />
      {creating && (
        <DisplayCreateDialog displays={displays} boards={boards} playlists={playlists} initialBoardIds={creating.boardIds} onClose={() => setCreating(false)} />
      )}
      {displays.issued && <DisplayIssuedDialog issued={displays.issued} onClose={displays.dismissIssued} />}
      {switching && <SwitchBoardDialog display={switching} displays={displays} boards={boards} playlists={playlists} onClose={() => setSwitching(null)} />}
    </Flex>
  );
});
