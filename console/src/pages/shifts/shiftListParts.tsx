import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIFT_SCREEN } from '@shared/schemas/shifts';
import { useNotify } from '../../feedback/notify';
import { RowActions } from '../../lists/RowActions';

/** The write buttons of the templates and teams: `/devices/shift/add|edit|delete`. */
export const shiftGate = { menu: SHIFT_SCREEN };

/** Edit and delete (with its confirm) of a template or team row; test ids `shift-<what>-edit|delete-<id>`. */
export function editDeleteColumn<R extends { id: number; name: string }>(
  t: TFunction,
  what: 'template' | 'team',
  onEdit: (row: R) => void,
  onDelete: (row: R) => void,
): TableColumnsType<R>[number] {
  return {
    key: 'actions',
    title: t('shifts.common.actions'),
    render: (_, row) => (
      <RowActions
        gate={shiftGate}
        actions={[
          { button: 'edit', label: t('shifts.common.edit'), testId: `shift-${what}-edit-${row.id}`, onClick: () => onEdit(row) },
          {
            button: 'delete',
            label: t('shifts.common.delete'),
            danger: true,
            confirm: t(`shifts.${what}s.deleteConfirm`, { name: row.name }),
            testId: `shift-${what}-delete-${row.id}`,
            onClick: () => onDelete(row),
          },
        ]}
      />
    ),
  };
}

/** A dialog's save: busy while the call runs, "Saved" and `onSaved` after it; a refusal leaves the dialog open (the toast said why). */
export function useDialogSave(onSaved: () => void): { busy: boolean; save(call: () => Promise<unknown>): Promise<void> } {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const save = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      notify.success(t('shifts.common.saved'));
      onSaved();
    } catch {
      // the client's error toast said why
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
