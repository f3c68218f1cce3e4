import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { demand, noise } from '../simulator/loadProfile';
import { DEMO_LOADS } from '../simulator/demoMeters';
import { addDays, localDay, shiftWindow, wallTime } from '../shifts/shiftClock';
import { ownerScopeOfUser } from '../tenancy/ownerScope';
import { lineTemplates } from './lineData';
import { putLineMeters, saveBaseline } from './lineSettings';

/** Days of output behind today (the simulator's backfill holds their energy), and the last ones reported on. */
export const DEMO_OUTPUT_DAYS = 90;
export const DEMO_REPORTING_DAYS = 30;

interface DemoLine {
  code: string;
  name: string;
  department: string;
  targetSecKwh: number;
  /** meter code → allocation ratio */
  meters: Record<string, number>;
  /** kWh per standard unit above the idle load: the line's true SEC in the demo's model */
  secKwh: number;
  /** product code → share of the standard output */
  mix: Record<string, number>;
}

const PRODUCTS = [
  { code: 'BRK-100', name: 'Bracket', unit: 'pcs', standardCoefficient: 1, targetSecKwh: 2.6 },
  { code: 'BRK-200', name: 'Double bracket', unit: 'pcs', standardCoefficient: 1.8, targetSecKwh: 4.6 },
  { code: 'PNL-10', name: 'Panel', unit: 'pcs', standardCoefficient: 2.5, targetSecKwh: null },
  { code: 'FRM-1', name: 'Welded frame', unit: 'pcs', standardCoefficient: 3, targetSecKwh: 9 },
];

const LINES: DemoLine[] = [
  {
    code: 'PRESS-1',
    name: 'Press line 1',
    department: 'LINE-1',
    targetSecKwh: 2.6,
    meters: { M011: 1, M012: 1 },
    secKwh: 1.9,
    mix: { 'BRK-100': 0.6, 'BRK-200': 0.4 },
  },
  { code: 'OVEN-2', name: 'Coating line 2', department: 'LINE-2', targetSecKwh: 3.2, meters: { M014: 1, M015: 0.8 }, secKwh: 2.4, mix: { 'PNL-10': 1 } },
  { code: 'WELD-3', name: 'Welding line 3', department: 'LINE-3', targetSecKwh: 7.5, meters: { M021: 1, M022: 0.6 }, secKwh: 6.2, mix: { 'FRM-1': 1 } },
];

/** The simulator's demand runs on the process clock's offset (demoSimulator.ts), so the model does too. */
const utcOffsetHours = () => -new Date().getTimezoneOffset() / 60;

/**
 * What the line's meters draw over [from, to) by the simulator's load model (without its per-minute jitter), split
 * into the idle part (the base load) and the busy part (what production adds). Output is made from the busy part, so
 * energy = idle + SEC × output holds day by day and the baseline regression finds it.
 */
function modelEnergy(line: DemoLine, from: number, to: number): { busy: number } {
  let busy = 0;
  for (let t = from; t < to; t += 900_000) {
    for (const [code, ratio] of Object.entries(line.meters)) {
      const shape = DEMO_LOADS[code];
      if (!shape) continue;
      const idle = demand({ ...shape, baseShare: 1 }, t, utcOffsetHours(), 1) * shape.baseShare;
      busy += Math.max(0, demand(shape, t, utcOffsetHours(), 1) - idle) * 0.25 * ratio;
    }
  }
  return { busy };
}

/**
 * Production lines on the demo plant's meters (Line 1–3 of the Main Plant), four products, and per-shift output for
 * the last 90 days made from the simulator's load model (deterministic: the same every start), so SEC, the shifts and
 * the regression show real figures. Output per kWh improves over the last 30 days (a new die set and oven tuning):
 * the baseline saved per line is days −90…−31, and the normalised savings of the last 30 days are positive.
 */
export async function createDemoProduction(db: Kysely<Database>, context: { adminId: number; timeZone: string; now?: number }): Promise<void> {
  const scope = await ownerScopeOfUser(db, context.adminId);
  const owner = scope.home;
  const productIds = new Map<string, { id: number; coefficient: number }>();
  for (const product of PRODUCTS) {
    const row = await db
      .insertInto('products')
      .values({
        owner_user_id: owner,
        code: product.code,
        name: product.name,
        unit: product.unit,
        standard_coefficient: product.standardCoefficient,
        target_sec_kwh: product.targetSecKwh,
        note: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productIds.set(product.code, { id: row.id, coefficient: product.standardCoefficient });
  }
  const departments = new Map(
    (
      await db
        .selectFrom('departments')
        .select(['id', 'code'])
        .where(
          'code',
          'in',
          LINES.map((line) => line.department),
        )
        .execute()
    ).map((d) => [d.code, d.id]),
  );
  const meters = new Map((await db.selectFrom('meters').select(['id', 'code']).execute()).map((m) => [m.code, m.id]));
  const today = localDay(context.now ?? Date.now(), context.timeZone);
  const firstDay = addDays(today, -DEMO_OUTPUT_DAYS);
  const reportingFrom = addDays(today, -DEMO_REPORTING_DAYS);

  for (const [lineIndex, demo] of LINES.entries()) {
    const line = await db
      .insertInto('product_lines')
      .values({
        owner_user_id: owner,
        code: demo.code,
        name: demo.name,
        department_id: departments.get(demo.department) ?? null,
        energy_type: 'electricity',
        target_sec_kwh: demo.targetSecKwh,
        note: '',
      })
      .returning(['id', 'owner_user_id', 'code', 'name', 'department_id', 'energy_type', 'target_sec_kwh'])
      .executeTakeFirstOrThrow();
    const lineMeters = Object.entries(demo.meters).flatMap(([code, ratio]) => {
      const meterId = meters.get(code);
      return meterId === undefined ? [] : [{ meterId, ratio }];
    });
    if (lineMeters.length === 0) continue;
    await putLineMeters(db, line, lineMeters);
    await saveBaseline(db, line.id, { from: firstDay, to: addDays(reportingFrom, -1) }, context.adminId);

    const templates = await lineTemplates(db, line);
    const slots = templates.length
      ? templates.map((t) => ({ name: t.name, start: t.start_time, end: t.end_time }))
      : [{ name: '', start: '00:00', end: '00:00' }];
    const rows: Insertable<Database['product_records']>[] = [];
    // The press line's output comes from its MES over the interface (with its keys); the others are typed in.
    const fromMes = demo.code === 'PRESS-1';
    for (let dayIndex = 0; dayIndex < DEMO_OUTPUT_DAYS; dayIndex++) {
      const day = addDays(firstDay, dayIndex);
      // Output per kWh rises by up to 8 % over the reporting days.
      const gain = day >= reportingFrom ? 1 + (0.08 * (dayIndex - (DEMO_OUTPUT_DAYS - DEMO_REPORTING_DAYS) + 1)) / DEMO_REPORTING_DAYS : 1;
      for (const [slotIndex, slot] of slots.entries()) {
        const window =
          slot.name === ''
            ? { from: wallTime(day, 0, context.timeZone), to: wallTime(addDays(day, 1), 0, context.timeZone) }
            : shiftWindow(day, slot.start, slot.end, context.timeZone);
        const { busy } = modelEnergy(demo, window.from, window.to);
        const jitter = 1 + 0.06 * noise(101 + lineIndex * 7 + slotIndex, dayIndex);
        const standardOutput = (busy / demo.secKwh) * jitter * gain;
        for (const [productCode, share] of Object.entries(demo.mix)) {
          const product = productIds.get(productCode)!;
          const quantity = Math.round((standardOutput * share) / product.coefficient);
          if (quantity <= 0) continue;
          rows.push({
            owner_user_id: owner,
            line_id: line.id,
            product_id: product.id,
            day,
            shift: slot.name,
            quantity,
            source: fromMes ? 'http' : 'manual',
            reference: fromMes ? `MES-${day}-${slot.name || 'DAY'}-${productCode}` : '',
            note: '',
          });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 400)
      await db
        .insertInto('product_records')
        .values(rows.slice(i, i + 400))
        .execute();
  }
}
