import { useEffect, useRef, useState } from 'react';

export interface EnergyQueryState<T> {
  data: T | undefined;
  loading: boolean;
  /** The last request failed (the api hook already showed its message). */
  failed: boolean;
}

/**
 * Runs `load` whenever `key` changes (null: nothing to ask, e.g. an invalid range) and keeps the last
 * answer. An answer to an older key is dropped, so quick changes of the toolbar never show stale figures.
 */
export function useEnergyQuery<T>(key: string | null, load: () => Promise<T>): EnergyQueryState<T> {
  const [state, setState] = useState<EnergyQueryState<T>>({ data: undefined, loading: key !== null, failed: false });
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, loading: false, failed: false });
      return undefined;
    }
    let current = true;
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    latest
      .current()
      .then((data) => current && setState({ data, loading: false, failed: false }))
      .catch(() => current && setState({ data: undefined, loading: false, failed: true }));
    return () => {
      current = false;
    };
  }, [key]);

  return state;
}
