import type { AuthContext } from '../auth/authService';

/** Whose data a room carries: one user's tree, or everything (admins, or channels that do not depend on the user). */
export interface RoomScope {
  userId: number | null;
}

export interface ChannelSubscription {
  channel: string;
  auth: AuthContext;
  afterId: number | undefined;
}

/** What a subscriber receives right after joining: messages in order, and the channel's cursor (alarms:new). */
export interface ChannelSnapshot {
  messages: unknown[];
  cursor?: number;
}

/**
 * Where providers send deltas; rooms are the hub's socket.io rooms that have at least one subscriber IN THIS PROCESS.
 * `publish` reaches this process's members only: with several processes each one computes its own rooms from its
 * own events and those the others relay (README.md). `broadcast` reaches the members on every process.
 */
export interface ChannelPublisher {
  publish(room: string, channel: string, data: unknown): void;
  broadcast?(room: string, channel: string, data: unknown): void;
  activeRooms(provider: ChannelProvider): readonly ActiveRoom[];
  hasRoom(room: string): boolean;
}

export interface ActiveRoom {
  room: string;
  channel: string;
  scope: RoomScope;
}

/** A family of channels (`alarms:counts`, `meter:<id>:latest`): who may join which room, and the snapshot. */
export interface ChannelProvider {
  readonly name: string;
  matches(channel: string): boolean;
  /** The room to join; throws ChannelRefusal when the user may not see the channel. */
  join(subscription: ChannelSubscription): Promise<{ room: string; scope: RoomScope }>;
  snapshot(subscription: ChannelSubscription, scope: RoomScope): Promise<ChannelSnapshot>;
  /** Starts listening to its sources; the returned disposer stops it (hub close). */
  start(publisher: ChannelPublisher): () => void;
  /** The last subscriber of a room left. */
  released?(room: string): void;
}

/** The user may not see this channel (or it does not exist): sent as `channel:error`, the socket stays. */
export class ChannelRefusal extends Error {}

/** Rooms scoped per user: admins share one room, others get their own. */
export function scopedRoom(channel: string, auth: AuthContext): { room: string; scope: RoomScope } {
  return auth.isAdmin ? { room: `${channel}#all`, scope: { userId: null } } : { room: `${channel}#user:${auth.user.id}`, scope: { userId: auth.user.id } };
}
