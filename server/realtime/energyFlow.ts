import type { Kysely } from 'kysely';
import type { RollupGrain } from '@shared/schemas';
import type { EnergyFlowData } from '@shared/board/channels';
import type { Database } from '../db/schema';
import type { EnergyAnalysis } from '../energy/energyAnalysis';
import { energyUnit } from '../energy/energyUnits';

/** The root of the Sankey. A fixed label (not data): the site has no row of its own to name it. */
export const FLOW_ROOT = 'Site';

interface FlowQuery {
  energyType: string;
  grain: RollupGrain;
  from: number;
  to: number;
  /** The viewer's tree (server/tenancy ownerIds); null: the whole site. */
  owners: number[] | null;
}

/**
 * Site → top-level departments (of the viewer's tree) → their direct children, each link the department's energy in the
 * window (its rollup: its main meter when it has one). Top-level links are always drawn (a building
 * at 0 still shows); child links only where energy flowed. A department's own unassigned remainder is
 * not drawn. Names are made unique (Sankey nodes are keyed by name): "Name (CODE)", then "#id".
 */
export async function energyFlow(db: Kysely<Database>, analysis: EnergyAnalysis, query: FlowQuery): Promise<Omit<EnergyFlowData, 'computedAt'>> {
  let select = db.selectFrom('departments').select(['id', 'name', 'code', 'parent_id']);
  if (query.owners) select = select.where('owner_user_id', 'in', query.owners.length ? query.owners : [-1]);
  const departments = await select.orderBy('sort').orderBy('id').execute();
  const tops = departments.filter((d) => d.parent_id === null);
  const topIds = new Set(tops.map((d) => d.id));
  const children = departments.filter((d) => d.parent_id !== null && topIds.has(d.parent_id));
  const unit = energyUnit(query.energyType);
  if (tops.length === 0) return { unit, nodes: [{ name: FLOW_ROOT, depth: 0 }], links: [] };

  const rollups = await analysis.rollups({ scope: 'department', ids: [...tops, ...children].map((d) => d.id), ...query });
  const energy = new Map(rollups.series.map((series) => [series.scopeId, series.total]));

  const taken = new Set<string>([FLOW_ROOT]);
  const names = new Map<number, string>();
  const unique = (department: { id: number; name: string; code: string }): string => {
    let name = department.name;
    if (taken.has(name)) name = `${department.name} (${department.code})`;
    if (taken.has(name)) name = `${department.name} #${department.id}`;
    taken.add(name);
    names.set(department.id, name);
    return name;
  };

  const nodes: EnergyFlowData['nodes'] = [{ name: FLOW_ROOT, depth: 0 }];
  const links: EnergyFlowData['links'] = [];
  for (const top of tops) {
    const name = unique(top);
    nodes.push({ name, depth: 1 });
    links.push({ source: FLOW_ROOT, target: name, value: energy.get(top.id) ?? 0 });
  }
  for (const child of children) {
    const value = energy.get(child.id) ?? 0;
    if (value <= 0) continue;
    const name = unique(child);
    nodes.push({ name, depth: 2 });
    links.push({ source: names.get(child.parent_id!)!, target: name, value });
  }
  return { unit, nodes, links };
}
