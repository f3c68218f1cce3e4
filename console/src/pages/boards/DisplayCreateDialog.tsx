import { Form, Input, Modal, Radio, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardsController } from './BoardsController';
import type { DisplayDraft, DisplaysController } from './DisplaysController';
import { namePath, type FieldErrors } from './fieldErrors';
import type { PlaylistsController } from './PlaylistsController';

interface DisplayCreateDialogProps {
  displays: DisplaysController;
  boards: BoardsController;
  playlists: PlaylistsController;
  /** Boards already chosen (the boards tab's "New display for this board"). */
  initialBoardIds?: readonly number[];
  onClose(): void;
}

const NEW_DISPLAY: DisplayDraft = { name: '', scopeKind: 'boards', boardIds: [], playlistId: null };

/** Name the wall and say what it may show; the token comes back in the result dialog, once. */
export const DisplayCreateDialog = observer(function DisplayCreateDialog({
  displays,
  boards,
  playlists,
  initialBoardIds = [],
  onClose,
}: DisplayCreateDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DisplayDraft>();
  const scopeKind = Form.useWatch('scopeKind', form) ?? NEW_DISPLAY.scopeKind;
  // A board or playlist may have been added since the screen opened.
  useEffect(() => {
    void boards.load();
    void playlists.load();
  }, [boards, playlists]);

  const showErrors = (errors: FieldErrors) =>
    form.setFields(Object.entries(errors).map(([field, message]) => ({ name: namePath(field) as never, errors: message ? [message] : [] })));
  const create = async () => {
    const result = await displays.create({ ...NEW_DISPLAY, ...form.getFieldsValue(true) });
    if (result.ok) onClose();
    else showErrors(result.errors);
  };

  return (
    <Modal
      open
      title={t('displays.createDialog.title')}
      okText={t('displays.createDialog.submit')}
      cancelText={t('displays.actions.cancel')}
      onOk={() => void create()}
      onCancel={onClose}
      mask={{ closable: false }}
      okButtonProps={{ loading: displays.busy, 'data-testid': 'display-create-ok' }}
      data-testid="display-create-dialog"
    >
      <Form<DisplayDraft>
        form={form}
        layout="vertical"
        initialValues={{ ...NEW_DISPLAY, boardIds: [...initialBoardIds] }}
        onValuesChange={(changed) => showErrors(Object.fromEntries(Object.keys(changed).map((field) => [field, undefined])))}
      >
        <Form.Item name="name" label={t('displays.displays.name')} required>
          <Input autoFocus maxLength={80} placeholder={t('displays.displays.namePlaceholder')} data-testid="display-name" />
        </Form.Item>
        <Form.Item name="scopeKind" label={t('displays.displays.scope')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'boards', label: t('displays.displays.scopeBoards') },
              { value: 'playlist', label: t('displays.displays.scopePlaylist') },
            ]}
            data-testid="display-scope-kind"
          />
        </Form.Item>
        {scopeKind === 'boards' ? (
          <Form.Item name="boardIds" label={t('displays.displays.chooseBoards')} required>
            <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={boards.options} data-testid="display-boards" />
          </Form.Item>
        ) : (
          <Form.Item name="playlistId" label={t('displays.displays.choosePlaylist')} required>
            <Select showSearch={{ optionFilterProp: 'label' }} options={playlists.options} data-testid="display-playlist" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
});
