import type { Socket } from 'node:net';

/** A CONNECT carries a client id, a user name, a password and perhaps a will: far less than this. */
export const MAX_CONNECT_BYTES = 64 * 1024;

export interface PacketLimits {
  /** Largest packet, fixed header included, once logged in (MQTT_MAX_PACKET_BYTES). */
  maxPacketBytes: number;
  /** How long the connection has to log in (MQTT_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
}

const CONNECT = 1;
const PACKET_NAMES = [
  'reserved',
  'CONNECT',
  'CONNACK',
  'PUBLISH',
  'PUBACK',
  'PUBREC',
  'PUBREL',
  'PUBCOMP',
  'SUBSCRIBE',
  'SUBACK',
  'UNSUBSCRIBE',
  'UNSUBACK',
  'PINGREQ',
  'PINGRESP',
  'DISCONNECT',
  'AUTH',
];

/**
 * Watches the bytes of one MQTT connection before aedes parses them, and closes the connection when a
 * packet is too large or the client does not log in in time.
 *
 * aedes' parser (mqtt-packet) has no size limit: it buffers a packet until its declared length has
 * arrived, up to the 256 MB the format allows, and it does so before the client has authenticated. The
 * guard reads only each packet's fixed header (type and remaining length) and counts past the body, so
 * the decision is taken from the header, before the body is buffered anywhere. Before login the first
 * packet must be a CONNECT of at most MAX_CONNECT_BYTES, and no more than one CONNECT and one packet
 * of the largest size may arrive while the login is checked.
 */
export class PacketGuard {
  private typeByte = -1;
  private length = 0;
  private lengthBytes = 0;
  private skip = 0;
  private packets = 0;
  private preLoginBytes = 0;
  private loggedIn = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly socket: Socket,
    private readonly limits: PacketLimits,
    private readonly onRefused: (reason: string) => void,
  ) {
    const read = socket.read.bind(socket);
    socket.read = ((size?: number) => {
      const chunk = read(size) as Buffer | string | null;
      if (chunk === null || socket.destroyed) return chunk;
      const problem = this.inspect(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (problem === null) return chunk;
      this.refuse(problem);
      return null;
    }) as Socket['read'];
    this.timer = setTimeout(() => this.refuse(`no CONNECT within ${limits.connectTimeoutMs} ms`), limits.connectTimeoutMs);
    this.timer.unref();
    socket.once('close', () => clearTimeout(this.timer));
  }

  /** The client's CONNECT was accepted: the login window and the pre-login allowance no longer apply. */
  authenticated(): void {
    this.loggedIn = true;
    clearTimeout(this.timer);
  }

  private refuse(reason: string): void {
    clearTimeout(this.timer);
    if (this.socket.destroyed) return;
    this.socket.destroy();
    this.onRefused(reason);
  }

  /** Follows the packet boundaries through one chunk; returns why the connection must close, or null. */
  private inspect(chunk: Buffer): string | null {
    if (!this.loggedIn) {
      this.preLoginBytes += chunk.length;
      if (this.preLoginBytes > MAX_CONNECT_BYTES + this.limits.maxPacketBytes) return 'too much data before login';
    }
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      const byte = chunk[i++]!;
      if (this.typeByte < 0) {
        this.typeByte = byte;
        this.length = 0;
        this.lengthBytes = 0;
        if (this.packets === 0 && byte >> 4 !== CONNECT) return 'the first packet must be a CONNECT';
        continue;
      }
      // Remaining length: up to four bytes, seven bits each, least significant first (MQTT 3.1.1 §2.2.3).
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes++;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return 'malformed remaining length';
        continue;
      }
      const type = this.typeByte >> 4;
      const size = 1 + this.lengthBytes + this.length;
      if (type === CONNECT && size > MAX_CONNECT_BYTES) return `a CONNECT of ${size} bytes is larger than ${MAX_CONNECT_BYTES} (logins are small)`;
      if (size > this.limits.maxPacketBytes)
        return `a ${PACKET_NAMES[type]} of ${size} bytes is larger than MQTT_MAX_PACKET_BYTES (${this.limits.maxPacketBytes})`;
      this.packets++;
      this.skip = this.length;
      this.typeByte = -1;
    }
    // The login window is the client's to meet: once its CONNECT is in, the rest (checking the password) is ours.
    const connectIn = this.packets > 1 || (this.packets === 1 && this.skip === 0);
    if (connectIn) clearTimeout(this.timer);
    return null;
  }
}
