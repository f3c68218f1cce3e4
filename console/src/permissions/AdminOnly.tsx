import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../stores/StoreContext';

/**
 * Children for administrators only: for settings every user tree shares (the menu tree, login pages),
 * which the server lets only administrators change whatever buttons others hold.
 */
export const AdminOnly = observer(function AdminOnly({ children }: { children: ReactNode }) {
  const { session } = useStores();
  return <>{session.isAdmin ? children : null}</>;
});
