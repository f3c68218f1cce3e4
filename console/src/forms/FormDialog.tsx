import type { ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../feedback/notify';
import { showServerErrors } from './contractRules';

interface FormDialogProps<F> {
  form: FormInstance<F>;
  title: string;
  okText: string;
  cancelText: string;
  /** Widest the dialog gets (px); it shrinks to 92 % of a narrow window. */
  maxWidth: number;
  /** The dialog's test id; the confirm button gets `<testId>-ok`. */
  testId: string;
  saving: boolean;
  /** Saves the validated fields and returns the success notification's text; a throw keeps the dialog open. */
  submit(fields: F): Promise<string>;
  onClose(): void;
  children: ReactNode;
}

/**
 * The create/update dialog of a settings screen: confirm validates the form (its rules fire on blur as
 * well), saves, notifies for 2 s and closes; a refused save puts the server's issues under their fields.
 * Confirm is disabled while saving.
 */
export function FormDialog<F>({ form, title, okText, cancelText, maxWidth, testId, saving, submit, onClose, children }: FormDialogProps<F>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    try {
      notify.success(await submit(fields));
      onClose();
    } catch (error) {
      showServerErrors(t, form, error);
    }
  };
  return (
    <Modal
      open
      centered
      width={`min(${maxWidth}px, 92vw)`}
      mask={{ closable: false }}
      title={title}
      okText={okText}
      cancelText={cancelText}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': `${testId}-ok` }}
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}
