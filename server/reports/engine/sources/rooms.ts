import { addDays, localDayStart, localPeriods } from '../../../metering/calendar';
import { dayStartInstant } from '../../../monthRegisters/monthInstants';
import { roomMeterSpans } from '../../../prepaid/roomMeters';
import { cellKey, type MetricSource, type MetricValues, type ReportContext, type ReportSlot } from '../reportContext';
import { anyIn, chunks, estimateStarts, num, slotsSpan } from './sourceKit';

/** A stretch one meter fed one room within one slot: [from, to). */
interface Stretch {
  roomId: number;
  meterId: number;
  energyType: string;
  slot: ReportSlot;
  from: number;
  to: number;
}

/** The first instant of the local day after the one holding `instant`. */
const nextDayStart = (instant: number, timeZone: string): number => dayStartInstant(addDays(localPeriods(instant, timeZone).day, 1), timeZone);

/**
 * A stretch cut into whole local days (read from the day rollups) and the parts of days at its ends (summed from
 * the 15-minute intervals), so a meter that moved rooms at 14:00 gives each room exactly its own intervals.
 */
function splitByDays(from: number, to: number, timeZone: string): { days: [string, string] | null; parts: [number, number][] } {
  const fullFrom = localDayStart(from, timeZone) === from ? from : nextDayStart(from, timeZone);
  const fullTo = localDayStart(to, timeZone);
  if (!(fullFrom < fullTo)) return { days: null, parts: [[from, to]] };
  const parts: [number, number][] = [];
  if (from < fullFrom) parts.push([from, fullFrom]);
  if (fullTo < to) parts.push([fullTo, to]);
  return { days: [localPeriods(fullFrom, timeZone).day, localPeriods(fullTo - 1, timeZone).day], parts };
}

async function intervalSum(context: ReportContext, meterId: number, from: number, to: number): Promise<number> {
  const row = await context.db
    .selectFrom('energy_intervals')
    .select((eb) => eb.fn.sum<number>('energy').as('total'))
    .where('meter_id', '=', meterId)
    .where('start', '>=', from)
    .where('start', '<', to)
    .executeTakeFirst();
  return num(row?.total);
}

async function roomEnergy(context: ReportContext, request: Parameters<MetricSource['read']>[1]): Promise<MetricValues> {
  const values: MetricValues = new Map();
  const { timeZone } = context;
  const span = slotsSpan(request.slots);
  const typeOf = new Map(request.objects.map((object) => [object.id, object.energyType]));
  const spans = (await roomMeterSpans(context.db, [...typeOf.keys()], span.from, span.to)).filter((s) => s.energyType === typeOf.get(s.roomId));
  const stretches: Stretch[] = [];
  for (const meterSpan of spans)
    for (const slot of request.slots) {
      const from = Math.max(slot.startMs, meterSpan.fromTs);
      const to = Math.min(slot.endMs, meterSpan.toTs ?? Infinity);
      if (from < to) stretches.push({ roomId: meterSpan.roomId, meterId: meterSpan.meterId, energyType: meterSpan.energyType, slot, from, to });
    }
  if (stretches.length === 0) return values;

  // Hourly reports: every stretch is part of a day; read each meter's intervals once and add them up here.
  const hourly = request.grain === 'hour';
  const intervals = new Map<number, Map<number, number>>();
  if (hourly) {
    for (const meterId of new Set(stretches.map((s) => s.meterId))) {
      const own = stretches.filter((s) => s.meterId === meterId);
      const rows = await context.db
        .selectFrom('energy_intervals')
        .select(['start', 'energy'])
        .where('meter_id', '=', meterId)
        .where('start', '>=', Math.min(...own.map((s) => s.from)))
        .where('start', '<', Math.max(...own.map((s) => s.to)))
        .execute();
      intervals.set(meterId, new Map(rows.map((row) => [num(row.start), num(row.energy)])));
    }
  }
  const split = stretches.map((stretch) =>
    hourly ? { days: null, parts: [[stretch.from, stretch.to] as [number, number]] } : splitByDays(stretch.from, stretch.to, timeZone),
  );

  // Day rollups of the meters over the whole span, one statement per energy type and chunk.
  const dayEnergy = new Map<number, Map<string, number>>();
  const firstDay = localPeriods(span.from, timeZone).day;
  const lastDay = localPeriods(span.to - 1, timeZone).day;
  for (const energyType of new Set(stretches.map((s) => s.energyType))) {
    const ids = [...new Set(stretches.filter((s, index) => s.energyType === energyType && split[index]!.days).map((s) => s.meterId))];
    for (const chunk of chunks(ids)) {
      const rows = await context.db
        .selectFrom('energy_rollups')
        .select(['scope_id', 'period', 'energy'])
        .where('scope', '=', 'meter')
        .where('scope_id', 'in', chunk)
        .where('energy_type', '=', energyType)
        .where('grain', '=', 'day')
        .where('period', '>=', firstDay)
        .where('period', '<=', lastDay)
        .execute();
      for (const row of rows) {
        const days = dayEnergy.get(row.scope_id) ?? new Map<string, number>();
        days.set(row.period, num(row.energy));
        dayEnergy.set(row.scope_id, days);
      }
    }
  }
  const estimates = await estimateStarts(context, [...new Set(stretches.map((s) => s.meterId))], span.from, span.to);

  for (const [index, stretch] of stretches.entries()) {
    const { days, parts } = split[index]!;
    let energy = 0;
    if (days) {
      const own = dayEnergy.get(stretch.meterId);
      for (let day = days[0]; day <= days[1]; day = addDays(day, 1)) energy += own?.get(day) ?? 0;
    }
    for (const [from, to] of parts) {
      if (hourly) {
        for (const [start, value] of intervals.get(stretch.meterId) ?? []) if (start >= from && start < to) energy += value;
      } else energy += await intervalSum(context, stretch.meterId, from, to);
    }
    const key = cellKey(stretch.roomId, stretch.slot.key);
    const before = values.get(key);
    const estimated = anyIn(estimates.get(stretch.meterId), stretch.from, stretch.to);
    values.set(key, { value: (before?.value ?? 0) + energy, estimated: (before?.estimated ?? false) || estimated });
  }
  return values;
}

/** room id → its prepaid account (one per room for life) and when it was opened. */
async function accountsOf(context: ReportContext, roomIds: readonly number[]): Promise<Map<number, { roomId: number; openedAt: number }>> {
  const accounts = new Map<number, { roomId: number; openedAt: number }>();
  for (const chunk of chunks(roomIds)) {
    let query = context.db.selectFrom('prepaid_accounts').select(['id', 'room_id', 'opened_at']).where('room_id', 'in', chunk);
    if (context.owners !== 'all') query = query.where('owner_user_id', 'in', context.owners.length ? [...context.owners] : [-1]);
    for (const row of await query.execute()) accounts.set(row.id, { roomId: row.room_id, openedAt: num(row.opened_at) });
  }
  return accounts;
}

/**
 * Money of rooms from their account's ledger, in minor units, never rounded here:
 * - cost: the energy charged for the hours of the slot (entries `charge`, and the deduction's late-data
 *   `adjustment`s of an item and hour), as payment statistics count consumption — by the hour charged;
 * - charges: cost plus the fixed fees of those hours (`fee`, dated by the first hour of their day or month);
 * - topUps: top-ups minus refunds posted in the slot (by posting time; a top-up's service fee is neither);
 * - balance: the ledger's sum of everything posted before the slot's end (empty before the account was opened).
 * Charges are positive amounts (what the room paid).
 */
async function roomMoney(context: ReportContext, request: Parameters<MetricSource['read']>[1]): Promise<MetricValues> {
  const values: MetricValues = new Map();
  const accounts = await accountsOf(
    context,
    request.objects.map((object) => object.id),
  );
  const accountIds = [...accounts.keys()];
  if (accountIds.length === 0) return values;
  const { metric } = request;
  for (const slot of request.slots) {
    for (const chunk of chunks(accountIds)) {
      let query = context.db
        .selectFrom('ledger_entries')
        .select(['account_id', (eb) => eb.fn.sum<number>('amount_minor').as('amount')])
        .where('account_id', 'in', chunk)
        .groupBy('account_id');
      if (metric === 'balance') query = query.where('created_at', '<', slot.endMs);
      else if (metric === 'topUps')
        query = query.where('kind', 'in', ['topup', 'refund']).where('created_at', '>=', slot.startMs).where('created_at', '<', slot.endMs);
      else {
        const kinds = metric === 'charges' ? ['charge', 'fee'] : ['charge'];
        query = query
          .where('hour_start', '>=', slot.startMs)
          .where('hour_start', '<', slot.endMs)
          .where((eb) => eb.or([eb('kind', 'in', kinds), eb.and([eb('kind', '=', 'adjustment'), eb('item_id', 'is not', null)])]));
      }
      const sums = new Map((await query.execute()).map((row) => [row.account_id, num(row.amount)]));
      for (const accountId of chunk) {
        const account = accounts.get(accountId)!;
        const amount = sums.get(accountId) ?? 0;
        if (metric === 'balance') {
          if (account.openedAt < slot.endMs) values.set(cellKey(account.roomId, slot.key), { value: amount, estimated: false });
        } else values.set(cellKey(account.roomId, slot.key), { value: metric === 'topUps' ? amount : -amount, estimated: false });
      }
    }
  }
  return values;
}

/**
 * Rooms (prepaid): energy is the energy of the meters that fed the room (room_meters spans) of the room's energy
 * type, each meter only while it fed the room — whole local days from the day rollups, the part of a day where a
 * span starts or ends from the 15-minute intervals (by their start), so a meter changed mid-month gives each room
 * exactly its share; estimated when an interval used is a completed gap. cost, charges, topUps and balance come
 * from the room's account ledger (roomMoney).
 */
export const roomSource: MetricSource = {
  metrics: ['energy', 'cost', 'charges', 'topUps', 'balance'],
  async read(context, request) {
    const rooms = { ...request, objects: request.objects.filter((object) => object.kind === 'room') };
    if (rooms.objects.length === 0 || rooms.slots.length === 0) return new Map();
    return request.metric === 'energy' ? roomEnergy(context, rooms) : roomMoney(context, rooms);
  },
};
