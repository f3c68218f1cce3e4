import { useEffect, useMemo, useState } from 'react';
import type { ImportKind } from '@shared/powerImports/constants';
import { PagedQuery } from '../../lists/PagedQuery';
import { useStores } from '../../stores/StoreContext';
import { createImportsApi, serverTimeZone } from './importsApi';
import { ImportWizardController } from './ImportWizardController';

/** The browser's zone: what a file's zone starts as until the server says its TIME_ZONE. */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** One import screen's state: its api, the wizard, the history list and the server's zone. */
export function useImportScreen(kind: ImportKind) {
  const root = useStores();
  const api = useMemo(() => createImportsApi(root.http, kind), [root.http, kind]);
  const [timeZone, setTimeZone] = useState(browserZone);
  const [history] = useState(
    () =>
      new PagedQuery<object, Awaited<ReturnType<typeof api.batch>>>(async (query) => {
        const page = await api.batches(query);
        return { rows: page.items, total: page.total };
      }, {}),
  );
  const [wizard] = useState(() => new ImportWizardController(api, browserZone(), () => void history.load()));
  useEffect(() => {
    void history.load();
    let live = true;
    void serverTimeZone(root.http).then(
      (zone) => {
        if (!live) return;
        setTimeZone(zone);
        wizard.setDefaultTimeZone(zone);
      },
      () => undefined,
    );
    return () => {
      live = false;
      wizard.stop();
    };
  }, [history, wizard, root.http]);
  return { api, wizard, history, timeZone };
}
