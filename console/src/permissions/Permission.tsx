import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../stores/StoreContext';

interface PermissionProps {
  /** The screen's route path, e.g. '/settings/roles'. */
  menu: string;
  /** The button name: the granted entry's full path is `<menu>/<button>` (spec §6). */
  button: string;
  children: ReactNode;
  /** What shows instead (nothing by default). */
  fallback?: ReactNode;
}

/**
 * Spec §6 permission component: its children show only for an admin or when the user's menu entries
 * hold `<menu>/<button>`. Hiding is a courtesy; the server refuses the call anyway.
 */
export const Permission = observer(function Permission({ menu, button, children, fallback = null }: PermissionProps) {
  const { permission } = useStores();
  return <>{permission.hasButton(menu, button) ? children : fallback}</>;
});

/** The helper form, for props and columns rather than elements: `can('edit')`. */
export function usePermission(menu: string): (button: string) => boolean {
  const { permission } = useStores();
  return (button) => permission.hasButton(menu, button);
}
