import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { AuthService, AuthContext } from '../auth/authService';
import { AppError } from '../http/appError';
import { CHANNEL_ERROR, type ChannelError } from '@shared/realtime/protocol';
import { DISPLAY_SELF_CHANNEL } from '@shared/board/channels';
import { ErrorCode, errorInfo } from '@shared/errors';
import { localOnly, redisClusterEvents, type ClusterEvents } from '../redis/clusterEvents';
import type { RedisLink } from '../redis/redisLink';

export interface Realtime {
  io: Server;
  /** Closes every socket opened with a session's token (logout, revocation). */
  disconnectSession(sessionId: string): void;
  /** Tells a display's sockets it was revoked (channel:error with DISPLAY_REVOKED), then closes them. */
  disconnectDisplay(displayId: number): void;
  /** The displays among `ids` with a socket connected now (any process sharing the adapter). */
  onlineDisplays(ids: readonly number[]): Promise<Set<number>>;
  /** Source events the other processes' channels must hear (server/redis/clusterEvents); a no-op for one process. */
  cluster: ClusterEvents;
  close(): Promise<void>;
}

export interface SocketData {
  auth: AuthContext;
}

/** The socket.io room of every socket opened with a display's token. */
export const displayRoom = (displayId: number): string => `display:${displayId}`;

/** The token comes as the `token` query parameter (spec §7) or in the handshake auth payload. */
export function handshakeToken(socket: Socket): string | undefined {
  const fromQuery = socket.handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof fromAuth === 'string' && fromAuth ? fromAuth : undefined;
}

/**
 * socket.io on the API's port. A connection without a valid token is refused with the same codes as
 * HTTP (err.data = {code, message}). Channels and their rooms are the ChannelHub's (channels.ts).
 * With `redis` (REDIS_URL), rooms span every process through socket.io's Redis streams adapter: an emit to a room,
 * disconnectSockets and fetchSockets reach the sockets of every process (see README.md).
 */
export function attachRealtime(
  server: HttpServer,
  auth: AuthService,
  redis: RedisLink | null = null,
  onError: (error: unknown) => void = () => undefined,
): Realtime {
  const io = new Server(server, { serveClient: false, cors: { origin: false } });
  if (redis) {
    const stream = redis.key('socket.io');
    io.adapter(createAdapter(redis.client, { streamName: stream, channelPrefix: stream, sessionKeyPrefix: redis.key('sio:session:') }));
  }
  const cluster = redis ? redisClusterEvents(redis, onError) : localOnly;

  io.use(async (socket, next) => {
    try {
      const token = handshakeToken(socket);
      if (!token) throw new AppError('TOKEN_MISSING');
      const context = await auth.authenticate(token);
      (socket.data as SocketData).auth = context;
      next();
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('INTERNAL');
      const refusal = new Error(appError.message) as Error & { data: unknown };
      refusal.data = { code: appError.code, message: appError.message };
      next(refusal);
    }
  });

  io.on('connection', (socket) => {
    const { auth: context } = socket.data as SocketData;
    // A wall is not its owner: it stays out of the owner's user room.
    void socket.join(
      context.display ? [`session:${context.sessionId}`, displayRoom(context.display.id)] : [`session:${context.sessionId}`, `user:${context.user.id}`],
    );
  });

  const revoked: ChannelError = { channel: DISPLAY_SELF_CHANNEL, message: errorInfo.DISPLAY_REVOKED.message, code: ErrorCode.DISPLAY_REVOKED };

  return {
    io,
    disconnectSession: (sessionId) => io.in(`session:${sessionId}`).disconnectSockets(true),
    disconnectDisplay: (displayId) => {
      // The reason goes first, so the wall shows "display revoked" rather than a generic "session ended".
      io.to(displayRoom(displayId)).emit(CHANNEL_ERROR, revoked);
      io.in(displayRoom(displayId)).disconnectSockets(true);
    },
    onlineDisplays: async (ids) => {
      // Without Redis the other processes cannot answer: say what this process knows rather than fail the list.
      const sockets = (room: string) =>
        io
          .in(room)
          .fetchSockets()
          .catch(() => io.local.in(room).fetchSockets());
      const counts = await Promise.all(ids.map(async (id) => ({ id, online: (await sockets(displayRoom(id))).length > 0 })));
      return new Set(counts.filter((entry) => entry.online).map((entry) => entry.id));
    },
    cluster,
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await cluster.close();
      await redis?.close();
    },
  };
}
