import type { Kysely } from 'kysely';
import { METER_DIRECTORY_CHANNEL, type MeterDirectoryData, type MeterDirectoryEntry } from '@shared/board/channels';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { ChannelRefusal, type ChannelProvider, type ChannelPublisher } from './channelProvider';

/** The meter screens (as meter:<id>:latest); admins pass. */
const METER_SCREENS = ['/base/meterData', '/base/device'];
/** Meters and departments change by hand, rarely: a wall catches up within 5 minutes. */
export const METER_DIRECTORY_REFRESH_MS = 5 * 60_000;

async function maySeeMeters(auth: AuthContext): Promise<boolean> {
  if (auth.isAdmin) return true;
  const paths = await auth.permittedPaths();
  return METER_SCREENS.some((path) => paths.has(path));
}

/** Every meter with its department path ("Main Plant / Production Hall A / Line 1") and top-level department. */
export async function readMeterDirectory(db: Kysely<Database>, now: number): Promise<MeterDirectoryData> {
  const departments = await db.selectFrom('departments').select(['id', 'name', 'parent_id']).execute();
  const byId = new Map(departments.map((d) => [d.id, d]));
  /** Root first; stops at a cycle or a missing parent rather than looping. */
  const lineage = (id: number): { name: string; id: number }[] => {
    const chain: { name: string; id: number }[] = [];
    const seen = new Set<number>();
    for (let node = byId.get(id); node && !seen.has(node.id); node = node.parent_id === null ? undefined : byId.get(node.parent_id)) {
      seen.add(node.id);
      chain.unshift({ name: node.name, id: node.id });
    }
    return chain;
  };
  const meters = await db.selectFrom('meters').select(['id', 'code', 'name', 'energy_type', 'department_id', 'online']).orderBy('id').execute();
  const entries: MeterDirectoryEntry[] = meters.map((meter) => {
    const chain = meter.department_id === null ? [] : lineage(meter.department_id);
    return {
      id: meter.id,
      code: meter.code,
      name: meter.name,
      energyType: meter.energy_type,
      departmentId: meter.department_id,
      departmentPath: chain.map((d) => d.name).join(' / '),
      topDepartmentId: chain[0]?.id ?? null,
      online: Number(meter.online) === 1,
    };
  });
  return { meters: entries, computedAt: now };
}

const contentKey = ({ meters }: MeterDirectoryData): string => JSON.stringify(meters);

/**
 * `meters:directory`: the meters the caller may see. Today whoever has a meter screen sees every meter,
 * so there is one room (issue 7 scopes meters by the user's tree: the room becomes scopedRoom() then).
 * Active rooms re-read every 5 minutes and publish when something changed.
 */
export function meterDirectoryChannel(db: Kysely<Database>, onError: (error: unknown) => void, refreshMs = METER_DIRECTORY_REFRESH_MS, now: () => number = Date.now): ChannelProvider {
  let sent: string | null = null;
  let running = false;
  const provider: ChannelProvider = {
    name: METER_DIRECTORY_CHANNEL,
    matches: (channel) => channel === METER_DIRECTORY_CHANNEL,
    async join({ channel, auth }) {
      if (!(await maySeeMeters(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      return { room: channel, scope: { userId: null } };
    },
    async snapshot() {
      const directory = await readMeterDirectory(db, now());
      sent ??= contentKey(directory);
      return { messages: [directory] };
    },
    start(publisher: ChannelPublisher) {
      const timer = setInterval(() => {
        if (running || !publisher.hasRoom(METER_DIRECTORY_CHANNEL)) return;
        running = true;
        readMeterDirectory(db, now())
          .then((directory) => {
            const key = contentKey(directory);
            if (key === sent) return;
            sent = key;
            publisher.publish(METER_DIRECTORY_CHANNEL, METER_DIRECTORY_CHANNEL, directory);
          }, onError)
          .finally(() => (running = false));
      }, refreshMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    released: () => {
      sent = null;
    },
  };
  return provider;
}
