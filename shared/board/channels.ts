import type { EnergySummary, RankingResult, RollupGrain, RollupResult } from '../schemas/energy';

/**
 * Channel names the board widgets and the kiosk subscribe to (besides `meter:<id>:latest`,
 * `alarms:counts` and `alarms:new` from shared/schemas/alarms.ts). One builder and one parser per
 * family, so the server's provider and the widgets can never disagree on a name.
 */

// ---- energy figures, recomputed after ingest (coalesced, ENERGY_COALESCE_MS) ----
/** Energy channels recompute at most this often per room: rollups move every reading, walls need seconds. */
export const ENERGY_COALESCE_MS = 2000;

export type EnergyChannelQuery =
  /** Series per department, sub-item or meter over the last `periods` grains (like GET /energy/rollups). */
  | { kind: 'series'; scope: 'meter' | 'department' | 'subitem'; ids: number[]; energyType: string; grain: RollupGrain; periods: number }
  /** The ranking of departments (children of parentId, top level when absent) or sub-items (like GET /energy/ranking). */
  | { kind: 'ranking'; scope: 'department' | 'subitem'; parentId?: number; energyType: string; grain: RollupGrain; periods: number; limit: number }
  /** Site → top-level departments → their children, for the Sankey. */
  | { kind: 'flow'; energyType: string; grain: RollupGrain; periods: number }
  /** The home summary (GET /energy/summary). */
  | { kind: 'summary' };

const GRAINS: readonly string[] = ['hour', 'day', 'month'];
const WORD = /^[a-z][a-z0-9_-]{0,31}$/;
const positive = (text: string | undefined): number | undefined => (text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined);

/** `energy:series:department:3.4.5:electricity:hour:24`, `energy:ranking:subitem:top:electricity:day:30:10`, `energy:flow:electricity:day:1`, `energy:summary`. */
export function energyChannel(query: EnergyChannelQuery): string {
  switch (query.kind) {
    case 'series':
      return `energy:series:${query.scope}:${[...new Set(query.ids)].sort((a, b) => a - b).join('.')}:${query.energyType}:${query.grain}:${query.periods}`;
    case 'ranking':
      return `energy:ranking:${query.scope}:${query.parentId ?? 'top'}:${query.energyType}:${query.grain}:${query.periods}:${query.limit}`;
    case 'flow':
      return `energy:flow:${query.energyType}:${query.grain}:${query.periods}`;
    case 'summary':
      return 'energy:summary';
  }
}

/** The query of an energy channel name, or null when it is not one (or out of range: ≤ 50 ids, ≤ 400 periods, ≤ 50 rows). */
export function parseEnergyChannel(channel: string): EnergyChannelQuery | null {
  const parts = channel.split(':');
  if (parts[0] !== 'energy') return null;
  const [, kind, ...rest] = parts;
  if (kind === 'summary' && rest.length === 0) return { kind: 'summary' };
  if (kind === 'series' && rest.length === 5) {
    const [scope = '', idList = '', energyType = '', grain = '', periodText] = rest;
    const ids = idList.split('.').map(positive);
    const periods = positive(periodText);
    if (!['meter', 'department', 'subitem'].includes(scope) || !WORD.test(energyType) || !GRAINS.includes(grain) || !periods || periods > 400) return null;
    if (ids.length === 0 || ids.length > 50 || ids.some((id) => id === undefined)) return null;
    return { kind, scope: scope as 'meter', ids: ids as number[], energyType, grain: grain as RollupGrain, periods };
  }
  if (kind === 'ranking' && rest.length === 6) {
    const [scope = '', parent = '', energyType = '', grain = '', periodText, limitText] = rest;
    const parentId = parent === 'top' ? undefined : positive(parent);
    const periods = positive(periodText);
    const limit = positive(limitText);
    if (!['department', 'subitem'].includes(scope) || (parent !== 'top' && parentId === undefined)) return null;
    if (!WORD.test(energyType) || !GRAINS.includes(grain) || !periods || periods > 400 || !limit || limit > 50) return null;
    return { kind, scope: scope as 'department', ...(parentId === undefined ? {} : { parentId }), energyType, grain: grain as RollupGrain, periods, limit };
  }
  if (kind === 'flow' && rest.length === 3) {
    const [energyType = '', grain = '', periodText] = rest;
    const periods = positive(periodText);
    if (!WORD.test(energyType) || !GRAINS.includes(grain) || !periods || periods > 400) return null;
    return { kind, energyType, grain: grain as RollupGrain, periods };
  }
  return null;
}

/** Every energy payload says when it was computed, so a widget can show its age. */
export interface Computed {
  computedAt: number;
}
export type EnergySeriesData = RollupResult & Computed;
export type EnergyRankingData = RankingResult & Computed;
export type EnergySummaryData = EnergySummary & Computed;
export interface EnergyFlowData extends Computed {
  unit: string;
  /** Node names are unique (department names are made unique with their code when needed). */
  nodes: { name: string; depth: number }[];
  links: { source: string; target: string; value: number }[];
}

// ---- alarms ----
/**
 * `alarms:open`: the open alarm records (processingState 1 and 2), newest first (raisedAt, then id).
 * Served (server/realtime/openAlarmsChannel.ts): the snapshot is one array, the whole list of the user's
 * tree (at most MAX_OPEN_ALARMS), then each raised or changed record as one object. The app's AlarmStore
 * (shared/stores) keeps it (shared/realtime/alarmBinders `bindOpenAlarms`); widgets read it through the
 * TelemetryStore (boards/runtime), which answers this channel from that store.
 */
export const OPEN_ALARMS_CHANNEL = 'alarms:open';

// ---- boards and displays ----
/** `board:<id>`: the board's current revision (snapshot), then each save. A wall showing the board refetches it. */
export const boardChannel = (boardId: number): string => `board:${boardId}`;
export const BOARD_CHANNEL = /^board:([1-9]\d{0,9})$/;
export interface BoardRevision {
  id: number;
  revision: number;
  updatedAt: number;
}

/** `display:self`: commands for the display whose token the socket carries (display tokens only). */
export const DISPLAY_SELF_CHANNEL = 'display:self';
export type DisplayCommand =
  /** Show this board now (remote switch from the console); also the snapshot when the console pinned one. */
  | { kind: 'show'; boardId: number }
  /** Back to the token's own scope (the playlist or the first board). */
  | { kind: 'release' }
  /** Reload the page (the console's "reload" button). */
  | { kind: 'reload' };

// ---- meters ----
/** `meters:directory`: the meters the caller may see, with their department (snapshot; again when meters change or every 5 minutes). */
export const METER_DIRECTORY_CHANNEL = 'meters:directory';
export interface MeterDirectoryEntry {
  id: number;
  code: string;
  name: string;
  energyType: string;
  departmentId: number | null;
  /** "Main Plant / Production Hall A / Line 1" */
  departmentPath: string;
  /** The top-level department (building or site area) the 3D scene groups meters by; null when unassigned. */
  topDepartmentId: number | null;
  online: boolean;
}
export interface MeterDirectoryData extends Computed {
  meters: MeterDirectoryEntry[];
}

// ---- a meter's recent stored series ----
/** The longest window a recent-series channel answers: the live trend's longest (24 h). */
export const MAX_RECENT_WINDOW_S = 86_400;
/** Points one answer carries at most (besides the lead-in): longer windows come as bucket means. */
export const MAX_RECENT_POINTS = 600;

/**
 * `meter:<id>:recent:<metric>:<windowS>`: one metric of a meter over the last `windowS` seconds from its
 * stored readings, answered once on subscribe (and again after a reconnect), so a live trend or sparkline
 * draws its whole window at once and then continues from `meter:<id>:latest`. Widgets on the same meter,
 * metric and window share it.
 */
export const meterRecentChannel = (meterId: number, metric: string, windowS: number): string => `meter:${meterId}:recent:${metric}:${windowS}`;

const METER_RECENT = /^meter:([1-9]\d{0,9}):recent:([a-z][a-z0-9_]{0,31}):([1-9]\d{0,5})$/;

/** The parts of a recent-series channel name, or null when it is not one (or its window is over 24 h). */
export function parseMeterRecentChannel(channel: string): { meterId: number; metric: string; windowS: number } | null {
  const match = METER_RECENT.exec(channel);
  if (!match) return null;
  const windowS = Number(match[3]);
  return windowS > MAX_RECENT_WINDOW_S ? null : { meterId: Number(match[1]), metric: match[2]!, windowS };
}

export interface MeterRecentData {
  meterId: number;
  metric: string;
  /** The window asked for: [from, to] in epoch ms, `to` when the server read it. */
  from: number;
  to: number;
  /** 0 for raw readings, else the width of the buckets whose means `points` are. */
  bucketMs: number;
  /**
   * [ts, value] oldest first; the first may lie before `from` (the last reading before the window, at most
   * one window earlier) so a chart can draw its line from the window's left edge.
   */
  points: [number, number][];
}
