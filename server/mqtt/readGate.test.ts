import { createConnection, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadGate } from './readGate';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A loopback connection whose server side is read the way aedes reads it: `read(null)` on 'readable'. */
async function connectedPair(gate: ReadGate) {
  const received: string[] = [];
  const server = createServer((socket) => {
    gate.attach(socket);
    socket.on('readable', () => {
      let chunk: Buffer | null;
      while ((chunk = socket.read() as Buffer | null) !== null) received.push(chunk.toString());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const client: Socket = await new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => resolve(socket));
  });
  cleanups.push(() => {
    client.destroy();
    server.close();
    gate.stop();
  });
  return { client, received };
}

const settle = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MQTT read gate', () => {
  it('reads nothing from a connection while ingestion is congested, then everything once it clears', async () => {
    let congested = false;
    const gate = new ReadGate(() => congested, 5);
    const { client, received } = await connectedPair(gate);
    client.write('first');
    await settle();
    expect(received.join('')).toBe('first');

    congested = true;
    client.write('second');
    await settle();
    expect(received.join('')).toBe('first');
    expect(gate.holding).toBe(1);

    congested = false;
    await settle();
    expect(received.join('')).toBe('firstsecond');
    expect(gate.holding).toBe(0);
  });
});
