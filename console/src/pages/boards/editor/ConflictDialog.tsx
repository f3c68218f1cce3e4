import { Button, Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { EditorStore } from './EditorStore';

/** Someone saved since the board was loaded: who and when, then reload theirs or keep editing. */
export const ConflictDialog = observer(function ConflictDialog({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const conflict = store.conflict;
  return (
    <Modal
      open={conflict !== null}
      title={t('boardEditor.conflict.title')}
      onCancel={() => store.keepEditing()}
      footer={[
        <Button key="keep" onClick={() => store.keepEditing()} data-testid="editor-conflict-keep">
          {t('boardEditor.conflict.keepEditing')}
        </Button>,
        <Button key="reload" type="primary" danger onClick={() => void store.reload()} data-testid="editor-conflict-reload">
          {t('boardEditor.conflict.reload')}
        </Button>,
      ]}
      data-testid="editor-conflict"
    >
      {conflict && t('boardEditor.conflict.body', { user: conflict.updatedBy, revision: conflict.revision, at: formatDateTime(conflict.updatedAt) })}
    </Modal>
  );
});
