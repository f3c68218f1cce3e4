import { energyChannel, type EnergyRankingData } from '@shared/board/channels';
import type { Binding } from '@shared/board/document';
import { withThousands } from '@shared/format';

export const RANKING_SCOPES = ['department', 'subitem'] as const;
export type RankingScope = (typeof RANKING_SCOPES)[number];

/**
 * The ranking channel of a binding: energy type, grain and periods from the binding (electricity, today
 * by day when unset); a department ranking ranks the children of the first bound department.
 */
export function rankingChannel(binding: Binding, options: { scope: RankingScope; limit: number }): string {
  const parentId = options.scope === 'department' ? binding.departmentIds?.[0] : undefined;
  return energyChannel({
    kind: 'ranking',
    scope: options.scope,
    ...(parentId === undefined ? {} : { parentId }),
    energyType: binding.energyType ?? 'electricity',
    grain: binding.grain ?? 'day',
    periods: binding.periods ?? 1,
    limit: options.limit,
  });
}

export interface TopNRow {
  rank: number;
  scopeId: number;
  name: string;
  energy: string;
  /** "34.5 %" */
  share: string;
  /** Bar length, 0..1: the leader's share fills the bar. */
  bar: number;
}

/** The table rows of a ranking payload: at most `limit`, ranked as the server sent them. */
export function topNRows(data: EnergyRankingData | undefined, limit: number): TopNRow[] {
  const rows = (data?.rows ?? []).slice(0, limit);
  const top = Math.max(0, ...rows.map((row) => row.share));
  return rows.map((row, index) => ({
    rank: index + 1,
    scopeId: row.scopeId,
    name: row.name,
    energy: withThousands(row.energy, 1),
    share: `${(row.share * 100).toFixed(1)} %`,
    bar: top > 0 ? Math.max(0, row.share) / top : 0,
  }));
}
