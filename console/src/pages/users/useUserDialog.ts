import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserOption, UsersApi } from '@shared/api/usersApi';
import type { UserRow } from '@shared/schemas/userAdmin';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { saveProblem, type FieldProblem } from './saveProblem';
import { toCreateBody, toUpdateBody, type SaverRights, type UserFormValues } from './userFormValues';

/** The choices of the dialog's selects. */
export interface DialogOptions {
  roles: UserOption[];
  displayAreas: UserOption[];
  boards: UserOption[];
}

const NO_OPTIONS: DialogOptions = { roles: [], displayAreas: [], boards: [] };
const orEmpty = <T>(request: Promise<T[]>): Promise<T[]> => request.catch(() => []);

/** The edited user's own roles stay selectable (and named) even when they are outside the offered list. */
function withOwnRoles(offered: UserOption[], row?: UserRow): UserOption[] {
  const extra = (row?.roles ?? []).filter((role) => !offered.some((option) => option._id === role._id));
  return [...offered, ...extra];
}

/**
 * State and calls of the create/update dialog: who may do what (spec §6), the select choices, and the
 * save with its notifications (2 s) and field messages. Resolves with the field problems of a refusal.
 */
export function useUserDialog(api: UsersApi, row: UserRow | undefined, onSaved: () => void) {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const rights: SaverRights = { assignsRoles: root.session.info?.type === 0, renames: root.session.isAdmin, setsAccountType: root.session.isAdmin };
  const userId = root.session.userId;
  const [options, setOptions] = useState<DialogOptions>(NO_OPTIONS);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    const roles = rights.assignsRoles && userId !== null ? orEmpty(api.assignableRoles(userId, rights.renames)) : Promise.resolve([]);
    void Promise.all([roles, orEmpty(api.displayAreaOptions()), orEmpty(api.boardOptions())]).then(([offered, displayAreas, boards]) => {
      if (live)
        setOptions({
          roles: withOwnRoles(
            offered.map(({ _id, name }) => ({ _id, name })),
            row,
          ),
          displayAreas,
          boards,
        });
    });
    return () => {
      live = false;
    };
  }, [api, rights.assignsRoles, rights.renames, userId, row]);

  const save = async (values: UserFormValues): Promise<FieldProblem[]> => {
    setSaving(true);
    try {
      if (row) await api.update(row._id, toUpdateBody(values, rights));
      else await api.create(toCreateBody(values, rights));
      notify.success(t(row ? 'users.notify.updated' : 'users.notify.created'));
      onSaved();
      return [];
    } catch (error) {
      const problem = saveProblem(t, error);
      notify.error(t(row ? 'users.notify.updateFailed' : 'users.notify.createFailed'), problem.message);
      return problem.fields;
    } finally {
      setSaving(false);
    }
  };

  return { creating: !row, rights, options, saving, save, lookup: api.check };
}
