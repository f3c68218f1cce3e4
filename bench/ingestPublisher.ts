// The load side of bench/ingestThroughput.ts, in a process of its own (forked by the server-side run) so
// the publisher neither takes the server's event loop nor counts in the server's RSS. One MQTT connection
// per gateway, QoS 1, payloads of history readings (1 minute apart per meter, registers rising under the
// meter's rating). Latency = PUBACK time − intended send time (open loop) or send time (closed loop):
// the embedded broker acknowledges only after the readings are committed.
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';

export interface PublisherMeter {
  code: string;
  /** Constant demand of this simulated meter (kW); the register rises by kw/60 per minute. */
  kw: number;
  register: number;
}

export interface PublisherGateway {
  sn: string;
  username: string;
  password: string;
  meters: PublisherMeter[];
}

export type PhaseSpec =
  { name: string; mode: 'open'; ratePerS: number; seconds: number } | { name: string; mode: 'closed'; inflightPerGateway: number; seconds: number };

export interface StartMessage {
  type: 'start';
  port: number;
  gateways: PublisherGateway[];
  /** Epoch ms of the first reading of every meter. */
  startTs: number;
  payloadReadings: number;
  phases: PhaseSpec[];
  /** Wait at most this long after the last phase for outstanding acknowledgements. */
  drainTimeoutMs: number;
}

export interface PhaseResult {
  name: string;
  mode: 'open' | 'closed';
  /** Offered: readings published during the phase. */
  sentReadings: number;
  sentMessages: number;
  /** Readings acknowledged (committed) while the phase ran, whichever phase sent them. */
  ackedReadingsInWindow: number;
  windowSeconds: number;
  /** PUBACK latency of the messages sent in this phase (ms), only those acknowledged. */
  latenciesMs: number[];
  /** Messages sent in this phase still unacknowledged when the drain timeout ran out. */
  unacked: number;
  /** CPU the publisher process used during the phase, in cores (1 = one core busy). */
  cpuCores: number;
}

export interface PublisherResult {
  type: 'result';
  phases: PhaseResult[];
  sentReadings: number;
  ackedReadings: number;
  /** Time from the end of the last phase until every message was acknowledged (or the timeout). */
  drainSeconds: number;
  reconnects: number;
  closes: number;
  publishErrors: number;
  /** Sum over meters of (last register sent − first register sent): the energy the rollups must hold. */
  expectedEnergy: number;
  lastTs: number;
  /** Message k of a gateway holds minutes [k·m, (k+1)·m) after startTs of all its meters. */
  minutesPerMessage: number;
  /** Per gateway (in the order given): indexes of the messages acknowledged. */
  ackedMessages: number[][];
}

export interface PhaseEvent {
  type: 'phase';
  name: string;
}

const MINUTE = 60_000;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

class GatewayStream {
  /** Minutes already published for this gateway's meters. */
  private minute = 0;
  /** Each meter's first register value sent: energy is counted from there. */
  firstSent: number[] | undefined;
  constructor(
    readonly gateway: PublisherGateway,
    private readonly startTs: number,
    private readonly minutesPerMessage: number,
  ) {}

  readonly acked: number[] = [];

  /** The next payload: `minutesPerMessage` consecutive minutes of every meter of the gateway. */
  next(): { body: string; readings: number; index: number } {
    const index = this.minute / this.minutesPerMessage;
    const readings: string[] = [];
    for (let m = 0; m < this.minutesPerMessage; m++) {
      const ts = this.startTs + (this.minute + m) * MINUTE;
      for (const meter of this.gateway.meters) {
        meter.register = round3(meter.register + meter.kw / 60);
        readings.push(`{"meter":"${meter.code}","ts":${ts},"values":{"kwh":${meter.register},"kw":${meter.kw}}}`);
      }
      this.firstSent ??= this.gateway.meters.map((meter) => meter.register);
    }
    this.minute += this.minutesPerMessage;
    return { body: `{"readings":[${readings.join(',')}]}`, readings: readings.length, index };
  }

  get lastTs(): number {
    return this.startTs + (this.minute - 1) * MINUTE;
  }
}

async function run(start: StartMessage): Promise<PublisherResult> {
  const meterCount = start.gateways[0]?.meters.length ?? 1;
  const minutesPerMessage = Math.max(1, Math.round(start.payloadReadings / meterCount));
  const streams = start.gateways.map((g) => new GatewayStream(g, start.startTs, minutesPerMessage));
  let reconnects = 0;
  let closes = 0;
  let publishErrors = 0;
  const clients: MqttClient[] = await Promise.all(
    start.gateways.map(async (g) => {
      // clean: false + a fixed client id: QoS 1 messages not yet acknowledged when the broker drops the
      // connection (it does so when ingest's queue is full) are resent after the reconnect.
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${start.port}`, {
        username: g.username,
        password: g.password,
        clientId: `bench-${g.sn}`,
        clean: false,
        reconnectPeriod: 250,
        connectTimeout: 60_000, // 20 argon2id checks at once: slow on a busy machine
        keepalive: 60,
      });
      client.on('reconnect', () => reconnects++);
      client.on('close', () => closes++);
      client.on('error', () => undefined);
      return client;
    }),
  );

  let sentReadings = 0;
  let ackedReadings = 0;
  let outstanding = 0;
  let currentPhase: { ackedInWindow: number } | undefined;
  const results: PhaseResult[] = [];

  const publish = (index: number, phase: PhaseResult, intendedAt: number, onAck?: () => void) => {
    const stream = streams[index]!;
    const { body, readings, index: messageIndex } = stream.next();
    phase.sentMessages++;
    phase.sentReadings += readings;
    sentReadings += readings;
    outstanding++;
    phase.unacked++;
    clients[index]!.publish(`gateways/${stream.gateway.sn}/readings`, body, { qos: 1 }, (error) => {
      if (error) {
        publishErrors++;
        return;
      }
      outstanding--;
      phase.unacked--;
      stream.acked.push(messageIndex);
      ackedReadings += readings;
      if (currentPhase) currentPhase.ackedInWindow += readings;
      phase.latenciesMs.push(performance.now() - intendedAt);
      onAck?.();
    });
  };

  for (const spec of start.phases) {
    process.send?.({ type: 'phase', name: spec.name } satisfies PhaseEvent);
    const phase: PhaseResult = {
      name: spec.name,
      mode: spec.mode,
      sentReadings: 0,
      sentMessages: 0,
      ackedReadingsInWindow: 0,
      windowSeconds: spec.seconds,
      latenciesMs: [],
      unacked: 0,
      cpuCores: 0,
    };
    const cpuBefore = process.cpuUsage();
    results.push(phase);
    const window = { ackedInWindow: 0 };
    currentPhase = window;
    const began = performance.now();
    const endsAt = began + spec.seconds * 1000;
    if (spec.mode === 'open') {
      // Paced by the clock, not by acknowledgements: a slow server shows up as latency, not as a lower offer.
      const messagesPerMs = spec.ratePerS / start.payloadReadings / 1000;
      let sent = 0;
      let gateway = 0;
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now();
          const due = Math.floor((Math.min(now, endsAt) - began) * messagesPerMs);
          while (sent < due) {
            const intendedAt = began + sent / messagesPerMs;
            publish(gateway, phase, intendedAt);
            gateway = (gateway + 1) % streams.length;
            sent++;
          }
          if (now >= endsAt) resolve();
          else setTimeout(tick, 2);
        };
        tick();
      });
    } else {
      // Closed loop: every gateway keeps N messages outstanding; throughput is whatever the server commits.
      await new Promise<void>((resolve) => {
        let open = 0;
        const send = (index: number) => {
          if (performance.now() >= endsAt) {
            if (--open === 0) resolve();
            return;
          }
          publish(index, phase, performance.now(), () => send(index));
        };
        for (let index = 0; index < streams.length; index++) {
          for (let k = 0; k < spec.inflightPerGateway; k++) {
            open++;
            send(index);
          }
        }
        // A phase ends by the clock even when acknowledgements stall (the loops above then end late).
        setTimeout(resolve, spec.seconds * 1000 + start.drainTimeoutMs).unref();
      });
    }
    phase.windowSeconds = (performance.now() - began) / 1000;
    phase.ackedReadingsInWindow = window.ackedInWindow;
    const cpu = process.cpuUsage(cpuBefore);
    phase.cpuCores = (cpu.user + cpu.system) / 1e6 / phase.windowSeconds;
  }
  currentPhase = undefined;
  process.send?.({ type: 'phase', name: 'drain' } satisfies PhaseEvent);
  const drainStarted = performance.now();
  while (outstanding > 0 && performance.now() - drainStarted < start.drainTimeoutMs) await new Promise((resolve) => setTimeout(resolve, 20));
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  await Promise.all(clients.map((c) => c.endAsync(outstanding > 0)));

  // The first reading of each meter only sets its register state; energy is counted from there on.
  const expectedEnergy = streams.reduce((sum, s) => sum + s.gateway.meters.reduce((acc, m, i) => acc + (s.firstSent ? m.register - s.firstSent[i]! : 0), 0), 0);
  return {
    type: 'result',
    phases: results,
    sentReadings,
    ackedReadings,
    drainSeconds,
    reconnects,
    closes,
    publishErrors,
    expectedEnergy,
    lastTs: Math.max(...streams.map((s) => s.lastTs)),
    minutesPerMessage,
    ackedMessages: streams.map((s) => s.acked),
  };
}

process.once('message', (message: StartMessage) => {
  run(message).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error('publisher failed:', error);
      process.exit(1);
    },
  );
});
// Never outlive the run that forked us.
process.on('disconnect', () => process.exit(0));
