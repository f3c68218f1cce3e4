import { useEffect, useState } from 'react';
import { createEnergyApi } from '@shared/api/energyApi';
import { useStores } from '../../../stores/StoreContext';
import { metricsFor } from '../../meterData/meterMetrics';

/** Screens allowed to read a meter's latest values (server/modules/energy/routes.ts). */
const LATEST_READERS = ['/base/meterData', '/base/device'];

/**
 * The metrics a meter offers (its energy type's, plus what it reported), read from its latest values
 * when the role may; undefined while unknown, and the dialog then offers every metric.
 */
export function useMeterMetrics(meterId: number | undefined): readonly string[] | undefined {
  const root = useStores();
  const [metrics, setMetrics] = useState<{ meterId: number; codes: string[] } | undefined>();
  const allowed = LATEST_READERS.some((path) => root.permission.hasRoute(path));
  useEffect(() => {
    if (meterId === undefined || !allowed) return undefined;
    let current = true;
    createEnergyApi(root.http)
      .latest(meterId)
      .then(
        (latest) =>
          current &&
          setMetrics({
            meterId,
            codes: metricsFor(
              latest.meter.energyType,
              latest.values.map((value) => value.code),
            ),
          }),
      )
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [meterId, allowed, root.http]);
  return metrics && metrics.meterId === meterId ? metrics.codes : undefined;
}
