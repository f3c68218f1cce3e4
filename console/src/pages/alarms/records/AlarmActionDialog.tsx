import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmRecordAction } from '@shared/api/alarmsApi';

const NOTE_MAX = 500;

interface AlarmActionDialogProps {
  action: AlarmRecordAction;
  /** What is acted on, e.g. "M011 Line 1 press" or "3 alarms". */
  subject: string;
  onClose(): void;
  /** Sends the action; resolves true when the server answered (changed or skipped). */
  onConfirm(note: string): Promise<boolean>;
}

/** Acknowledge or process with a note (what was found, what was done): the note goes in the logbook. */
export function AlarmActionDialog({ action, subject, onClose, onConfirm }: AlarmActionDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    if (saving) return;
    setSaving(true);
    const done = await onConfirm(note);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      centered
      mask={{ closable: false }}
      title={t(`alarms.dialog.${action}Title`)}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t(`alarms.actions.${action}`)}
      cancelText={t('alarms.actions.cancel')}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'alarm-action-ok' }}
    >
      <Typography.Paragraph data-testid="alarm-action-subject">{subject}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('alarms.dialog.note')}>
          <Input.TextArea
            rows={3}
            maxLength={NOTE_MAX}
            showCount
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t(`alarms.dialog.${action}Placeholder`)}
            data-testid="alarm-action-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
