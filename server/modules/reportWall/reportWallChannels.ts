import { parseReportWallChannel, presetOf, WALL_MAX_CELLS, type ReportWallData, type ReportWallQuery } from '@boards/widgets/report-table/channel';
import { resolvePeriod } from '@shared/reports/periods';
import { reportSpecSchema } from '@shared/reports/spec';
import { ErrorCode } from '@shared/errors';
import type { AuthContext } from '../../auth/authService';
import type { Storage } from '../../db/connect';
import { AppError } from '../../http/appError';
import { ChannelRefusal, scopedRoom, type ChannelProvider, type ChannelPublisher } from '../../realtime/channelProvider';
import { buildReportTable } from '../../reports/engine/buildReportTable';
import { reportContextOf } from '../../reports/engine/contextOf';
import { inScope, ownerIds, ownerScopeOfUser, ownerTreeOf, type OwnerScope } from '../../tenancy/ownerScope';

/** How often the rooms are looked at for one whose refresh minutes have passed. */
export const REPORT_WALL_TICK_MS = 15_000;
/** Walls of one tree asking for the same channel within this long share one computation. */
const SHARED_FOR_MS = 20_000;

export interface ReportWallDeps {
  storage: Storage;
  timeZone: string;
  /** The screens whose holders (or an administrator, or a display of theirs) may read report tables. */
  screens: readonly string[];
  onError(error: unknown): void;
  now?: () => number;
  tickMs?: number;
}

interface DefinitionRow {
  id: number;
  owner_user_id: number;
  name: string;
  spec: string;
}

const channelOf = (room: string): string => room.split('#')[0]!;

/**
 * `report:<definition>:table:<period>:<minutes>` (boards/widgets/report-table/channel.ts): a definition's live table
 * for a wall, computed in the caller's tree (scopedRoom; a display reads as its owner) on joining and again every
 * `<minutes>` while the room has subscribers; rooms nobody watches cost nothing. A definition id of another tree is
 * refused as one that does not exist; a template reference finds the first definition of that template in the
 * caller's own tree (an administrator's: the tree it belongs to, not every tree's).
 */
export function reportWallChannels({ storage, timeZone, screens, onError, now = Date.now, tickMs = REPORT_WALL_TICK_MS }: ReportWallDeps): ChannelProvider {
  const { db } = storage;
  const roomUser = new Map<string, number>();
  const sentAt = new Map<string, number>();
  const shared = new Map<string, { at: number; answer: Promise<ReportWallData> }>();

  const maySee = async (auth: AuthContext): Promise<boolean> => {
    if (auth.isAdmin) return true;
    const paths = await auth.permittedPaths();
    return screens.some((path) => paths.has(path));
  };

  const definitionOf = async (query: ReportWallQuery, scope: OwnerScope): Promise<DefinitionRow | undefined> => {
    const select = db.selectFrom('report_definitions').select(['id', 'owner_user_id', 'name', 'spec']);
    if ('definitionId' in query.ref) {
      const row = await select.where('id', '=', query.ref.definitionId).executeTakeFirst();
      return row && inScope(scope, Number(row.owner_user_id)) ? row : undefined;
    }
    const tree = scope.all ? await ownerTreeOf(db, scope.home) : scope;
    return select
      .where('template', '=', query.ref.template)
      .where('owner_user_id', 'in', ownerIds(tree) ?? [-1])
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  };

  const compute = async (query: ReportWallQuery, scope: OwnerScope, at: number): Promise<ReportWallData> => {
    const definition = await definitionOf(query, scope);
    if (!definition) return { computedAt: at, definitionId: null, name: '', table: null, problem: 'missing' };
    const base = { computedAt: at, definitionId: Number(definition.id), name: definition.name };
    const spec = reportSpecSchema.parse(JSON.parse(definition.spec));
    const preset = presetOf(query.preset);
    const period = resolvePeriod(preset ? { preset } : spec.period, timeZone, at);
    try {
      const table = await buildReportTable(reportContextOf(storage, scope, timeZone), spec, period, { title: definition.name, now: at });
      // A table this large would flood every wall's socket and could never be read from across a room anyway.
      if (table.rows.length * Math.max(1, table.columns.length) > WALL_MAX_CELLS) return { ...base, table: null, problem: 'tooLarge' };
      return { ...base, table, problem: null };
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.REPORT_TOO_LARGE) return { ...base, table: null, problem: 'tooLarge' };
      throw error;
    }
  };

  /** The channel's answer for a user: computed once per tree and channel within SHARED_FOR_MS. */
  const answer = async (channel: string, userId: number): Promise<ReportWallData> => {
    const query = parseReportWallChannel(channel)!;
    const scope = await ownerScopeOfUser(db, userId);
    const at = now();
    const key = `${channel}|${scope.all ? 'all' : scope.home}`;
    const recent = shared.get(key);
    if (recent && at - recent.at < SHARED_FOR_MS) return recent.answer;
    for (const [old, entry] of shared) if (at - entry.at >= SHARED_FOR_MS) shared.delete(old);
    const fresh = compute(query, scope, at);
    shared.set(key, { at, answer: fresh });
    fresh.catch(() => shared.delete(key));
    return fresh;
  };

  // One room after another: a report can take a while, and two cores serve everything else too.
  const refreshDue = async (publisher: ChannelPublisher) => {
    for (const { room } of publisher.activeRooms(provider)) {
      const userId = roomUser.get(room);
      const query = parseReportWallChannel(channelOf(room));
      if (userId === undefined || !query) continue;
      if (now() - (sentAt.get(room) ?? 0) < query.refreshMinutes * 60_000) continue;
      const payload = await answer(channelOf(room), userId).catch((error: unknown) => {
        onError(error);
        return null;
      });
      sentAt.set(room, now());
      if (payload && publisher.hasRoom(room)) publisher.publish(room, channelOf(room), payload);
    }
  };

  let running: Promise<void> | null = null;
  const provider: ChannelProvider = {
    name: 'report:*:table:*',
    matches: (channel) => parseReportWallChannel(channel) !== null,
    async join({ channel, auth }) {
      if (!(await maySee(auth))) throw new ChannelRefusal(`You may not see ${channel}`);
      const query = parseReportWallChannel(channel)!;
      if ('definitionId' in query.ref && !(await definitionOf(query, await auth.ownerScope())))
        throw new ChannelRefusal(`No report definition with id ${query.ref.definitionId}`);
      const scoped = scopedRoom(channel, auth);
      if (!roomUser.has(scoped.room)) roomUser.set(scoped.room, auth.user.id);
      return scoped;
    },
    async snapshot({ channel, auth }) {
      const { room } = scopedRoom(channel, auth);
      const payload = await answer(channel, roomUser.get(room) ?? auth.user.id);
      sentAt.set(room, now());
      return { messages: [payload] };
    },
    start(publisher) {
      const timer = setInterval(() => {
        // One pass at a time: a slow pass skips a beat rather than piling up.
        running ??= refreshDue(publisher)
          .catch(onError)
          .finally(() => {
            running = null;
          });
      }, tickMs);
      timer.unref?.();
      return () => clearInterval(timer);
    },
    released(room) {
      roomUser.delete(room);
      sentAt.delete(room);
    },
  };
  return provider;
}
