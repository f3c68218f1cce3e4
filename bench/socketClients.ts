// The client side of bench/socketFanout.ts, in processes of their own (forked by the bench) so thousands
// of sockets neither share the server's event loop nor one client loop. Each socket is its own socket.io
// connection (forceNew: no multiplexing), websocket transport, the token in the handshake query (spec §7),
// subscribed to one `meter:<id>:latest` channel. Latency = receive time − the reading's ts (its send time).
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { CHANNEL_DATA, SUBSCRIBE, type ChannelData, type MeterLatestValues, type SubscribeAck } from '../shared/realtime/protocol';

export interface ClientsStart {
  type: 'start';
  url: string;
  token: string;
  /** One channel per socket. */
  channels: string[];
  connectPerSecond: number;
  connectTimeoutMs: number;
}

export type ToClients = ClientsStart | { type: 'measure'; from: number } | { type: 'collect'; to: number };

export interface ClientsConnected {
  type: 'connected';
  connected: number;
  subscribed: number;
  failures: string[];
  /** Handshakes that failed and were tried again (or given up). */
  connectErrors: number;
  /** Per socket (same order as the channels): whether it ended up subscribed. */
  isSubscribed: boolean[];
  /** From the first connect to the last socket settled (subscribed or failed). */
  seconds: number;
}

export interface ClientsCollected {
  type: 'collected';
  /** Delivery latency (ms) of every message whose reading ts lies in [from, to]. */
  latencies: number[];
  /** Per socket (same order as the channels): messages received in the window. */
  perSocket: number[];
  /** Disconnections of subscribed sockets during the run (each reconnects and subscribes again). */
  disconnects: number;
  /** CPU this process used from `measure` to `collect`, in cores. */
  cpuCores: number;
}

async function connectAll(
  start: ClientsStart,
  onMessage: (index: number, latest: MeterLatestValues) => void,
  onDisconnect: () => void,
): Promise<{ sockets: Socket[]; connected: ClientsConnected }> {
  const sockets: Socket[] = [];
  const failures: string[] = [];
  let connected = 0;
  let subscribed = 0;
  let connectErrors = 0;
  const isSubscribed = new Array<boolean>(start.channels.length).fill(false);
  const settled: Promise<void>[] = [];
  const began = performance.now();
  for (let index = 0; index < start.channels.length; index++) {
    // Paced: the handshakes (token + session check each) arrive at connectPerSecond, not all at once.
    const due = began + (index * 1000) / start.connectPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const channel = start.channels[index]!;
    // Reconnecting as the console's client does (a refused or reset handshake is tried again), bounded.
    const socket = io(start.url, {
      query: { token: start.token },
      transports: ['websocket'],
      forceNew: true,
      reconnectionAttempts: 10,
      reconnectionDelay: 1_000,
      timeout: start.connectTimeoutMs,
    });
    sockets.push(socket);
    socket.on('connect_error', () => connectErrors++);
    socket.on('disconnect', () => isSubscribed[index] && onDisconnect());
    settled.push(
      new Promise<void>((resolve) => {
        // A socket that fails is closed: it neither counts nor receives later.
        const fail = (reason: string) => {
          clearTimeout(timer);
          if (isSubscribed[index]) return;
          socket.close();
          failures.push(`${channel}: ${reason}`);
          resolve();
        };
        const timer = setTimeout(() => fail(`no subscription within ${start.connectTimeoutMs} ms`), start.connectTimeoutMs);
        socket.io.once('reconnect_failed', () => fail('gave up after 10 reconnection attempts'));
        // Every (re)connection subscribes: the server forgets a socket's rooms when it goes.
        let everConnected = false;
        socket.on('connect', () => {
          if (!everConnected) connected++;
          everConnected = true;
          socket.emit(SUBSCRIBE, { channel }, (ack: SubscribeAck) => {
            if (!ack.ok) return fail(`subscribe refused: ${ack.message}`);
            if (isSubscribed[index]) return;
            clearTimeout(timer);
            isSubscribed[index] = true;
            subscribed++;
            resolve();
          });
        });
        socket.on(CHANNEL_DATA, (message: ChannelData<MeterLatestValues>) => onMessage(index, message.data));
      }),
    );
  }
  await Promise.all(settled);
  return {
    sockets,
    connected: {
      type: 'connected',
      connected,
      subscribed,
      failures: failures.slice(0, 20),
      connectErrors,
      isSubscribed,
      seconds: (performance.now() - began) / 1000,
    },
  };
}

process.once('message', (start: ClientsStart) => {
  let from = Number.POSITIVE_INFINITY;
  let cpuAtMeasure = process.cpuUsage();
  let measuredAt = performance.now();
  let disconnects = 0;
  const perSocket = new Array<number>(start.channels.length).fill(0);
  const received: { index: number; ts: number; latency: number }[] = [];
  const onMessage = (index: number, latest: MeterLatestValues) => {
    const now = Date.now();
    if (latest.ts < from) return; // the snapshot and the warm-up
    received.push({ index, ts: latest.ts, latency: now - latest.ts });
  };
  connectAll(start, onMessage, () => disconnects++).then(
    ({ sockets, connected }) => {
      process.send?.(connected);
      process.on('message', (message: ToClients) => {
        if (message.type === 'measure') {
          from = message.from;
          cpuAtMeasure = process.cpuUsage();
          measuredAt = performance.now();
        } else if (message.type === 'collect') {
          const cpu = process.cpuUsage(cpuAtMeasure);
          const inWindow = received.filter((r) => r.ts <= message.to);
          for (const r of inWindow) perSocket[r.index]!++;
          const result: ClientsCollected = {
            type: 'collected',
            latencies: inWindow.map((r) => r.latency),
            perSocket,
            disconnects,
            cpuCores: (cpu.user + cpu.system) / 1000 / (performance.now() - measuredAt),
          };
          for (const socket of sockets) socket.close();
          process.send?.(result, () => process.exit(0));
        }
      });
    },
    (error: unknown) => {
      console.error('socket clients failed:', error);
      process.exit(1);
    },
  );
});
// Never outlive the bench that forked us.
process.on('disconnect', () => process.exit(0));
