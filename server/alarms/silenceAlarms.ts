import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlarmRecords } from './alarmRecords';
import { alarmSubject } from './alarmSubjects';
import { INTERVAL_MS } from './alarmSettings';

type Silent = { table: 'meters'; kind: 'offline'; subject: 'meter' } | { table: 'gateways'; kind: 'trouble'; subject: 'gateway' };
const WATCHED: Silent[] = [
  { table: 'meters', kind: 'offline', subject: 'meter' },
  { table: 'gateways', kind: 'trouble', subject: 'gateway' },
];

/**
 * Offline (meter) and trouble (gateway) alarms: raised by a sweep once nothing arrived for
 * `intervals` × 15 minutes, cleared (state 4) as soon as data returns. Only things that reported at
 * least once are watched: a meter created but never installed is not "offline". The open records are
 * remembered per subject so a fresh reading clears without a query.
 */
export class SilenceAlarms {
  private readonly open = { meter: new Map<number, number>(), gateway: new Map<number, number>() };
  private loaded: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly records: AlarmRecords,
    private readonly intervals: number,
  ) {}

  get silenceMs(): number {
    return this.intervals * INTERVAL_MS;
  }

  async sweep(now: number): Promise<void> {
    await this.load();
    const cutoff = now - this.silenceMs;
    for (const watched of WATCHED) {
      const silent = await this.db.selectFrom(watched.table).select('id').where('last_seen_at', 'is not', null).where('last_seen_at', '<', cutoff).execute();
      const silentIds = new Set(silent.map((row) => row.id));
      const open = this.open[watched.subject];
      for (const id of silentIds) {
        if (open.has(id)) continue;
        const subject = await alarmSubject(this.db, watched.subject, id);
        const minutes = Math.round(this.silenceMs / 60_000);
        const message =
          watched.kind === 'offline'
            ? `no data for ${minutes} min (${this.intervals} intervals)`
            : `gateway silent for ${minutes} min (${this.intervals} intervals)`;
        const record = await this.records.raise({
          kind: watched.kind,
          severity: watched.kind === 'trouble' ? 'high' : 'medium',
          subject,
          ruleId: 0,
          metric: null,
          value: null,
          limit: null,
          message,
          at: now,
        });
        open.set(id, record.id);
      }
      // Back since the last sweep without a reading through this process (another writer): clear too.
      for (const id of [...open.keys()]) if (!silentIds.has(id)) await this.clear(watched.subject, id, now);
    }
  }

  /** Forgets the open records it remembers: the next sweep reads them again (another process may have raised or cleared some). */
  forget(): void {
    this.open.meter.clear();
    this.open.gateway.clear();
    this.loaded = undefined;
  }

  /** Data arrived for these meters and gateways. */
  async dataReturned(meterIds: Iterable<number>, gatewayIds: Iterable<number>, at: number): Promise<void> {
    await this.load();
    for (const id of meterIds) if (this.open.meter.has(id)) await this.clear('meter', id, at);
    for (const id of gatewayIds) if (this.open.gateway.has(id)) await this.clear('gateway', id, at);
  }

  private async clear(subject: 'meter' | 'gateway', id: number, at: number): Promise<void> {
    const recordId = this.open[subject].get(id)!;
    this.open[subject].delete(id);
    const row = await this.records.get(recordId).catch(() => undefined);
    // Someone may have processed it meanwhile: a closed record stays as they left it.
    if (row && (row.processing_state === 1 || row.processing_state === 2)) await this.records.clear(recordId, at);
  }

  private load(): Promise<void> {
    return (this.loaded ??= (async () => {
      const rows = await this.db
        .selectFrom('alarm_records')
        .select(['id', 'kind', 'subject_id'])
        .where('kind', 'in', ['offline', 'trouble'])
        .where('processing_state', 'in', [1, 2])
        .execute();
      for (const row of rows) this.open[row.kind === 'offline' ? 'meter' : 'gateway'].set(row.subject_id, row.id);
    })());
  }
}
