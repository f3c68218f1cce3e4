import { useState } from 'react';
import type { AccountUpdate } from '@shared/schemas/account';
import { useStores } from '../../stores/StoreContext';

/**
 * Saves the own account (PUT /api/users/info), then reloads the session's user fields from the
 * server. Resolves true on success; a failed call was already shown by the api error toast.
 */
export function useAccountSave() {
  const { accountApi, session } = useStores();
  const [saving, setSaving] = useState(false);

  const save = async (fields: AccountUpdate): Promise<boolean> => {
    setSaving(true);
    try {
      await accountApi.updateAccount(fields);
      await session.getInfo();
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}
