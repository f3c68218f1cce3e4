import type { FastifyInstance } from 'fastify';
import { offlineIntervalsFromEnv } from '../alarms/alarmSettings';
import type { MqttIngress } from '../mqtt';
import { issueDemoGatewayLogin } from './demoGatewayLogin';
import { connectDemoPublisher } from './mqttPublisher';
import { GatewayCommands } from './gatewayCommands';
import { DEMO_GATEWAY_SN } from './demoScenario';
import { startSimulator } from './runSimulator';
import { closeDemoMonth, DEMO_CLOSE_MIN_BACKFILL_DAYS } from '../seed/demoClose';
import { createDemoOverdueCheck } from '../seed/demoMeterChecks';
import { createDemoPrepaid, DEMO_PREPAID_MIN_BACKFILL_DAYS } from '../prepaid/demoPrepaid';
import { createDemoReports } from '../reports/demoReports';
import { createDemoPowerImports } from '../powerImports/demoPowerImports';
import { startDemoForwarding, type DemoForwarding } from './demoForwarding';

/**
 * Fourteen months: whatever today's date, last month and the same month a year before it are complete,
 * and so is the wall's 365-day calendar (13 months would leave last month's year-ago twin cut short).
 */
export const DEFAULT_BACKFILL_DAYS = 430;

/** The job lease (server/jobs) that makes the demo gateway one across processes sharing a database. */
export const DEMO_SIMULATOR_LEASE = 'demo-simulator';
/** How often the running simulator checks that its process still holds the lease. */
const LEASE_CHECK_MS = 5_000;

/**
 * `npm start`'s live demo, on one process of those sharing the database: the holder of the `demo-simulator` lease
 * runs it (backfill, then live readings); another process takes the lease within about 25 s when the holder dies and
 * starts it there (the backfill fills only the gap). Two simulators would each publish the gateway's readings and
 * write the backfill's alarm history. Returns the function that stops it.
 */
export async function startDemo(app: FastifyInstance, mqttIngress: MqttIngress): Promise<() => Promise<void>> {
  let running: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  const lease = app.jobLeases.lease(DEMO_SIMULATOR_LEASE, () => {
    if (running || starting || closed) return;
    app.log.info('simulator: this process holds the demo gateway');
    starting = runDemo(app, mqttIngress)
      .then((stop) => void (running = stop))
      .catch((error: unknown) => app.log.warn({ err: error }, 'simulator: start failed'))
      .finally(() => (starting = null));
  });
  // A holder that lost its lease (stalled past its renewals) stops; the process that took it runs the demo now.
  const check = setInterval(() => {
    if (!running || lease.held()) return;
    const stop = running;
    running = null;
    app.log.warn('simulator: the demo gateway lease went to another process; stopping here');
    void stop().catch(() => undefined);
  }, LEASE_CHECK_MS).unref();
  return async () => {
    closed = true;
    clearInterval(check);
    await starting;
    await running?.();
  };
}

/** The demo itself: simulated gateways publish through the real MQTT path when the embedded broker runs;
 * otherwise (port off, external broker) straight into the ingestion pipeline. */
async function runDemo(app: FastifyInstance, mqttIngress: MqttIngress): Promise<() => Promise<void>> {
  const intervalMs = Number(process.env.SIMULATOR_INTERVAL_MS ?? 10_000);
  const login = await issueDemoGatewayLogin(app.storage.db);
  if (!login) {
    app.log.warn(`simulator: no ${DEMO_GATEWAY_SN} gateway (SEED_DEMO=off?), nothing to simulate`);
    return async () => undefined;
  }
  let publisher: Awaited<ReturnType<typeof connectDemoPublisher>> | undefined;
  // The gateway obeys supply commands (prepaid cut-off and restore); relays as the last acked commands left them.
  const relays = await GatewayCommands.load(app.storage.db, DEMO_GATEWAY_SN);
  const gatewayMeters = new Set(
    (
      await app.storage.db
        .selectFrom('meters')
        .innerJoin('gateways', 'gateways.id', 'meters.gateway_id')
        .select('meters.code')
        .where('gateways.sn', '=', DEMO_GATEWAY_SN)
        .execute()
    ).map((row) => row.code),
  );
  if (mqttIngress.mode === 'embedded' && mqttIngress.port) {
    publisher = await connectDemoPublisher(mqttIngress.port, login, { state: relays, knownMeter: (code) => gatewayMeters.has(code) });
    app.log.info(`simulator: publishing to gateways/${DEMO_GATEWAY_SN}/readings every ${intervalMs / 1000} s over MQTT`);
  } else {
    app.log.info(`simulator: MQTT is ${mqttIngress.mode}, so readings go straight into ingestion every ${intervalMs / 1000} s`);
  }
  // The regulator's platform: an endpoint made on an earlier start points at this start's receiver before the
  // backfill, so the readings filling the downtime reach it instead of last start's closed port.
  const forwardingStarted = (made: DemoForwarding | null) => {
    if (made) app.log.info(`demo: forwarding to the regulator platform at ${made.url} (Settings › Web service configuration)`);
    return made;
  };
  const forwardingFailed = (error: unknown) => (app.log.warn({ err: error }, 'demo: the regulator platform failed'), null);
  const pointed = await startDemoForwarding(app, { create: false }).then(forwardingStarted, forwardingFailed);
  const backfillDays = Number(process.env.SIMULATOR_BACKFILL_DAYS ?? DEFAULT_BACKFILL_DAYS);
  const running = await startSimulator({
    db: app.storage.db,
    ingest: app.ingest,
    alarms: app.alarms.engine.records,
    offlineIntervals: offlineIntervalsFromEnv(),
    publish: publisher ? publisher.publish : async (payload) => void (await app.ingest.submit(payload, { kind: 'mqtt', gatewaySn: DEMO_GATEWAY_SN })),
    intervalMs,
    backfillDays,
    log: app.log,
    relays,
  }).catch(async (error: unknown) => {
    await pointed?.close();
    throw error;
  });
  // The backfill is in: last month is closed once, when the backfill covers it (the demo's settlement shows a closed month).
  if (backfillDays >= DEMO_CLOSE_MIN_BACKFILL_DAYS)
    void closeDemoMonth(app, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'demo: closing last month failed'));
  // The overdue calibration of M022, once, with its reminder alarm raised now (not by tomorrow's pass).
  void createDemoOverdueCheck(app)
    .then((raised) => raised > 0 && app.log.info('demo: M022 calibration overdue, reminder raised (Settlement › Check & repair, Alarms)'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'demo: the overdue meter check failed'));
  // The prepaid rooms, once: accounts opened 35 days ago, charged hour by hour since, every room state on the wall
  // (only when the backfill covers those days: a short one, as browser tests use, gets none).
  if (backfillDays >= DEMO_PREPAID_MIN_BACKFILL_DAYS)
    void app.ingest
      .drain()
      .then(() => createDemoPrepaid(app))
      .then((made) => made && app.log.info(`demo: ${made.accounts} prepaid rooms, ${made.hours} room-hours charged in ${made.ms} ms (Prepaid › Rooms)`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo: the prepaid rooms failed'));
  // Reports, once: definitions, schedules, last month's files made by the runner, a public link and two analysed
  // bills of the main incomer's last month (only when the backfill covers last month, as for the close).
  if (backfillDays >= DEMO_CLOSE_MIN_BACKFILL_DAYS)
    void app.ingest
      .drain()
      .then(() => createDemoReports(app, { log: app.log }))
      .then(
        (made) =>
          made &&
          app.log.info(
            `demo: ${made.definitions} report definitions, ${made.schedules} schedules, ${made.runs} files queued, ${made.bills} bills analysed (Reports); public report sheet: ${made.linkUrl ?? 'none'}`,
          ),
      )
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo: the reports failed'));
  // Imported data, once: the utility's daily figures of the incomers (a few days off by more than 5 %) and a fuel log.
  if (backfillDays >= DEMO_CLOSE_MIN_BACKFILL_DAYS)
    void app.ingest
      .drain()
      .then(() => createDemoPowerImports(app))
      .then((made) => made && app.log.info(`demo: ${made.powerRows} utility power rows and ${made.fuelRows} fuel rows imported (Power comparison)`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo: the power imports failed'));
  // The first start makes the endpoint once the backfill is committed: made before, it would be handed the
  // fourteen months of backfilled readings (far past its queue) instead of the live ones.
  const forwarding = pointed
    ? Promise.resolve(pointed)
    : app.ingest
        .drain()
        .then(() => startDemoForwarding(app, { create: true }))
        .then(forwardingStarted, forwardingFailed);
  return async () => {
    running.stop();
    await publisher?.close();
    const regulator = await forwarding;
    if (regulator) {
      app.log.info(`demo: the regulator platform stopped: ${regulator.regulator.summary()}`);
      await regulator.close();
    }
  };
}
