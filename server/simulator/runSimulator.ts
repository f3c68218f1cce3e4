import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Ingest } from '../ingest/types';
import { DemoSimulator } from './demoSimulator';

export const DEMO_GATEWAY_SN = 'GW-DEMO-01';

export interface SimulatorOptions {
  db: Kysely<Database>;
  ingest: Ingest;
  /** How live readings leave the simulator (the MQTT path when the broker runs). */
  publish: (payload: { ts: number; readings: unknown[] }) => Promise<void>;
  intervalMs: number;
  /** History to fill on the first start, and at most across a downtime. */
  backfillDays: number;
  log: { info(message: string): void; warn(message: string): void };
}

export interface RunningSimulator {
  stop(): void;
}

/**
 * The demo gateway: fills recent history through the ingestion pipeline (so charts are full at once),
 * then publishes live readings every interval.
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const simulator = await DemoSimulator.load(options.db);
  const now = Date.now();
  const from = Math.max(simulator.lastStored ?? 0, now - options.backfillDays * 86_400_000);
  let backfilled = 0;
  for (const readings of simulator.history(from, now)) {
    const outcome = await options.ingest.submit({ readings }, { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN });
    if ('accepted' in outcome) backfilled += outcome.accepted;
  }
  if (backfilled) options.log.info(`simulator: backfilled ${backfilled} readings since ${new Date(from).toISOString()}`);

  let stopped = false;
  const tick = async () => {
    const ts = Date.now();
    try {
      await options.publish({ ts, readings: simulator.readingsAt(ts).map(({ meter, values }) => ({ meter, values })) });
    } catch (error) {
      options.log.warn(`simulator: publish failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  let timer = setTimeout(() => void tick(), options.intervalMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
