import { makeAutoObservable, runInAction } from 'mobx';
import type { TariffsApi } from '@shared/api/tariffsApi';
import type { Page } from '@shared/api/energyApi';
import type { DepartmentNode } from '@shared/resources';
import type { TariffAssignment, TariffEnergyType } from '@shared/schemas/tariffs';
import { PagedQuery } from '../../../lists/PagedQuery';
import { EffectiveTariffs } from './effectiveTariff';

/** A meter as the assignments tab lists it. */
export interface AssignedMeter {
  id: number;
  code: string;
  name: string;
  energyType: TariffEnergyType;
  departmentId: number | null;
}

/**
 * The assignments tab: the department tree, every assignment of the caller's tree, the chosen department
 * and its meters (paged from the meter list when the user may read meters). Setting a tariff replaces the
 * target's own assignment for that energy type; clearing it lets the target inherit again.
 */
export class AssignmentsController {
  nodes: DepartmentNode[] = [];
  assignments: TariffAssignment[] = [];
  selectedId: number | undefined = undefined;
  loading = false;
  /** The target being changed (`department:3:electricity`), for its spinner. */
  changing: string | null = null;
  readonly meters: PagedQuery<{ departmentId?: number }, AssignedMeter>;

  constructor(
    private readonly api: Pick<TariffsApi, 'assignments' | 'assign' | 'unassign'>,
    private readonly fetchTree: () => Promise<DepartmentNode[]>,
    fetchMeters: ((query: { departmentId?: number; page: number; size: number }) => Promise<Page<AssignedMeter>>) | null,
  ) {
    this.meters = new PagedQuery<{ departmentId?: number }, AssignedMeter>(
      (query) => (fetchMeters && query.departmentId ? fetchMeters(query) : Promise.resolve({ total: 0, rows: [] })),
      {},
    );
    makeAutoObservable<AssignmentsController, 'api' | 'fetchTree'>(this, { api: false, fetchTree: false, meters: false }, { autoBind: true });
  }

  get effective(): EffectiveTariffs {
    return new EffectiveTariffs(this.assignments, this.nodes);
  }

  get selected(): DepartmentNode | undefined {
    return this.nodes.find((node) => node.id === this.selectedId);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const [nodes, assignments] = await Promise.all([this.fetchTree(), this.api.assignments()]);
      runInAction(() => {
        this.nodes = nodes;
        this.assignments = assignments;
      });
      if (this.selectedId === undefined || !nodes.some((node) => node.id === this.selectedId)) await this.select(nodes[0]?.id);
    } catch {
      // The api hook showed the message.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async select(id: number | undefined): Promise<void> {
    this.selectedId = id;
    await this.meters.setFilter('departmentId', id);
  }

  private async reloadAssignments(): Promise<void> {
    const assignments = await this.api.assignments();
    runInAction(() => (this.assignments = assignments));
  }

  /**
   * Gives the target its own tariff (tariffId) or takes it away (null: inherit). Returns the recompute job
   * the server queued, when it says so; false when refused (the api hook said why).
   */
  async setTariff(target: 'department' | 'meter', targetId: number, energyType: TariffEnergyType, tariffId: number | null): Promise<boolean> {
    const own = this.effective.ownOf(target, targetId, energyType);
    if ((own?.tariffId ?? null) === tariffId) return true;
    this.changing = `${target}:${targetId}:${energyType}`;
    try {
      if (own) await this.api.unassign(own.id);
      if (tariffId !== null) await this.api.assign({ tariffId, target, targetId });
      return true;
    } catch {
      return false;
    } finally {
      await this.reloadAssignments().catch(() => undefined);
      runInAction(() => (this.changing = null));
    }
  }
}
