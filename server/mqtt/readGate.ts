import type { Socket } from 'node:net';

/**
 * Stops reading MQTT connections while ingestion is congested, so TCP slows the publishers down.
 *
 * aedes reads a connection's socket again whenever the packets of its last read are handled or new data
 * arrives, so by itself it keeps taking publishes in however far ingestion falls behind (they pile up in
 * memory, then overflow into refusals, reconnects and resends). The gate makes `read()` return nothing
 * while ingestion is congested: the socket's buffer fills, the kernel's window closes, and each
 * publisher blocks on its own send. When ingestion catches up the held sockets are told to read again.
 */
export class ReadGate {
  private readonly held = new Set<Socket>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly congested: () => boolean,
    private readonly recheckMs = 10,
  ) {}

  attach(socket: Socket): void {
    const read = socket.read.bind(socket);
    socket.read = ((size?: number) => {
      if (this.congested()) {
        this.hold(socket);
        return null;
      }
      return read(size);
    }) as Socket['read'];
    socket.once('close', () => this.held.delete(socket));
  }

  /** Connections currently held back. */
  get holding(): number {
    return this.held.size;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private hold(socket: Socket): void {
    this.held.add(socket);
    this.timer ??= setInterval(() => this.release(), this.recheckMs);
  }

  private release(): void {
    if (this.congested()) return;
    this.stop();
    const sockets = [...this.held];
    this.held.clear();
    // The data already buffered raised no new 'readable' while held: raise it, or they would stall.
    for (const socket of sockets) if (!socket.destroyed) socket.emit('readable');
  }
}
