import { Form, Modal, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayRecord } from '@shared/schemas/boards';
import { useNotify } from '../../feedback/notify';
import type { BoardsController } from './BoardsController';
import { scopeBoardIds, type DisplaysController } from './DisplaysController';
import type { PlaylistsController } from './PlaylistsController';

interface SwitchBoardDialogProps {
  display: DisplayRecord;
  displays: DisplaysController;
  boards: BoardsController;
  playlists: PlaylistsController;
  onClose(): void;
}

/** antd options take no null value: 0 stands for "follow its own rotation" (boardId null). */
const OWN_ROTATION = 0;

/** Pins one of the display's scope boards on the wall, or lets it follow its own rotation again. */
export const SwitchBoardDialog = observer(function SwitchBoardDialog({ display, displays, boards, playlists, onClose }: SwitchBoardDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [choice, setChoice] = useState<number>(display.pinnedBoardId ?? OWN_ROTATION);
  const options = [
    { value: OWN_ROTATION, label: t('displays.switchDialog.followRotation') },
    ...scopeBoardIds(display, playlists.byId).map((id) => ({ value: id, label: boards.nameOf(id) ?? t('displays.displays.unknownBoard', { id }) })),
  ];

  const submit = async () => {
    if (await displays.show(display.id, choice === OWN_ROTATION ? null : choice)) {
      notify.success(t('displays.displays.switched'));
      onClose();
    }
  };

  return (
    <Modal
      open
      title={t('displays.switchDialog.title', { name: display.name })}
      okText={t('displays.switchDialog.submit')}
      cancelText={t('displays.actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: displays.pending.has(display.id), 'data-testid': 'switch-board-ok' }}
      data-testid="switch-board-dialog"
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('displays.switchDialog.board')}>
          <Select value={choice} onChange={setChoice} options={options} data-testid="switch-board-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
});
