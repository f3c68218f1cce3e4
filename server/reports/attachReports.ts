import type { FastifyInstance } from 'fastify';
import { ChannelSettingsStore } from '../pushes/channelSettings';
import { ReportDeliveries, type LinkForRun } from './delivery/reportDeliveries';
import { ReportRetention } from './runs/reportRetention';
import { ReportRunner } from './runs/reportRunner';
import { ReportRuns } from './runs/reportRuns';
import { ReportSettingsStore } from './runs/reportSettings';
import { ReportSchedules } from './schedules/reportSchedules';
import { ReportLinks } from './links/reportLinks';

/**
 * `app.reports`: the report parts one process shares. The runner, the scheduler, the delivery worker and the
 * retention run in every process; each claims its work in the database, so any number of processes may run.
 */
export interface ReportsHandle {
  /** generated reports: create, list, cancel, delete, the file (runs/) */
  runs: ReportRuns;
  /** works off queued runs one at a time (runs/reportRunner.ts) */
  runner: ReportRunner;
  /** report_settings (retention) */
  settings: ReportSettingsStore;
  /** schedules CRUD and the due-slot loop (schedules/) */
  schedules: ReportSchedules;
  /** e-mails of scheduled runs (delivery/) */
  deliveries: ReportDeliveries;
  /** daily deletion of old runs, once per day across processes */
  retention: ReportRetention;
  /** public report sheets: links to a run's file or a live definition (links/) */
  links: ReportLinks;
  /** stops the runner, scheduler, delivery worker and retention of this process (on close; suites that must not see them work) */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsHandle;
  }
}

export function attachReports(app: FastifyInstance): void {
  const { db, kind, sqlite } = app.storage;
  const timeZone = app.serverConfig.timeZone;
  const onError = (what: string) => (error: unknown) => app.log.warn({ err: error }, what);
  const handle = {} as ReportsHandle;
  handle.settings = new ReportSettingsStore(db);
  handle.runs = new ReportRuns(db, handle.settings, timeZone, () => handle.runner.nudge());
  handle.deliveries = new ReportDeliveries(db, handle.runs, new ChannelSettingsStore(db), {
    // The links part is attached beside this one; looked up when a too-large file is sent.
    linkForRun: () => (handle as { links?: { createForRun?: LinkForRun } }).links?.createForRun?.bind((handle as { links?: object }).links),
    onError: onError('report delivery failed'),
  });
  handle.runner = new ReportRunner({
    db,
    dbKind: kind,
    sqlite,
    timeZone,
    onDone: async (runId) => void (await handle.deliveries.createForRun(runId)),
    onError: onError('report run failed'),
  });
  handle.schedules = new ReportSchedules(db, handle.runs, timeZone);
  handle.retention = new ReportRetention(db, handle.settings, timeZone, handle.runner.processId);
  handle.links = new ReportLinks({
    db,
    dbKind: kind,
    sqlite,
    timeZone,
    publicUrl: app.serverConfig.publicUrl,
    onError: onError('report sheet table failed'),
  });
  app.decorate('reports', handle);

  handle.runner.start();
  handle.deliveries.start();
  const stopScheduler = handle.schedules.start(onError('report schedules failed'));
  const stopRetention = handle.retention.start(onError('report retention failed'));
  handle.stop = async () => {
    stopScheduler();
    stopRetention();
    await handle.runner.stop();
    await handle.deliveries.stop();
  };
  app.addHook('onClose', async () => handle.stop());
}
