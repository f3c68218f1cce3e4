import type { Kysely } from 'kysely';
import { ENERGY_TYPES } from '@shared/resources';
import { parseBandCostChannel } from '@boards/widgets/band-cost/channel';
import { parseCurrentBandChannel } from '@boards/widgets/current-band/channel';
import { parseShiftEnergyChannel } from '@boards/widgets/shift-energy/channel';
import type { AuthContext } from '../../auth/authService';
import type { Database } from '../../db/schema';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from '../../realtime/channelProvider';
import type { ShiftPricing } from '../../shifts/shiftEnergy';
import type { TariffBook } from '../../tariffs/tariffBook';
import { ownerIds, ownerScopeOfUser } from '../../tenancy/ownerScope';
import { bandCost, currentBand, departmentTariff, wallDepartment, type WallOwners } from './wallFigures';
import { SHIFT_ENERGY_TYPE, shiftDepartment, wallShiftEnergy } from './wallShiftEnergy';

/** Every active room is recomputed and sent once a minute, two seconds after the minute (band edges are on it). */
export const WALL_TARIFF_REFRESH_MS = 60_000;
const AFTER_MINUTE_MS = 2_000;

export interface WallTariffDeps {
  db: Kysely<Database>;
  timeZone: string;
  /** The screens whose holders (or an administrator, or a display of theirs) may read these figures. */
  screens: readonly string[];
  book(): Promise<TariffBook>;
  shiftPricing(): Promise<ShiftPricing | null>;
  onError(error: unknown): void;
  now?: () => number;
}

const channelOf = (room: string): string => room.split('#')[0]!;
const isWallTariffChannel = (channel: string): boolean =>
  parseBandCostChannel(channel) !== null || parseCurrentBandChannel(channel) !== null || parseShiftEnergyChannel(channel) !== null;

/**
 * `tariff:bands:*`, `tariff:band-now:*` and `shifts:energy:*` (boards/widgets/{band-cost,current-band,shift-energy}/channel.ts):
 * the wall's band costs, current band and shift energy, per user tree (scopedRoom; a display reads as its owner).
 * Each active room is recomputed every minute and sent (so the tile never greys while the server answers).
 */
export function wallTariffChannels({ db, timeZone, screens, book, shiftPricing, onError, now = Date.now }: WallTariffDeps): ChannelProvider {
  /** The user whose tree a room shows (any administrator for the shared `#all` room). */
  const roomUser = new Map<string, number>();

  const ownersOf = async (userId: number): Promise<WallOwners> => ownerIds(await ownerScopeOfUser(db, userId));

  const currencyOf = async (departmentId: number): Promise<string | null> => {
    const tariffId = await departmentTariff(db, departmentId, SHIFT_ENERGY_TYPE);
    if (tariffId === null) return null;
    return (await db.selectFrom('tariffs').select('currency').where('id', '=', tariffId).executeTakeFirst())?.currency ?? null;
  };

  const compute = async (channel: string, userId: number): Promise<object | null> => {
    const at = now();
    const owners = await ownersOf(userId);
    const bands = parseBandCostChannel(channel);
    if (bands) return bandCost(db, owners, bands, at, timeZone);
    const band = parseCurrentBandChannel(channel);
    if (band) return currentBand(db, await book(), owners, band, at, timeZone);
    const shifts = parseShiftEnergyChannel(channel);
    if (!shifts) return null;
    const department = await shiftDepartment(db, owners, shifts.departmentId);
    if (!department) return { computedAt: at, departmentId: null, departmentName: '', unit: 'kWh', currency: null, current: null, previous: [] };
    return wallShiftEnergy(db, await ownerScopeOfUser(db, userId), department, shifts, at, timeZone, await shiftPricing(), await currencyOf(department.id));
  };

  const maySee = async (auth: AuthContext): Promise<boolean> => {
    if (auth.isAdmin) return true;
    const paths = await auth.permittedPaths();
    return screens.some((path) => paths.has(path));
  };

  /** Refuses ids outside the caller's tree as ids that do not exist, and unknown energy types. */
  const check = async (channel: string, owners: WallOwners): Promise<void> => {
    const bands = parseBandCostChannel(channel);
    const band = parseCurrentBandChannel(channel);
    const shifts = parseShiftEnergyChannel(channel);
    const energyType = bands?.energyType ?? band?.energyType;
    if (energyType !== undefined && !(ENERGY_TYPES as readonly string[]).includes(energyType)) throw new ChannelRefusal(`Unknown energy type "${energyType}"`);
    if (bands?.scope === 'meter') {
      let lookup = db
        .selectFrom('meters')
        .select('id')
        .where('id', '=', bands.id ?? -1);
      if (owners) lookup = lookup.where('owner_user_id', 'in', owners.length ? [...owners] : [-1]);
      if (!(await lookup.executeTakeFirst())) throw new ChannelRefusal(`No meter with id ${bands.id}`);
    }
    const departmentId = bands?.scope === 'department' ? bands.id : (band?.departmentId ?? shifts?.departmentId ?? null);
    if (departmentId !== null && !(await wallDepartment(db, owners, departmentId))) throw new ChannelRefusal(`No department with id ${departmentId}`);
  };

  let running: Promise<void> | null = null;
  const refreshRooms = async (publisher: ChannelPublisher) => {
    await Promise.all(
      publisher.activeRooms(provider).map(async ({ room }) => {
        const userId = roomUser.get(room);
        if (userId === undefined) return;
        const payload = await compute(channelOf(room), userId).catch((error: unknown) => {
          onError(error);
          return null;
        });
        if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
      }),
    );
  };

  const provider: ChannelProvider = {
    name: 'tariff:* / shifts:energy:*',
    matches: isWallTariffChannel,
    async join({ channel, auth }) {
      if (!(await maySee(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const scoped = scopedRoom(channel, auth);
      await check(channel, scoped.scope.userId === null ? null : await ownersOf(auth.user.id));
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      const payload = await compute(channel, roomUser.get(room) ?? auth.user.id);
      return { messages: payload ? [payload] : [] };
    },
    start(publisher) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      const schedule = () => {
        if (stopped) return;
        const at = now();
        timer = setTimeout(tick, WALL_TARIFF_REFRESH_MS - (at % WALL_TARIFF_REFRESH_MS) + AFTER_MINUTE_MS);
        timer.unref?.();
      };
      const tick = () => {
        // One pass at a time: a slow pass delays the next rather than piling up.
        running ??= refreshRooms(publisher)
          .catch(onError)
          .finally(() => {
            running = null;
          });
        void running.then(schedule);
      };
      schedule();
      return () => {
        stopped = true;
        if (timer) clearTimeout(timer);
      };
    },
    released(room) {
      roomUser.delete(room);
    },
  };
  return provider;
}
