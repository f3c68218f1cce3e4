import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { INTERVAL_MS } from '../metering/spreadEnergy';
import type { EndpointWorker, EnergyDue } from './endpointWorker';
import { closedSince, lastClosedEnd } from './quarterHours';

/** The job lease of the pass below: one process at a time hands closed quarter hours to its endpoint workers. */
export const ENERGY_LEASE = 'forwarding-energy';
/** How often the lease holder looks for closed quarter hours. */
export const ENERGY_PASS_MS = 2_000;

export interface MeterLabel {
  code: string;
  energyType: string;
}

/**
 * Closed quarter hours as a singleton job (the `forwarding-energy` lease): the holder reads each meter's newest
 * register time from `meter_state` (one query for every meter), and for each endpoint with energy on and each meter
 * it covers hands the intervals closed after the endpoint's cursor (`forward_energy_cursors.sent_through`) to the
 * endpoint's worker. The worker moves the stored cursor when the receiver took them (2xx, or gave up after the last
 * attempt), so what a holder handed and never had taken is handed again by the next holder (`reload`).
 */
export class ClosedQuarterHours {
  /** endpoint → meter → end of the newest interval taken, or handed to the worker by this process. */
  private through = new Map<number, Map<number, number>>();
  private loaded = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Forget what this process handed: the next pass starts from the stored cursors (this process took the lease). */
  reload(): void {
    this.loaded = false;
  }

  /** One pass on the lease holder; answers how many intervals it handed. */
  async pass(workers: Iterable<EndpointWorker>, meters: ReadonlyMap<number, MeterLabel>, now = Date.now()): Promise<number> {
    if (!this.loaded) {
      const rows = await this.db.selectFrom('forward_energy_cursors').select(['endpoint_id', 'meter_id', 'sent_through']).execute();
      this.through = new Map();
      for (const row of rows) this.cursorsOf(row.endpoint_id).set(row.meter_id, Number(row.sent_through));
      this.loaded = true;
    }
    const all = new Map([...workers].map((w) => [w.row.id, w]));
    const active = new Map([...all].filter(([, w]) => w.row.send_energy === 1 && !w.paused));
    await this.forgetUncovered(all, active);
    if (active.size === 0) return 0;

    const states = await this.db.selectFrom('meter_state').select(['meter_id', 'register_ts']).where('register_ts', 'is not', null).execute();
    const created: { endpoint_id: number; meter_id: number; sent_through: number }[] = [];
    const offers: [EndpointWorker, EnergyDue][] = [];
    for (const worker of active.values()) {
      const cursors = this.cursorsOf(worker.row.id);
      // Half the queue at most, so readings keep room; the rest waits in the database for the next passes.
      let budget = Math.max(0, Math.floor(worker.queue.limit / 2) - worker.queue.length);
      for (const state of states) {
        const label = meters.get(state.meter_id);
        if (!label || !worker.selection.meters.has(state.meter_id)) continue;
        const registerTs = Number(state.register_ts);
        let from = cursors.get(state.meter_id);
        if (from === undefined) {
          // A new endpoint or a newly covered meter: no history, starting with the interval that ended last.
          from = lastClosedEnd(registerTs) - INTERVAL_MS;
          cursors.set(state.meter_id, from);
          created.push({ endpoint_id: worker.row.id, meter_id: state.meter_id, sent_through: from });
        }
        if (budget === 0) continue;
        const starts = closedSince(from, registerTs, budget);
        if (starts.length === 0) continue;
        budget -= starts.length;
        cursors.set(state.meter_id, starts.at(-1)! + INTERVAL_MS);
        for (const start of starts)
          offers.push([worker, { type: 'energy-due', meterId: state.meter_id, meter: label.code, energyType: label.energyType, start }]);
      }
    }
    // Stored before anything is sent, so the worker's success finds the row to move.
    for (let i = 0; i < created.length; i += 500)
      await this.db
        .insertInto('forward_energy_cursors')
        .values(created.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['endpoint_id', 'meter_id']).doNothing())
        .execute();
    for (const [worker, item] of offers) worker.offer(item, now);
    return offers.length;
  }

  private cursorsOf(endpointId: number): Map<number, number> {
    let cursors = this.through.get(endpointId);
    if (!cursors) this.through.set(endpointId, (cursors = new Map()));
    return cursors;
  }

  /**
   * Cursors of endpoints that no longer send energy (paused, energy off) and of meters an endpoint no longer covers
   * are removed: after a resume or a new selection they start again with the interval that ended last. A deleted
   * endpoint's rows went with it; one this process has not loaded yet keeps its rows (and this process its memory).
   */
  private async forgetUncovered(all: ReadonlyMap<number, EndpointWorker>, active: ReadonlyMap<number, EndpointWorker>): Promise<void> {
    for (const [endpointId, cursors] of this.through) {
      if (!all.has(endpointId)) continue;
      const worker = active.get(endpointId);
      const gone = worker ? [...cursors.keys()].filter((meterId) => !worker.selection.meters.has(meterId)) : null;
      if (gone?.length === 0) continue;
      let remove = this.db.deleteFrom('forward_energy_cursors').where('endpoint_id', '=', endpointId);
      if (gone) remove = remove.where('meter_id', 'in', gone);
      await remove.execute();
      if (gone) for (const meterId of gone) cursors.delete(meterId);
      else this.through.delete(endpointId);
    }
  }
}
