import type { Server, Socket } from 'socket.io';
import { CHANNEL_DATA, CHANNEL_ERROR, SUBSCRIBE, UNSUBSCRIBE, type ChannelError, type SubscribeAck } from '@shared/realtime/protocol';
import type { AuthService } from '../auth/authService';
import { AppError } from '../http/appError';
import { ChannelRefusal, type ActiveRoom, type ChannelProvider, type ChannelPublisher, type ChannelSubscription, type RoomScope } from './channelProvider';
import { handshakeToken, type SocketData } from './socketServer';

interface RoomState extends ActiveRoom {
  provider: ChannelProvider;
  members: Set<string>;
}

type Ack = (answer: SubscribeAck) => void;
const noAck: Ack = () => undefined;

/**
 * Channels over socket.io rooms: a subscriber joins the provider's room for the channel, gets the
 * snapshot, then whatever the provider publishes to that room. Rooms with no member left are released.
 */
export class ChannelHub implements ChannelPublisher {
  private readonly rooms = new Map<string, RoomState>();
  /** The same rooms per provider, so a source event only walks its own rooms. */
  private readonly roomsByProvider = new Map<ChannelProvider, RoomState[]>();
  /** Per socket: channel → room it joined for it. */
  private readonly joined = new Map<string, Map<string, string>>();
  private readonly stops: (() => void)[];
  private readonly providers: ChannelProvider[];

  constructor(
    private readonly io: Server,
    private readonly auth: AuthService,
    providers: readonly ChannelProvider[],
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.providers = [...providers];
    this.stops = providers.map((provider) => provider.start(this));
    io.on('connection', (socket) => this.attach(socket));
  }

  /**
   * To this process's members of the room. Each process computes its own rooms' messages (from its own events and
   * those ClusterEvents brings from the others), so a cluster-wide emit would hand a socket one copy per process.
   */
  publish(room: string, channel: string, data: unknown): void {
    this.io.local.to(room).emit(CHANNEL_DATA, { channel, data });
  }

  /** To the room's members on every process (through the adapter): a message that exists once, like a console's command. */
  broadcast(room: string, channel: string, data: unknown): void {
    this.io.to(room).emit(CHANNEL_DATA, { channel, data });
  }

  activeRooms(provider: ChannelProvider): readonly ActiveRoom[] {
    return this.roomsByProvider.get(provider) ?? [];
  }

  hasRoom(room: string): boolean {
    return this.rooms.has(room);
  }

  /** A module adds its own channel family (boards, displays, energy figures) when it registers. */
  addProvider(provider: ChannelProvider): void {
    if (this.providers.some((existing) => existing.name === provider.name)) throw new Error(`Channel provider "${provider.name}" is added twice`);
    this.providers.push(provider);
    this.stops.push(provider.start(this));
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private attach(socket: Socket): void {
    this.joined.set(socket.id, new Map());
    socket.on(SUBSCRIBE, (request: unknown, ack?: unknown) => void this.subscribe(socket, request, typeof ack === 'function' ? (ack as Ack) : noAck));
    socket.on(UNSUBSCRIBE, (request: unknown, ack?: unknown) => {
      const channel = (request as { channel?: unknown } | null)?.channel;
      if (typeof channel === 'string') this.leave(socket, channel);
      if (typeof ack === 'function') (ack as Ack)({ ok: true });
    });
    socket.on('disconnect', () => {
      for (const channel of [...(this.joined.get(socket.id)?.keys() ?? [])]) this.leave(socket, channel);
      this.joined.delete(socket.id);
    });
  }

  private async subscribe(socket: Socket, request: unknown, ack: Ack): Promise<void> {
    const { channel, afterId } = (request ?? {}) as { channel?: unknown; afterId?: unknown };
    if (typeof channel !== 'string' || channel.length > 640)
      return this.refuse(socket, ack, { channel: String(channel), message: 'channel must be a string of at most 640 characters' });
    if (afterId !== undefined && (typeof afterId !== 'number' || !Number.isSafeInteger(afterId) || afterId < 0)) {
      return this.refuse(socket, ack, { channel, message: 'afterId must be a whole number ≥ 0' });
    }
    // The session may have been revoked or disabled since the handshake: check it again on every subscribe.
    let subscription: ChannelSubscription;
    try {
      subscription = { channel, afterId, auth: await this.auth.authenticate(handshakeToken(socket) ?? '') };
      (socket.data as SocketData).auth = subscription.auth;
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('TOKEN_INVALID');
      this.refuse(socket, ack, { channel, message: appError.message, code: appError.code });
      socket.disconnect(true);
      return;
    }
    const provider = this.providers.find((candidate) => candidate.matches(channel));
    if (!provider) return this.refuse(socket, ack, { channel, message: `Unknown channel "${channel}"` });
    try {
      const { room, scope } = await provider.join(subscription);
      if (!socket.connected) return;
      this.enter(socket, provider, channel, room, scope);
      const snapshot = await provider.snapshot(subscription, scope);
      for (const data of snapshot.messages) socket.emit(CHANNEL_DATA, { channel, data });
      ack(snapshot.cursor === undefined ? { ok: true } : { ok: true, cursor: snapshot.cursor });
    } catch (error) {
      if (!(error instanceof ChannelRefusal)) this.onError(error);
      this.refuse(socket, ack, { channel, message: error instanceof ChannelRefusal ? error.message : 'The channel failed, try again later' });
    }
  }

  private refuse(socket: Socket, ack: Ack, error: ChannelError): void {
    socket.emit(CHANNEL_ERROR, error);
    ack({ ok: false, message: error.message, ...(error.code === undefined ? {} : { code: error.code }) });
  }

  private enter(socket: Socket, provider: ChannelProvider, channel: string, room: string, scope: RoomScope): void {
    const channels = this.joined.get(socket.id);
    if (!channels) return;
    const previous = channels.get(channel);
    if (previous === room) return; // subscribing again only resends the snapshot
    if (previous) this.leave(socket, channel);
    channels.set(channel, room);
    void socket.join(room);
    let state = this.rooms.get(room);
    if (!state) {
      state = { room, channel, scope, provider, members: new Set<string>() };
      this.rooms.set(room, state);
      this.roomsByProvider.set(provider, [...(this.roomsByProvider.get(provider) ?? []), state]);
    }
    state.members.add(socket.id);
  }

  private leave(socket: Socket, channel: string): void {
    const channels = this.joined.get(socket.id);
    const room = channels?.get(channel);
    if (!channels || !room) return;
    channels.delete(channel);
    void socket.leave(room);
    const state = this.rooms.get(room);
    if (!state) return;
    state.members.delete(socket.id);
    if (state.members.size > 0) return;
    this.rooms.delete(room);
    this.roomsByProvider.set(
      state.provider,
      (this.roomsByProvider.get(state.provider) ?? []).filter((other) => other !== state),
    );
    state.provider.released?.(room);
  }
}
