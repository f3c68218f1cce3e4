import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import { meterLatestChannel } from '@shared/schemas/alarms';
import { useChannel } from '../runtime/channelReader';

export type LatestByMeter = ReadonlyMap<number, MeterLatestValues | undefined>;

interface MeterReadingsProps {
  /** Mount it with key = the id list: it calls one useChannel per meter, so its hook count must not change. */
  meterIds: readonly number[];
  onReadings(latest: LatestByMeter): void;
}

/**
 * Reads `meter:<id>:latest` of every meter in the scene (watched by the parent) and hands the newest
 * values up once per delta batch. Renders nothing: the scene updates its instances, not React.
 */
function MeterReadingsView({ meterIds, onReadings }: MeterReadingsProps) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- one read per meter: the parent remounts this with key = the id list, so the count never changes
  const values = meterIds.map((id) => useChannel<MeterLatestValues>(meterLatestChannel(id))?.value);
  const previous = useRef<readonly (MeterLatestValues | undefined)[]>([]);
  useEffect(() => {
    if (values.length === previous.current.length && values.every((value, index) => value === previous.current[index])) return;
    previous.current = values;
    onReadings(new Map(meterIds.map((id, index) => [id, values[index]])));
  });
  return null;
}

export const MeterReadings = observer(MeterReadingsView);
