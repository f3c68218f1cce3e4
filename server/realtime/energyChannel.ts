import type { Kysely } from 'kysely';
import { MAX_ROLLUP_RANGE_MS } from '@shared/schemas';
import { ENERGY_TYPES } from '@shared/resources';
import { ENERGY_COALESCE_MS, parseEnergyChannel, type Computed, type EnergyChannelQuery } from '@shared/board/channels';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/authService';
import type { EnergyAnalysis } from '../energy/energyAnalysis';
import { scopeNames } from '../energy/scopeNames';
import { energyWindow } from '../modules/liveData/energyWindow';
import { Coalescer } from './coalescer';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from './channelProvider';
import { ownerIds, ownerScopeOfUser } from '../tenancy/ownerScope';
import { energyFlow } from './energyFlow';
import type { LatestValuesFeed } from './latestValuesFeed';

/** The screens that read rollups (as ANALYSIS in modules/energy/routes.ts); any one of them, or admin, may subscribe. */
export const ENERGY_ANALYSIS_SCREENS = [
  '/others/basic',
  '/others/electricEnergy',
  '/others/electricBalance',
  '/devices/departRecord',
  '/board/queryChart',
  '/settings/boardConfig',
];
/** Every active room recomputes this often without ingest, so windows roll over at hour and day boundaries. */
export const ENERGY_REFRESH_MS = 60_000;

export interface EnergyChannelDeps {
  db: Kysely<Database>;
  analysis: EnergyAnalysis;
  timeZone: string;
  feed: LatestValuesFeed;
  onError: (error: unknown) => void;
  now?: () => number;
  refreshMs?: number;
}

type Payload = Computed & object;

/** Per room: the computation under way (at most one), whether another was asked for meanwhile, and what was last sent. */
interface RoomWork {
  running: Promise<Payload> | null;
  again: boolean;
  sent: string | null;
}

async function maySee(auth: AuthContext, query: EnergyChannelQuery): Promise<boolean> {
  // The home summary needs no role (GET /energy/summary is open to any signed-in user); the rest as the analysis screens.
  if (auth.isAdmin || query.kind === 'summary') return true;
  const paths = await auth.permittedPaths();
  return ENERGY_ANALYSIS_SCREENS.some((path) => paths.has(path));
}

/** A room is the channel name plus whose tree it shows (`#all` or `#user:<id>`, see scopedRoom). */
const channelOf = (room: string): string => room.split('#')[0]!;

/** What a payload says, without when it was computed: equal keys mean the walls already show it. */
const contentKey = ({ computedAt: _computedAt, ...rest }: Payload): string => JSON.stringify(rest);

/**
 * `energy:*` (shared/board/channels.ts): series, rankings, the site flow and the home summary, over a
 * window that ends now. Rooms are per user tree (scopedRoom): a user's figures cover the meters,
 * departments and sub-items of its tree, an administrator's the whole site. After each ingest
 * batch every active room is marked dirty and recomputes at most once per ENERGY_COALESCE_MS; a
 * recompute that changes nothing but computedAt is not sent.
 */
export function energyChannels({ db, analysis, timeZone, feed, onError, now = Date.now, refreshMs = ENERGY_REFRESH_MS }: EnergyChannelDeps): ChannelProvider {
  const work = new Map<string, RoomWork>();
  /** Whose tree each room shows (null: every tree). */
  const roomUser = new Map<string, number | null>();
  let coalescer: Coalescer | undefined;
  const ownersOf = async (userId: number | null) => (userId === null ? null : ownerIds(await ownerScopeOfUser(db, userId)));

  const compute = async (query: EnergyChannelQuery, userId: number | null): Promise<Payload> => {
    const computedAt = now();
    const owners = await ownersOf(userId);
    if (query.kind === 'summary') return { ...(await analysis.summary(owners, computedAt)), computedAt };
    const window = { energyType: query.energyType, grain: query.grain, owners, ...energyWindow(query.grain, query.periods, computedAt, timeZone) };
    if (query.kind === 'series') return { ...(await analysis.rollups({ ...window, scope: query.scope, ids: query.ids })), computedAt };
    if (query.kind === 'ranking')
      return { ...(await analysis.ranking({ ...window, scope: query.scope, parentId: query.parentId, limit: query.limit })), computedAt };
    return { ...(await energyFlow(db, analysis, window)), computedAt };
  };

  const roomWork = (room: string): RoomWork => {
    let state = work.get(room);
    if (!state) work.set(room, (state = { running: null, again: false, sent: null }));
    return state;
  };

  /** The room's payload: joins the computation under way rather than starting a second one. */
  const run = (room: string): Promise<Payload> => {
    const state = roomWork(room);
    if (state.running) return state.running;
    const running = compute(parseEnergyChannel(channelOf(room))!, roomUser.get(room) ?? null).finally(() => {
      state.running = null;
      if (state.again) {
        state.again = false;
        coalescer?.touch(room);
      }
    });
    state.running = running;
    return running;
  };

  const provider: ChannelProvider = {
    name: 'energy:*',
    matches: (channel) => parseEnergyChannel(channel) !== null,
    async join({ channel, auth }) {
      const query = parseEnergyChannel(channel)!;
      if (!(await maySee(auth, query))) throw new ChannelRefusal(`You may not see ${channel}`);
      const scoped = scopedRoom(channel, auth);
      const owners = await ownersOf(scoped.scope.userId);
      roomUser.set(scoped.room, scoped.scope.userId);
      if (query.kind === 'summary') return scoped;
      if (!(ENERGY_TYPES as readonly string[]).includes(query.energyType)) throw new ChannelRefusal(`Unknown energy type "${query.energyType}"`);
      const { from, to } = energyWindow(query.grain, query.periods, now(), timeZone);
      const maxDays = MAX_ROLLUP_RANGE_MS[query.grain] / 86_400_000;
      if (to - from > MAX_ROLLUP_RANGE_MS[query.grain])
        throw new ChannelRefusal(`${query.periods} ${query.grain}s is longer than ${query.grain} queries may cover (${maxDays} days)`);
      if (query.kind === 'series') {
        // Another tree's ids are refused as ids that do not exist.
        const names = await scopeNames(db, query.scope, query.ids, owners);
        const missing = query.ids.filter((id) => !names.has(id));
        if (missing.length) throw new ChannelRefusal(`No ${query.scope === 'subitem' ? 'sub-item' : query.scope} with id ${missing.join(', ')}`);
      }
      if (query.kind === 'ranking' && query.parentId !== undefined) {
        if (query.scope === 'subitem') throw new ChannelRefusal('A sub-item ranking has no parent: use energy:ranking:subitem:top:…');
        let lookup = db.selectFrom('departments').select('id').where('id', '=', query.parentId);
        if (owners) lookup = lookup.where('owner_user_id', 'in', owners.length ? owners : [-1]);
        const parent = await lookup.executeTakeFirst();
        if (!parent) throw new ChannelRefusal(`No department with id ${query.parentId}`);
      }
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      const payload = await run(room);
      // The first member's snapshot is what the room shows; later members leave the room's record alone.
      const state = work.get(room);
      if (state && state.sent === null) state.sent = contentKey(payload);
      return { messages: [payload] };
    },
    start(publisher: ChannelPublisher) {
      const recompute = (room: string) => {
        if (!publisher.hasRoom(room)) return void work.delete(room);
        const state = roomWork(room);
        if (state.running) return void (state.again = true);
        run(room).then((payload) => {
          const key = contentKey(payload);
          if (key === state.sent || !publisher.hasRoom(room)) return;
          state.sent = key;
          publisher.publish(room, channelOf(room), payload);
        }, onError);
      };
      const rooms = new Coalescer(ENERGY_COALESCE_MS, recompute);
      coalescer = rooms;
      const touchAll = () => {
        for (const { room } of publisher.activeRooms(provider)) rooms.touch(room);
      };
      const stopListening = feed.listen(touchAll);
      const timer = setInterval(touchAll, refreshMs);
      timer.unref();
      return () => {
        stopListening();
        clearInterval(timer);
        rooms.close();
        coalescer = undefined;
      };
    },
    released(room) {
      coalescer?.forget(room);
      work.delete(room);
      roomUser.delete(room);
    },
  };
  return provider;
}
