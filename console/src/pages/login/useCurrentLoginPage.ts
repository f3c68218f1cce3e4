import { useEffect, useState } from 'react';
import { fetchCurrentLoginPage } from '@shared/api/loginPagesApi';
import type { CurrentLoginPage } from '@shared/schemas/loginPages';
import { useStores } from '../../stores/StoreContext';

/** The login-page entry for this host (/settings/loginPageSet); null until it arrives, or when there is none. */
export function useCurrentLoginPage(): CurrentLoginPage {
  const root = useStores();
  const [current, setCurrent] = useState<CurrentLoginPage>(null);
  useEffect(() => {
    let live = true;
    void fetchCurrentLoginPage(root.http).then((page) => live && setCurrent(page));
    return () => {
      live = false;
    };
  }, [root.http]);
  return current;
}
