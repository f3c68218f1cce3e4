import { useEffect, useState } from 'react';
import { fetchOptions } from '@shared/resources/resourceApi';
import { useStores } from '../../stores/StoreContext';

/** The meters as select options (GET /meters/options), asked once when `wanted` first turns true. */
export function useMeterOptions(wanted: boolean): { value: number; label: string }[] {
  const { http } = useStores();
  const [options, setOptions] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    if (!wanted || options !== null) return undefined;
    let live = true;
    setOptions([]);
    fetchOptions(http, 'meters').then(
      (meters) => live && setOptions(meters.map((meter) => ({ value: meter.id, label: meter.name }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, options, http]);
  return options ?? [];
}
