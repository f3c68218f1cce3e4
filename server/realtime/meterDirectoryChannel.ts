import type { Kysely } from 'kysely';
import { METER_DIRECTORY_CHANNEL, type MeterDirectoryData, type MeterDirectoryEntry } from '@shared/board/channels';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from './channelProvider';
import { ownerIds, ownerScopeOfUser } from '../tenancy/ownerScope';

/** The meter screens (as meter:<id>:latest); admins pass. */
const METER_SCREENS = ['/base/meterData', '/base/device'];
/** Meters and departments change by hand, rarely: a wall catches up within 5 minutes. */
export const METER_DIRECTORY_REFRESH_MS = 5 * 60_000;

async function maySeeMeters(auth: AuthContext): Promise<boolean> {
  if (auth.isAdmin) return true;
  const paths = await auth.permittedPaths();
  return METER_SCREENS.some((path) => paths.has(path));
}

/**
 * Every meter of a tree (`owners`; null: every tree) with its department path ("Main Plant / Production
 * Hall A / Line 1") and top-level department.
 */
export async function readMeterDirectory(db: Kysely<Database>, now: number, owners: number[] | null = null): Promise<MeterDirectoryData> {
  const within = owners === null ? null : owners.length ? owners : [-1];
  let departmentQuery = db.selectFrom('departments').select(['id', 'name', 'parent_id']);
  if (within) departmentQuery = departmentQuery.where('owner_user_id', 'in', within);
  const departments = await departmentQuery.execute();
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
  let meterQuery = db.selectFrom('meters').select(['id', 'code', 'name', 'energy_type', 'department_id', 'online']);
  if (within) meterQuery = meterQuery.where('owner_user_id', 'in', within);
  const meters = await meterQuery.orderBy('id').execute();
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
 * `meters:directory`: the meters of the caller's tree, one room per user (scopedRoom; administrators
 * share one with every meter). Active rooms re-read every 5 minutes and publish when something changed.
 */
export function meterDirectoryChannel(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
  refreshMs = METER_DIRECTORY_REFRESH_MS,
  now: () => number = Date.now,
): ChannelProvider {
  /** Per room: what was last sent, and whose tree it shows. */
  const sent = new Map<string, string>();
  const roomUser = new Map<string, number | null>();
  let running = false;
  const read = async (room: string) => {
    const userId = roomUser.get(room) ?? null;
    return readMeterDirectory(db, now(), userId === null ? null : ownerIds(await ownerScopeOfUser(db, userId)));
  };
  const provider: ChannelProvider = {
    name: METER_DIRECTORY_CHANNEL,
    matches: (channel) => channel === METER_DIRECTORY_CHANNEL,
    async join({ channel, auth }) {
      if (!(await maySeeMeters(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const scoped = scopedRoom(channel, auth);
      roomUser.set(scoped.room, scoped.scope.userId);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      const directory = await read(room);
      if (!sent.has(room)) sent.set(room, contentKey(directory));
      return { messages: [directory] };
    },
    start(publisher: ChannelPublisher) {
      const timer = setInterval(() => {
        const rooms = publisher.activeRooms(provider).map((active) => active.room);
        if (running || rooms.length === 0) return;
        running = true;
        Promise.all(
          rooms.map(async (room) => {
            const directory = await read(room);
            const key = contentKey(directory);
            if (key === sent.get(room)) return;
            sent.set(room, key);
            publisher.publish(room, METER_DIRECTORY_CHANNEL, directory);
          }),
        )
          .catch(onError)
          .finally(() => (running = false));
      }, refreshMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    released: (room) => {
      sent.delete(room);
      roomUser.delete(room);
    },
  };
  return provider;
}
