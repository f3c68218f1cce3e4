import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AlarmEvents } from '../alarms/alarmEvents';
import { ChannelSettingsStore } from './channelSettings';
import { DeliveryWorker, type DeliveryWorkerOptions } from './deliveryWorker';
import { PushDispatcher } from './pushDispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    pushes: PushService;
  }
}

export interface PushServiceOptions extends Pick<DeliveryWorkerOptions, 'pollMs' | 'now'> {
  timeZone: string;
  onError: (error: unknown) => void;
}

/** The pushes side of the server: the dispatcher on the alarm events and the delivery worker. */
export class PushService {
  readonly settings: ChannelSettingsStore;
  readonly worker: DeliveryWorker;
  readonly dispatcher: PushDispatcher;
  readonly timeZone: string;

  constructor(
    db: Kysely<Database>,
    private readonly events: AlarmEvents,
    options: PushServiceOptions,
  ) {
    this.timeZone = options.timeZone;
    this.settings = new ChannelSettingsStore(db);
    this.worker = new DeliveryWorker(db, this.settings, {
      onError: options.onError,
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    this.dispatcher = new PushDispatcher(db, {
      timeZone: options.timeZone,
      onRecords: () => this.worker.kick(),
      onError: options.onError,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** Listen to alarms and start delivering (after the alarm engine is up). */
  start(): void {
    this.dispatcher.attach(this.events);
    this.worker.start();
  }

  /** Stop listening, finish the alarms taken and the sends in flight; no timers remain. */
  async stop(): Promise<void> {
    await this.dispatcher.stop();
    await this.worker.stop();
  }

  /** Resolves once every alarm announced so far is dispatched and the worker has nothing running. */
  async idle(): Promise<void> {
    await this.dispatcher.idle();
    await this.worker.idle();
  }
}
