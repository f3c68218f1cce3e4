import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AuthService, AuthContext } from '../auth/authService';
import { AppError } from '../http/appError';

export interface Realtime {
  io: Server;
  /** Closes every socket opened with a session's token (logout, revocation). */
  disconnectSession(sessionId: string): void;
  close(): Promise<void>;
}

export interface SocketData {
  auth: AuthContext;
}

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
 */
export function attachRealtime(server: HttpServer, auth: AuthService): Realtime {
  const io = new Server(server, { serveClient: false, cors: { origin: false } });

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
    void socket.join([`session:${context.sessionId}`, `user:${context.user.id}`]);
  });

  return {
    io,
    disconnectSession: (sessionId) => io.in(`session:${sessionId}`).disconnectSockets(true),
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
