import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Select, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PLAYLIST_SECONDS, type Playlist } from '@shared/schemas/boards';
import styles from './BoardConfig.module.css';
import type { BoardsController } from './BoardsController';
import { PlaylistDraft } from './PlaylistDraft';
import type { PlaylistsController } from './PlaylistsController';

interface PlaylistDialogProps {
  playlists: PlaylistsController;
  boards: BoardsController;
  /** The playlist being edited; undefined for a new one. */
  playlist?: Playlist;
  onSaved(playlist: Playlist): void;
  onClose(): void;
}

const problem = (message: string | undefined) => (message ? { validateStatus: 'error' as const, help: message } : {});

/** Name and ordered entries (board + seconds); the draft holds the state and the contract's messages. */
export const PlaylistDialog = observer(function PlaylistDialog({ playlists, boards, playlist, onSaved, onClose }: PlaylistDialogProps) {
  const { t } = useTranslation();
  const [draft] = useState(() => new PlaylistDraft(t, playlist));
  const last = draft.entries.length - 1;

  const save = async () => {
    const saved = await playlists.save(draft, playlist?.id);
    if (saved) onSaved(saved);
  };

  return (
    <Modal
      open
      centered
      width="min(720px, 94vw)"
      mask={{ closable: false }}
      title={playlist ? t('displays.playlists.editTitle', { name: playlist.name }) : t('displays.playlists.addTitle')}
      okText={t('displays.actions.save')}
      cancelText={t('displays.actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: playlists.busy, 'data-testid': 'playlist-save' }}
      data-testid="playlist-dialog"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('displays.playlists.name')} required {...problem(draft.errorOf('name'))}>
          <Input value={draft.name} onChange={(event) => draft.setName(event.target.value)} maxLength={80} data-testid="playlist-name" />
        </Form.Item>
        <Form.Item label={t('displays.playlists.entries')} required {...problem(draft.errorOf('entries'))}>
          {draft.entries.map((entry, index) => (
            <div key={entry.key} className={styles.entryRow} data-testid={`playlist-entry-${index}`}>
              <span className={styles.entryIndex}>{index + 1}.</span>
              <Form.Item style={{ flex: 1, marginBottom: 8 }} {...problem(draft.errorOf(`entries.${index}.boardId`) ?? draft.errorOf(`entries.${index}`))}>
                <Select
                  value={entry.boardId ?? undefined}
                  onChange={(id: number) => draft.setBoard(index, id)}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('displays.playlists.chooseBoard')}
                  options={boards.options}
                  aria-label={t('displays.playlists.board')}
                  data-testid={`playlist-entry-board-${index}`}
                />
              </Form.Item>
              <Form.Item style={{ width: 150, marginBottom: 8 }} {...problem(draft.errorOf(`entries.${index}.seconds`))}>
                <InputNumber
                  value={entry.seconds}
                  onChange={(seconds) => draft.setSeconds(index, typeof seconds === 'number' ? seconds : null)}
                  max={MAX_PLAYLIST_SECONDS}
                  suffix="s"
                  aria-label={t('displays.playlists.seconds')}
                  style={{ width: '100%' }}
                  data-testid={`playlist-entry-seconds-${index}`}
                />
              </Form.Item>
              <Tooltip title={t('displays.playlists.moveUp')}>
                <Button
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => draft.move(index, -1)}
                  aria-label={t('displays.playlists.moveUp')}
                  data-testid={`playlist-entry-up-${index}`}
                />
              </Tooltip>
              <Tooltip title={t('displays.playlists.moveDown')}>
                <Button
                  icon={<ArrowDownOutlined />}
                  disabled={index === last}
                  onClick={() => draft.move(index, 1)}
                  aria-label={t('displays.playlists.moveDown')}
                  data-testid={`playlist-entry-down-${index}`}
                />
              </Tooltip>
              <Tooltip title={t('displays.playlists.removeEntry')}>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => draft.removeEntry(index)}
                  aria-label={t('displays.playlists.removeEntry')}
                  data-testid={`playlist-entry-remove-${index}`}
                />
              </Tooltip>
            </div>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => draft.addEntry()} data-testid="playlist-entry-add">
            {t('displays.playlists.addEntry')}
          </Button>
        </Form.Item>
      </Form>
    </Modal>
  );
});
