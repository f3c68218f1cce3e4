import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlarmRecords } from '../alarms/alarmRecords';
import type { Ingest } from '../ingest/types';
import { writeAlarmHistory } from './alarmHistory';
import { DEMO_GATEWAY_SN, scenarioTiming } from './demoScenario';
import { DemoSimulator } from './demoSimulator';
import type { GatewayCommands } from './gatewayCommands';

export { DEMO_GATEWAY_SN } from './demoScenario';

const BUSY_RETRIES = 50;
const BUSY_WAIT_MS = 200;

export interface SimulatorOptions {
  db: Kysely<Database>;
  ingest: Ingest;
  /** Where the backfill's alarm history is written (the engine's records); none: no alarm history. */
  alarms?: AlarmRecords;
  /** ALARM_OFFLINE_INTERVALS: the silences are made long enough to raise (and clear) offline alarms. */
  offlineIntervals: number;
  /** How live readings leave the simulator (the MQTT path when the broker runs). */
  publish: (payload: { ts: number; readings: unknown[] }) => Promise<void>;
  intervalMs: number;
  /** History to fill on the first start, and at most across a downtime. */
  backfillDays: number;
  log: { info(message: string): void; warn(message: string): void };
  /** The demo gateway's relays (supply commands it obeyed): a cut meter reports 0 kW and no energy. */
  relays?: GatewayCommands;
}

export interface RunningSimulator {
  stop(): void;
}

export interface PreparedSimulator {
  /** Readings and alarm history up to `now` (first start: the whole window; restart: the downtime). */
  backfill(now: number): Promise<{ readings: number; alarms: number; from: number }>;
  /** One live publish of the readings at `ts`. */
  tick(ts: number): Promise<void>;
  /** Where the scenario's cycles are phased from. */
  readonly origin: number;
  /** Phase the live scenario from here on (history already written keeps its phase). */
  rephase(origin: number): void;
}

/** The simulator without its timer: tests drive `tick` with the clock they choose. */
export async function prepareSimulator(options: SimulatorOptions, origin: number): Promise<PreparedSimulator> {
  const scenario = { origin, timing: scenarioTiming(options.offlineIntervals) };
  const simulator = await DemoSimulator.load(options.db, scenario, options.relays);
  return {
    get origin() {
      return scenario.origin;
    },
    rephase(next) {
      scenario.origin = next;
    },
    async backfill(now) {
      const from = Math.max(simulator.lastStored ?? 0, now - options.backfillDays * 86_400_000);
      let readings = 0;
      for (const chunk of simulator.history(from, now)) {
        let outcome = await options.ingest.submit({ readings: chunk }, { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN });
        // A full ingest queue (live gateways publishing meanwhile) asks to try again: a gap would lose the chunk's detail.
        for (let attempt = 0; 'busy' in outcome && outcome.busy && attempt < BUSY_RETRIES; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
          outcome = await options.ingest.submit({ readings: chunk }, { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN });
        }
        if ('accepted' in outcome) readings += outcome.accepted;
      }
      const alarms =
        options.alarms && readings > 0 ? await writeAlarmHistory(options.db, options.alarms, scenario, { from, to: now }, options.offlineIntervals) : 0;
      return { readings, alarms, from };
    },
    async tick(ts) {
      await options.publish({ ts, readings: simulator.readingsAt(ts, 'live').map(({ meter, values }) => ({ meter, values })) });
    },
  };
}

/**
 * The demo gateway: fills history through the ingestion pipeline (so charts and alarm statistics are
 * full at once), then publishes live readings every interval, playing the scenario from that moment.
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const started = Date.now();
  const prepared = await prepareSimulator(options, started);
  const filled = await prepared.backfill(started);
  // Live events are phased from the first live tick, however long the backfill took: the first
  // overload then begins 30 s after publishing starts.
  prepared.rephase(Date.now());
  if (filled.readings) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    options.log.info(
      `simulator: backfilled ${filled.readings} readings and ${filled.alarms} past alarms since ${new Date(filled.from).toISOString()} in ${seconds} s`,
    );
  }

  let stopped = false;
  const tick = async () => {
    try {
      await prepared.tick(Date.now());
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
