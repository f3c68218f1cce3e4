import { useEffect, useRef, useState } from 'react';
import type { AxiosInstance } from 'axios';
import { envelopeData } from '@shared/api';
import { fetchOptions, type ResourceOption } from '@shared/resources';
import { useStores } from '../../../../stores/StoreContext';
import type { ResourceList, ResourceLists } from './resourceChoices';

/** Report definitions have no /options list: the first 200 of the caller's (newest first) stand in for it. */
async function optionsOf(http: AxiosInstance, list: ResourceList): Promise<ResourceOption[]> {
  if (list !== 'report-definitions') return fetchOptions(http, list);
  const page = await envelopeData<{ rows: { id: number; name: string }[] }>(http.get('/report-definitions', { params: { page: 1, size: 200 } }));
  return page.rows.map((row) => ({ id: row.id, name: row.name }));
}

/**
 * The resource lists a picker needs, each asked once per mount of the component that calls this (a
 * re-render, or another field asking for the same list, reuses the answer). A failed list stays empty:
 * the api hook has already shown the message.
 */
export function useResourceChoices(lists: readonly ResourceList[]): { lists: ResourceLists; loading: boolean } {
  const { http } = useStores();
  const requests = useRef(new Map<ResourceList, Promise<ResourceOption[]>>());
  const [loaded, setLoaded] = useState<ResourceLists>({});
  const key = [...new Set(lists)].sort().join(',');

  useEffect(() => {
    let mounted = true;
    for (const list of key ? (key.split(',') as ResourceList[]) : []) {
      let request = requests.current.get(list);
      if (!request) {
        request = optionsOf(http, list).catch((): ResourceOption[] => []);
        requests.current.set(list, request);
      }
      void request.then((options) => {
        if (mounted) setLoaded((current) => (current[list] === options ? current : { ...current, [list]: options }));
      });
    }
    return () => {
      mounted = false;
    };
  }, [http, key]);

  return { lists: loaded, loading: lists.some((list) => loaded[list] === undefined) };
}
