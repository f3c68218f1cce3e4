import type { Kysely } from 'kysely';
import type { MeterReplacement } from '@shared/schemas';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { EnergyLedger } from '../ingest/energyLedger';
import type { MeterDirectory } from '../ingest/meterDirectory';
import { upsertEnergy } from '../ingest/readingWriter';
import { multiplier } from '../metering/registerDelta';
import { recordAudit } from './auditTrail';

export interface ReplacementInput {
  replacedAt: number;
  oldSerial: string;
  newSerial: string;
  oldFinalReading: number | null;
  newInitialReading: number;
  note: string;
}

/**
 * A meter swapped in the field (base/device). Ingestion alone sees the new meter's low register as a
 * reset and loses the old meter's last stretch; recording the swap credits that stretch (final reading
 * − last stored reading, multipliers applied) and starts the next cycle at the new meter's initial reading.
 */
export class MeterReplacements {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: MeterDirectory,
    private readonly timeZone: string,
  ) {}

  async list(meterId: number): Promise<MeterReplacement[]> {
    const rows = await this.db
      .selectFrom('meter_replacements')
      .leftJoin('users', 'users.id', 'meter_replacements.user_id')
      .selectAll('meter_replacements')
      .select('users.username')
      .where('meter_replacements.meter_id', '=', meterId)
      .orderBy('meter_replacements.replaced_at', 'desc')
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      meterId: r.meter_id,
      replacedAt: Number(r.replaced_at),
      oldSerial: r.old_serial,
      newSerial: r.new_serial,
      oldFinalReading: r.old_final_reading,
      newInitialReading: r.new_initial_reading,
      creditedEnergy: r.credited_energy,
      note: r.note,
      user: r.username ?? null,
    }));
  }

  async record(meterId: number, input: ReplacementInput, userId: number): Promise<MeterReplacement> {
    const meter = (await this.directory.get()).meterById.get(meterId);
    if (!meter) throw new AppError('NOT_FOUND', { message: `Meter ${meterId} does not exist` });
    const id = await this.db.transaction().execute(async (trx) => {
      const later = await trx
        .selectFrom('readings')
        .select('ts')
        .where('meter_id', '=', meterId)
        .where('ts', '>', input.replacedAt)
        .limit(1)
        .executeTakeFirst();
      if (later) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'replacedAt: readings after this time are already stored; record a replacement when it happens, or resolve the step on base/check',
        });
      }
      const state = await trx.selectFrom('meter_state').selectAll().where('meter_id', '=', meterId).executeTakeFirst();
      let credited = 0;
      if (input.oldFinalReading !== null && state?.register_value !== null && state?.register_value !== undefined && state.register_ts !== null) {
        if (input.oldFinalReading < state.register_value) {
          throw new AppError('VALIDATION_FAILED', { message: `oldFinalReading: below the last stored reading (${state.register_value})` });
        }
        credited = (input.oldFinalReading - state.register_value) * multiplier(meter.profile);
        if (credited > 0 && input.replacedAt > Number(state.register_ts)) {
          const ledger = new EnergyLedger(this.timeZone);
          ledger.add(meter, Number(state.register_ts), input.replacedAt, credited);
          await upsertEnergy(trx, ledger);
        } else credited = 0;
      }
      // The next cycle starts at the new meter's initial reading.
      await trx
        .insertInto('meter_state')
        .values({ meter_id: meterId, register_ts: input.replacedAt, register_value: input.newInitialReading, latest_ts: input.replacedAt, latest: '{}' })
        .onConflict((oc) => oc.column('meter_id').doUpdateSet({ register_ts: input.replacedAt, register_value: input.newInitialReading }))
        .execute();
      const row = await trx
        .insertInto('meter_replacements')
        .values({
          meter_id: meterId,
          replaced_at: input.replacedAt,
          old_serial: input.oldSerial,
          new_serial: input.newSerial,
          old_final_reading: input.oldFinalReading,
          new_initial_reading: input.newInitialReading,
          note: input.note,
          user_id: userId,
          credited_energy: credited,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId, action: 'replaced', entity: 'meter', entityId: meterId, detail: { ...input, creditedEnergy: credited } });
      return row.id;
    });
    const recorded = (await this.list(meterId)).find((r) => r._id === id);
    if (!recorded) throw new AppError('INTERNAL');
    return recorded;
  }
}
