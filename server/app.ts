import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type ServerConfig } from './config';
import { openStorage, type Storage } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seed, type SeedResult } from './seed';
import { underStartLock } from './seed/startLock';
import { resolveJwtSecret } from './auth/secret';
import { TokenSigner } from './auth/tokens';
import { SessionRepository } from './auth/sessions';
import { LoginThrottle } from './auth/loginThrottle';
import { AuthService } from './auth/authService';
import { DisplayTokens } from './auth/displayTokens';
import { UserRepository } from './users/userRepository';
import { registerAccessControl } from './http/access';
import { registerErrorHandling } from './http/errorHandler';
import { registerBodyRules } from './http/bodyParsers';
import { registerWebRoutes } from './http/webRoutes';
import { applySecurityHeaders } from './http/securityHeaders';
import { registerApiContract } from './http/openapi/registerApiContract';
import { attachRealtime, type Realtime } from './realtime/socketServer';
import { registerChannels } from './realtime/channels';
import { redisFromEnv } from './redis/redisLink';
import { apiModules } from './modules';
import { assertTimeZone } from './metering/calendar';
import { IngestService } from './ingest/ingestService';
import { startOnlineMonitor } from './ingest/onlineMonitor';
import { attachJobLeases } from './jobs/attachJobLeases';
import { AlarmEvents } from './alarms/alarmEvents';
import { AlarmEngine, startAlarmSweep } from './alarms/alarmEngine';
import { offlineIntervalsFromEnv, SILENCE_SWEEP_MS } from './alarms/alarmSettings';
import { PushService } from './pushes/pushService';
import { attachForwarding } from './forwarding/attachForwarding';
import { loggerOptions } from './logging/loggerOptions';
import { OneLinePerRequest } from './logging/requestLog';
import { registerHiddenGroupGate, sessionSeconds, SiteSettingsService, startReadingRetention } from './siteSettings';
import { attachTariffs } from './tariffs/attachTariffs';
import { startCheckReminders } from './meterChecks/checkReminders';
import { attachPrepaid } from './prepaid/attachPrepaid';
import { attachReports } from './reports/attachReports';
import { attachPowerComparison } from './powerComparison/attachPowerComparison';
import { attachPowerImports } from './powerImports/attachPowerImports';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    serverConfig: ServerConfig;
    auth: AuthService;
    realtime: Realtime;
    /** What the first-start seed made that is shown only once (generated passwords, the demo wall's link). */
    adminSeed: SeedResult;
    ingest: IngestService;
    alarms: { events: AlarmEvents; engine: AlarmEngine };
  }
}

export interface BuildOptions {
  /** Tests hand in a PostgreSQL schema of their own. */
  postgresSchema?: string;
  logger?: boolean;
}

/** Builds the whole server (storage migrated and seeded, API, realtime, web pages) without listening. */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.postgresSchema ? { postgresSchema: options.postgresSchema } : {}),
  });
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logFormat, config.logLevel),
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  try {
    // One process at a time migrates and seeds (PostgreSQL advisory lock): the next finds it all done.
    const adminSeed = await underStartLock(storage, async () => {
      await migrateToLatest(storage);
      return seed(storage.db, {
        adminPassword: config.adminPassword,
        demo: config.seedDemo,
        demoUserPassword: config.demoUserPassword,
        timeZone: config.timeZone,
        dbKind: storage.kind,
      });
    });
    const users = new UserRepository(storage.db);
    const siteSettings = new SiteSettingsService(storage.db);
    await siteSettings.reload();
    // The site's session length, when set, replaces TOKEN_TTL_SECONDS for every token signed from then on.
    const signer = new TokenSigner(resolveJwtSecret(config.jwtSecret, config.dataDir), () => sessionSeconds(siteSettings.current, config.tokenTtlSeconds));
    const auth = new AuthService(users, new SessionRepository(storage.db), new LoginThrottle(storage.db), signer, new DisplayTokens(storage.db));

    app.decorate('storage', storage);
    app.decorate('serverConfig', config);
    app.decorate('auth', auth);
    app.decorate('adminSeed', adminSeed);
    app.decorate('siteSettings', siteSettings);
    const redis = redisFromEnv(process.env, app.log); // REDIS_URL: rooms and channel events span every process
    app.decorate(
      'realtime',
      attachRealtime(app.server, auth, redis, (error) => app.log.warn({ err: error }, 'cluster event failed')),
    );
    assertTimeZone(config.timeZone);
    app.decorate(
      'ingest',
      new IngestService(storage.db, config.timeZone, undefined, storage.sqlite, (error) => app.log.warn({ err: error }, 'ingest listener failed')),
    );
    app.ingest.directory.shareChanges(app.realtime.cluster); // REDIS_URL: a meter or gateway change reaches every process
    const alarmEvents = new AlarmEvents((error) => app.log.warn({ err: error }, 'alarm listener failed'));
    const alarmEngine = new AlarmEngine(storage.db, alarmEvents, app.ingest.directory, {
      offlineIntervals: offlineIntervalsFromEnv(),
      onError: (error) => app.log.warn({ err: error }, 'alarm evaluation failed'),
    });
    await alarmEngine.init();
    alarmEngine.shareRuleChanges(app.realtime.cluster); // REDIS_URL: a threshold rule change reaches every process
    app.ingest.events.onCommitted(({ readings, quarantined }) => alarmEngine.onReadings(readings, quarantined));
    app.ingest.onRecordError = (error) => app.log.warn({ err: error }, 'recording ingest rejections failed');
    app.decorate('alarms', { events: alarmEvents, engine: alarmEngine });
    app.decorate(
      'pushes',
      new PushService(storage.db, alarmEvents, { timeZone: config.timeZone, onError: (error) => app.log.warn({ err: error }, 'push failed') }),
    );
    attachJobLeases(app); // app.jobLeases: singleton jobs run on one process at a time (server/jobs)
    await attachForwarding(app);
    attachTariffs(app); // app.tariffs (reload, book) and the recompute job runner
    attachPrepaid(app); // app.prepaid: balance events, hourly deduction, supply control, payments
    attachReports(app); // app.reports: report runs (jobs), schedules, e-mail delivery, retention
    attachPowerImports(app); // app.powerImports: uploads, import batches (a job any process serves), fuel factors
    attachPowerComparison(app); // app.powerComparison: compares imported power batches with metered, raises alarms
    registerChannels(app);

    registerErrorHandling(app);
    registerBodyRules(app);
    app.addHook('onSend', async (request, reply) => applySecurityHeaders(request, reply));
    registerHiddenGroupGate(app, siteSettings); // before the access hook: a hidden group's routes are 404 for everyone
    registerAccessControl(app, auth);
    await registerApiContract(app); // before the modules: it collects their routes as they are added
    await app.register(
      async (api) => {
        for (const module of apiModules) await api.register(module);
      },
      { prefix: '/api' },
    );
    await registerWebRoutes(app, config.webRoot);

    const stopOnlineMonitor = startOnlineMonitor(
      storage.db,
      config.meterOfflineMs,
      30_000,
      (error) => app.log.warn({ err: error }, 'online sweep failed'),
      app.jobLeases,
    );
    app.addHook('onClose', async () => stopOnlineMonitor());
    const stopAlarmSweep = startAlarmSweep(alarmEngine, SILENCE_SWEEP_MS, app.jobLeases);
    app.addHook('onClose', async () => stopAlarmSweep());
    const stopRetention = startReadingRetention(app, config.timeZone);
    app.addHook('onClose', async () => stopRetention());
    const stopCheckReminders = startCheckReminders(app, config.timeZone); // overdue meter checks, once a day across processes
    app.addHook('onClose', async () => stopCheckReminders());
    app.pushes.start();
    // Order matters on close: stop realtime, let in-flight requests finish (fastify), then the database.
    app.addHook('preClose', async () => app.realtime.close());
    app.addHook('onClose', async () => {
      await app.ingest.drain(); // readings already acknowledged as queued are written before the database closes
      await app.pushes.stop(); // after the drain, so alarms it raised still become push records
      await storage.close();
    });
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    await storage.close().catch(() => undefined);
    throw error;
  }
}
