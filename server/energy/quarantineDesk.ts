import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { QuarantineItem, QuarantineResolve, QuarantineState } from '@shared/schemas';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { EnergyLedger } from '../ingest/energyLedger';
import type { MeterDirectory } from '../ingest/meterDirectory';
import { upsertEnergy } from '../ingest/readingWriter';
import { recordAudit } from './auditTrail';

interface ResolvedQuery {
  status?: QuarantineState | undefined;
  meterId?: number | undefined;
  page: number;
  size: number;
  /** The caller's tree (meters' owners); null: every tree. */
  owners: number[] | null;
}

/**
 * Implausible register steps wait here for an operator (base/check). Accepting counts the claimed
 * energy, correcting counts the operator's figure, discarding counts nothing; each is audited, and the
 * energy goes through the same ledger as ingestion so intervals and every rollup stay consistent.
 */
export class QuarantineDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: MeterDirectory,
    private readonly timeZone: string,
  ) {}

  async list(query: ResolvedQuery): Promise<{ total: number; rows: QuarantineItem[] }> {
    let scope = this.db.selectFrom('quarantine');
    const owners = query.owners;
    if (owners) scope = scope.where('quarantine.meter_id', 'in', (eb) => eb.selectFrom('meters').select('id').where('owner_user_id', 'in', owners));
    if (query.status) scope = scope.where('quarantine.status', '=', query.status);
    if (query.meterId) scope = scope.where('quarantine.meter_id', '=', query.meterId);
    const { n } = await scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await withDetails(scope)
      .orderBy('quarantine.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(n), rows: rows.map(toItem) };
  }

  async resolve(id: number, body: QuarantineResolve & { note: string }, userId: number): Promise<QuarantineItem> {
    const directory = await this.directory.get();
    await this.db.transaction().execute(async (trx) => {
      const item = await trx.selectFrom('quarantine').selectAll().where('id', '=', id).executeTakeFirst();
      if (!item) throw new AppError('NOT_FOUND', { message: `Quarantine item ${id} does not exist` });
      if (item.status !== 'pending') throw new AppError('VALIDATION_FAILED', { message: `This item was already ${item.status}` });
      const meter = directory.meterById.get(item.meter_id);
      if (!meter) throw new AppError('NOT_FOUND', { message: `Meter ${item.meter_id} does not exist` });
      const counted = body.action === 'accept' ? item.energy : body.action === 'correct' ? (body.energy ?? 0) : 0;
      const status = body.action === 'accept' ? 'accepted' : body.action === 'correct' ? 'corrected' : 'discarded';
      const now = Date.now();
      if (counted > 0) {
        const ledger = new EnergyLedger(this.timeZone);
        ledger.add(meter, Number(item.from_ts), Number(item.to_ts), counted);
        await upsertEnergy(trx, ledger);
      }
      await trx
        .updateTable('quarantine')
        .set({ status, corrected_energy: body.action === 'correct' ? counted : null, note: body.note, resolved_by: userId, resolved_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        userId,
        action: status,
        entity: 'quarantine',
        entityId: id,
        detail: { meter: meter.code, claimed: item.energy, counted, note: body.note },
      });
    });
    const row = await withDetails(this.db.selectFrom('quarantine')).where('quarantine.id', '=', id).executeTakeFirstOrThrow();
    return toItem(row);
  }
}

function withDetails(scope: SelectQueryBuilder<Database, 'quarantine', object>) {
  return scope
    .innerJoin('meters', 'meters.id', 'quarantine.meter_id')
    .leftJoin('users', 'users.id', 'quarantine.resolved_by')
    .selectAll('quarantine')
    .select(['meters.code', 'meters.name', 'meters.energy_type', 'meters.unit', 'users.username']);
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>>;

function toItem(row: DetailRow): QuarantineItem {
  return {
    _id: row.id,
    meter: { id: row.meter_id, code: row.code, name: row.name, energyType: row.energy_type, unit: row.unit },
    fromTs: Number(row.from_ts),
    toTs: Number(row.to_ts),
    energy: row.energy,
    limitEnergy: row.limit_energy,
    rawFrom: row.raw_from,
    rawTo: row.raw_to,
    status: row.status as QuarantineItem['status'],
    correctedEnergy: row.corrected_energy,
    note: row.note,
    resolvedBy: row.username ?? null,
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    createdAt: Number(row.created_at),
  };
}
