import { useResourceChoices } from './editor/binding/useResourceChoices';

/** The meters as select options (GET /meters/options), asked once when `wanted` first turns true. */
export function useMeterOptions(wanted: boolean): { value: number; label: string }[] {
  const { lists } = useResourceChoices(wanted ? ['meters'] : []);
  return (lists.meters ?? []).map((meter) => ({ value: meter.id, label: meter.name }));
}
