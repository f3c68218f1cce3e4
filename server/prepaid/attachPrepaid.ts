import type { FastifyInstance } from 'fastify';
import { PrepaidEvents } from './prepaidEvents';
import { DeductionRunner } from './deduction/deductionRunner';
import { BillJob } from './bills/billJob';
import { SupplyControl } from './supply/supplyControl';
import { BalanceAlarms } from './alarms/balanceAlarms';
import { Payments } from './payments/payments';
import { Reconciliation } from './reconciliation/reconciliation';

/**
 * `app.prepaid`: what the prepaid side's parts share inside one process. Each part that runs on its own
 * (hourly deduction, supply control, payment queries, reconciliation, bills) is started here and stopped
 * before the database closes.
 */
export interface PrepaidHandle {
  /** balance changes, announced after their transaction committed */
  events: PrepaidEvents;
  /** the hourly deduction: each room-hour charged exactly once, late readings adjusted (deduction/) */
  deduction: DeductionRunner;
  /** cut-off and restore commands to gateways, decided from balance changes and a minute sweep (supply/) */
  supply: SupplyControl;
  /** balance alarms (kind 'balance') following the level, and the member's low-balance, cut and restore pushes (alarms/) */
  balanceAlarms: BalanceAlarms;
  /** monthly bills: last month issued once (job_claims), overdue marking, invoices settled after top-ups (bills/) */
  bills: BillJob;
  /** top-ups, refunds, the online provider and the query loop of unsettled payments (payments/, provider/) */
  payments: Payments;
  /** the daily provider-bill match and cash-ups (reconciliation/) */
  reconciliation: Reconciliation;
}

declare module 'fastify' {
  interface FastifyInstance {
    prepaid: PrepaidHandle;
  }
}

export function attachPrepaid(app: FastifyInstance): void {
  const events = new PrepaidEvents((error) => app.log.warn({ err: error }, 'prepaid listener failed'));
  const balanceAlarms = new BalanceAlarms({
    db: app.storage.db,
    records: app.alarms.engine.records,
    events,
    onError: (error) => app.log.warn({ err: error }, 'balance alarm failed'),
  });
  const supply = new SupplyControl({
    db: app.storage.db,
    timeZone: app.serverConfig.timeZone,
    events,
    onError: (error) => app.log.warn({ err: error }, 'supply control failed'),
    onSupplyChanged: (accountId, state) => balanceAlarms.supplyChanged(accountId, state === 'cut' ? 'cut' : 'restore'),
  });
  const bills = new BillJob(app.storage.db, app.serverConfig.timeZone);
  const deduction = new DeductionRunner({
    db: app.storage.db,
    dbKind: app.storage.kind,
    timeZone: app.serverConfig.timeZone,
    book: () => app.tariffs.book(),
    announce: (result, cause, at) => events.announce(result, cause, at),
    sqlite: app.storage.sqlite,
    onError: (error) => app.log.warn({ err: error }, 'prepaid deduction failed'),
  });
  const handle = { events, supply, balanceAlarms, bills, deduction } as PrepaidHandle;
  app.decorate('prepaid', handle);
  handle.payments = new Payments(app);
  handle.reconciliation = new Reconciliation(app, handle.payments);
  handle.payments.start();
  handle.reconciliation.start();
  app.addHook('onClose', async () => {
    await handle.payments.stop();
    await handle.reconciliation.stop();
  });
  const billError = (error: unknown) => app.log.warn({ err: error }, 'prepaid bills failed');
  bills.listen(events, billError);
  const stopBills = bills.start((run) => {
    if (run.issued?.issued) app.log.info({ month: run.issued.month, issued: run.issued.issued }, 'prepaid bills issued');
  }, billError);
  app.addHook('onClose', async () => stopBills());
  supply.start();
  balanceAlarms.start();
  app.addHook('onClose', async () => {
    await supply.stop();
    await balanceAlarms.stop();
  });
  deduction.start();
  app.addHook('onClose', async () => deduction.stop());
}
